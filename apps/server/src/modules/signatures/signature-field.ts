import { readFile } from 'node:fs/promises';
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFString,
  beginText,
  closePath,
  concatTransformationMatrix,
  drawEllipse,
  endText,
  fill,
  lineTo,
  moveTo,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  rgb,
  setFillingRgbColor,
  setFontAndSize,
  setLineWidth,
  setStrokingRgbColor,
  showText,
  stroke,
  type PDFFont,
  type PDFOperator,
  type PDFRef,
} from '@cantoo/pdf-lib';
import * as fontkit from 'fontkit';
import { DEFAULT_BYTE_RANGE_PLACEHOLDER } from '@signpdf/utils';
import { SANS_BOLD } from '../../lib/pdf-fonts.js';

/**
 * Adds one signature field, with its visible seal, to a PDF as an incremental update (everything
 * before stays byte for byte, so earlier signatures stay valid), leaving the /ByteRange and
 * /Contents placeholders @signpdf/signpdf fills. The stock @signpdf placeholders cannot do this:
 * one hard-codes the field name and writes Chinese through PDFString, the other always uses page 1,
 * and neither draws an appearance (review-outputs.md §2.3).
 */

/** Room for the CMS: a 2 kB chain of two RSA certificates and a signature is about 2.7 kB; with a
 *  timestamp token carrying the TSA's certificate and root, 5.5 kB (sign-pdf.test.ts). The rest
 *  leaves room for a provincial CA's longer chain and a TSA's intermediates. Hex, so the
 *  placeholder is twice this. */
export const SIGNATURE_BYTES = 16_384;

export type SealKind = 'PERSON' | 'AGENCY';

export interface FieldRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface SignatureFieldOptions {
  /** Unique in the document: 审查人员签名（建筑）, 审查机构电子印章 … */
  fieldName: string;
  /** Zero-based page. */
  page: number;
  /**
   * Lower-left corner and size, in points of the unrotated page; or where on a page of this
   * visible box (a drawing sheet's size is known only once it is read).
   */
  rect: FieldRect | ((box: FieldRect) => FieldRect);
  seal: { kind: SealKind; name: string; caption: string };
  reason: string;
  location: string;
  signerName: string;
  signingTime: Date;
}

const RED = rgb(0.8, 0.08, 0.08);
let fontBytes: Promise<Buffer> | null = null;

/** A PDF date, D:YYYYMMDDHHmmSS+08'00', in China time as the documents are. */
export function pdfDate(date: Date): string {
  const china = new Date(date.getTime() + 8 * 3600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return (
    `D:${china.getUTCFullYear()}${pad(china.getUTCMonth() + 1)}${pad(china.getUTCDate())}` +
    `${pad(china.getUTCHours())}${pad(china.getUTCMinutes())}${pad(china.getUTCSeconds())}+08'00'`
  );
}

function glyphs(font: PDFFont, fontName: string, text: string, size: number, x: number, y: number, angle = 0): PDFOperator[] {
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  return [
    pushGraphicsState(),
    concatTransformationMatrix(cos, sin, -sin, cos, x, y),
    beginText(),
    setFontAndSize(fontName, size),
    showText(font.encodeText(text)),
    endText(),
    popGraphicsState(),
  ];
}

/** A five-pointed star, the centre of an agency's round seal. */
function star(cx: number, cy: number, r: number): PDFOperator[] {
  const ops: PDFOperator[] = [];
  for (let i = 0; i < 10; i++) {
    const radius = i % 2 === 0 ? r : r * 0.382;
    const a = Math.PI / 2 + (i * Math.PI) / 5;
    const x = cx + radius * Math.cos(a);
    const y = cy + radius * Math.sin(a);
    ops.push(i === 0 ? moveTo(x, y) : lineTo(x, y));
  }
  return [...ops, closePath(), fill()];
}

/**
 * The appearance: an agency's round red seal (name along the upper arc, a star, the seal's purpose
 * below), or a person's square seal (name and 印 in columns read right to left), with the caption
 * (who, when) under it in small type. Drawn as vector paths and a subset of Noto Sans SC, so it
 * prints sharp at any size and adds a few kB, not a seal bitmap's tens.
 */
function sealOperators(font: PDFFont, fontName: string, width: number, height: number, seal: SignatureFieldOptions['seal']) {
  const captionSize = Math.min(7, width / Math.max(8, seal.caption.length));
  const size = Math.min(width, height - captionSize * 2.2);
  const cx = width / 2;
  const cy = height - size / 2;
  const ops: PDFOperator[] = [pushGraphicsState(), setStrokingRgbColor(RED.red, RED.green, RED.blue), setFillingRgbColor(RED.red, RED.green, RED.blue)];
  if (seal.kind === 'AGENCY') {
    const r = size / 2 - 1.5;
    ops.push(...drawEllipse({ x: cx, y: cy, xScale: r, yScale: r, color: undefined, borderColor: RED, borderWidth: Math.max(1.5, r / 25) }));
    ops.push(setFillingRgbColor(RED.red, RED.green, RED.blue));
    ops.push(...star(cx, cy, r * 0.22));
    // The name along the upper arc from about 210° to -30°, each character upright to the centre.
    const chars = [...seal.name];
    const span = Math.min((240 * Math.PI) / 180, chars.length * 0.42);
    const charSize = Math.min(r * 0.26, ((r * 0.78 * span) / Math.max(1, chars.length)) * 0.95);
    chars.forEach((ch, i) => {
      const a = Math.PI / 2 + span / 2 - (span * (i + 0.5)) / chars.length;
      const rr = r * 0.74;
      const x = cx + rr * Math.cos(a);
      const y = cy + rr * Math.sin(a);
      const rot = a - Math.PI / 2;
      // Centre the glyph on its point: move back half a glyph along its baseline and down a third.
      const dx = -charSize / 2;
      const dy = -charSize / 3;
      ops.push(...glyphs(font, fontName, ch, charSize, x + dx * Math.cos(rot) - dy * Math.sin(rot), y + dx * Math.sin(rot) + dy * Math.cos(rot), rot));
    });
    const purpose = '施工图审查专用章';
    const purposeSize = Math.min(r * 0.17, (r * 1.2) / purpose.length);
    ops.push(...glyphs(font, fontName, purpose, purposeSize, cx - font.widthOfTextAtSize(purpose, purposeSize) / 2, cy - r * 0.55));
  } else {
    const side = size - 2;
    const left = cx - side / 2;
    const bottom = cy - side / 2;
    ops.push(setLineWidth(Math.max(1.2, side / 24)), rectangle(left, bottom, side, side), stroke());
    const text = [...`${seal.name}${seal.name.length <= 2 ? '之印' : '印'}`];
    const columns = Math.ceil(text.length / 2);
    const cell = (side * 0.84) / Math.max(2, columns);
    const charSize = Math.min(cell, side * 0.42);
    // Traditional order: the first column is the rightmost, read top to bottom.
    text.forEach((ch, i) => {
      const column = Math.floor(i / 2);
      const row = i % 2;
      const x = left + side - side * 0.08 - cell * (column + 1) + (cell - charSize) / 2;
      const y = bottom + side - side * 0.08 - charSize * (row + 1) - (side * 0.84 - charSize * 2) / 4 + charSize * 0.12;
      ops.push(...glyphs(font, fontName, ch, charSize, x, y));
    });
  }
  ops.push(popGraphicsState());
  // The caption in dark grey: readable on paper, and it is what a reader's signature panel does not show.
  ops.push(pushGraphicsState(), setFillingRgbColor(0.2, 0.2, 0.2));
  const captionWidth = font.widthOfTextAtSize(seal.caption, captionSize);
  ops.push(...glyphs(font, fontName, seal.caption, captionSize, Math.max(0, (width - captionWidth) / 2), captionSize * 0.4));
  ops.push(popGraphicsState());
  return ops;
}

/** Returns the PDF with the new field and its placeholders, as an incremental update. */
export async function addSignatureField(pdf: Uint8Array, options: SignatureFieldOptions): Promise<Uint8Array> {
  const doc = await PDFDocument.load(pdf, { forIncrementalUpdate: true, updateMetadata: false });
  doc.registerFontkit(fontkit as Parameters<PDFDocument['registerFontkit']>[0]);
  const snapshot = doc.context.snapshot;
  if (!snapshot) throw new Error('addSignatureField: the document was not loaded for an incremental update');
  const page = doc.getPage(options.page);
  const rect = typeof options.rect === 'function' ? options.rect(page.getCropBox()) : options.rect;
  const { width, height } = rect;

  fontBytes ??= readFile(SANS_BOLD);
  const font = await doc.embedFont(await fontBytes, { subset: true });
  const fontName = 'F0';
  const text = options.seal.name + options.seal.caption + '施工图审查专用章之印';
  // The subset must know every glyph before it is written: encode them once now.
  font.encodeText(text);
  const appearance = doc.context.formXObject(sealOperators(font, fontName, width, height, options.seal), {
    BBox: [0, 0, width, height],
    Resources: { Font: { [fontName]: font.ref } },
  });
  const appearanceRef = doc.context.register(appearance);

  const signature = doc.context.obj({
    Type: 'Sig',
    Filter: 'Adobe.PPKLite',
    SubFilter: 'ETSI.CAdES.detached',
    // /ByteRange first: @signpdf/signpdf looks for /Contents after it.
    ByteRange: [0, PDFName.of(DEFAULT_BYTE_RANGE_PLACEHOLDER), PDFName.of(DEFAULT_BYTE_RANGE_PLACEHOLDER), PDFName.of(DEFAULT_BYTE_RANGE_PLACEHOLDER)],
    Contents: PDFHexString.of('0'.repeat(SIGNATURE_BYTES * 2)),
    // UTF-16BE text strings: PDFString.of would write the bytes of Chinese wrongly.
    Reason: PDFHexString.fromText(options.reason),
    Location: PDFHexString.fromText(options.location),
    Name: PDFHexString.fromText(options.signerName),
    M: PDFString.of(pdfDate(options.signingTime)),
  });
  const signatureRef = doc.context.register(signature);

  const widget = doc.context.obj({
    Type: 'Annot',
    Subtype: 'Widget',
    FT: 'Sig',
    Rect: [rect.x, rect.y, rect.x + width, rect.y + height],
    V: signatureRef,
    T: PDFHexString.fromText(options.fieldName),
    // Print (4) and Locked (128): the seal prints and a reader cannot move it.
    F: 132,
    P: page.ref,
    AP: { N: appearanceRef },
  });
  const widgetRef = doc.context.register(widget);

  // The page's /Annots and the catalog's /AcroForm change: both are written again in the update.
  const annots = page.node.Annots();
  if (annots) {
    annots.push(widgetRef);
    const annotsRef = page.node.get(PDFName.of('Annots'));
    if (annotsRef && 'objectNumber' in annotsRef) snapshot.markRefForSave(annotsRef as PDFRef);
  } else {
    page.node.set(PDFName.of('Annots'), doc.context.obj([widgetRef]));
  }
  snapshot.markRefForSave(page.ref);

  const catalog = doc.catalog;
  const existing = catalog.lookupMaybe(PDFName.of('AcroForm'), PDFDict);
  if (existing) {
    const fields = existing.lookupMaybe(PDFName.of('Fields'), PDFArray);
    if (fields) fields.push(widgetRef);
    else existing.set(PDFName.of('Fields'), doc.context.obj([widgetRef]));
    existing.set(PDFName.of('SigFlags'), PDFNumber.of(3));
    const acroRef = catalog.get(PDFName.of('AcroForm'));
    if (acroRef && 'objectNumber' in acroRef) snapshot.markRefForSave(acroRef as PDFRef);
    const fieldsRef = existing.get(PDFName.of('Fields'));
    if (fieldsRef && 'objectNumber' in fieldsRef) snapshot.markRefForSave(fieldsRef as PDFRef);
  } else {
    catalog.set(PDFName.of('AcroForm'), doc.context.obj({ Fields: [widgetRef], SigFlags: 3 }));
  }
  snapshot.markRefForSave(doc.context.trailerInfo.Root as PDFRef);

  return doc.commit({ useObjectStreams: false });
}
