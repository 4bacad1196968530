import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFRef,
  PDFStream,
  PDFString,
  ParseSpeeds,
  type PDFObject,
} from 'pdf-lib';

/** What PDFium does not tell: the optional content groups (layers) and whether scripts are inside. */
export interface PdfStructure {
  layers: { id: string; name: string; visible: boolean }[];
  scripts: boolean;
}

const JS = PDFName.of('JS');
const S = PDFName.of('S');
const ACTIVE_ACTIONS = new Set(['/JavaScript', '/Launch']);

/** A dict (or a stream's dict, or any dict nested in it) is or holds a JavaScript or Launch action. */
function holdsScript(object: PDFObject | undefined, depth = 0): boolean {
  if (!object || depth > 32) return false;
  if (object instanceof PDFStream) return holdsScript(object.dict, depth + 1);
  if (object instanceof PDFArray) {
    for (let i = 0; i < object.size(); i += 1) if (holdsScript(object.get(i), depth + 1)) return true;
    return false;
  }
  if (!(object instanceof PDFDict)) return false;
  if (object.has(JS)) return true;
  const kind = object.get(S);
  if (kind instanceof PDFName && ACTIVE_ACTIONS.has(kind.asString())) return true;
  for (const [, value] of object.entries()) if (holdsScript(value, depth + 1)) return true;
  return false;
}

/** pdf.js names a group by its reference the same way (`12R`, `12R3`), so the viewer can match them. */
const refId = (ref: PDFRef) =>
  `${ref.objectNumber}R${ref.generationNumber === 0 ? '' : ref.generationNumber}`;

const textOf = (value: PDFObject | undefined) =>
  value instanceof PDFString || value instanceof PDFHexString ? value.decodeText() : undefined;

function layersOf(doc: PDFDocument): PdfStructure['layers'] {
  const properties = doc.catalog.lookupMaybe(PDFName.of('OCProperties'), PDFDict);
  const groups = properties?.lookupMaybe(PDFName.of('OCGs'), PDFArray);
  if (!properties || !groups) return [];
  const defaults = properties.lookupMaybe(PDFName.of('D'), PDFDict);
  const refsIn = (key: string) => {
    const list = defaults?.lookupMaybe(PDFName.of(key), PDFArray);
    const ids = new Set<string>();
    for (let i = 0; list && i < list.size(); i += 1) {
      const ref = list.get(i);
      if (ref instanceof PDFRef) ids.add(refId(ref));
    }
    return ids;
  };
  const off = refsIn('OFF');
  const on = refsIn('ON');
  const baseOff = defaults?.lookupMaybe(PDFName.of('BaseState'), PDFName)?.asString() === '/OFF';
  const layers: PdfStructure['layers'] = [];
  for (let i = 0; i < groups.size(); i += 1) {
    const ref = groups.get(i);
    if (!(ref instanceof PDFRef)) continue;
    const group = doc.context.lookupMaybe(ref, PDFDict);
    if (!group) continue;
    const id = refId(ref);
    layers.push({
      id,
      name: textOf(group.get(PDFName.of('Name'))) ?? id,
      visible: baseOff ? on.has(id) : !off.has(id),
    });
  }
  return layers;
}

const RAW_MARKERS = ['/JavaScript', '/Launch', '/JS '].map((m) => Buffer.from(m, 'latin1'));

/**
 * Reads the file's structure with pdf-lib. Every object is visited, so an action hidden in an
 * annotation, a page's or the document's additional actions, the open action or the names tree
 * is found alike. A file pdf-lib cannot parse (PDFium could) is searched byte by byte for the
 * action names instead, and shows no layers.
 */
export async function readPdfStructure(bytes: Uint8Array): Promise<PdfStructure> {
  try {
    const doc = await PDFDocument.load(bytes, {
      ignoreEncryption: true,
      updateMetadata: false,
      throwOnInvalidObject: false,
      parseSpeed: ParseSpeeds.Fastest,
    });
    let scripts = false;
    for (const [, object] of doc.context.enumerateIndirectObjects()) {
      if (holdsScript(object)) {
        scripts = true;
        break;
      }
    }
    const names = doc.catalog.lookupMaybe(PDFName.of('Names'), PDFDict);
    if (names?.has(PDFName.of('JavaScript'))) scripts = true;
    return { layers: layersOf(doc), scripts };
  } catch {
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    return { layers: [], scripts: RAW_MARKERS.some((marker) => buffer.includes(marker)) };
  }
}
