import { PDFDocument, PDFHexString, PDFName, PDFString, StandardFonts, degrees, rgb } from 'pdf-lib';
import PDFKit from 'pdfkit';

/**
 * PDFs the sheet tests prepare, made by pdf-lib in the test: a real multi-page set, a heavy
 * sheet, one with layers and one with a script. Not used by the server itself (the viewer's browser
 * test uploads the layered one too).
 */

/** Three pages: an A3 landscape plan with labels, a page turned 90° by /Rotate, an A4 with a crop box. */
export async function drawingSet(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const plan = doc.addPage([1190.55, 841.89]);
  plan.drawText('GROUND FLOOR PLAN', { x: 100, y: 780, size: 24, font });
  plan.drawText('Axis A-1', { x: 300, y: 400, size: 12, font });
  plan.drawRectangle({ x: 200, y: 200, width: 400, height: 300, borderColor: rgb(0, 0, 0), borderWidth: 4 });
  const turned = doc.addPage([841.89, 595.28]);
  turned.setRotation(degrees(90));
  turned.drawRectangle({ x: 0, y: 0, width: 200, height: 100, color: rgb(0, 0, 1) });
  turned.drawText('SECTION 1-1', { x: 400, y: 300, size: 18, font });
  const cropped = doc.addPage([595.28, 841.89]);
  cropped.setCropBox(50, 100, 400, 600);
  cropped.drawText('DETAIL', { x: 100, y: 500, size: 14, font });
  return Buffer.from(await doc.save());
}

/**
 * One A1 page of `paths` short stroked segments, each its own path object; `inForm` puts them all
 * in one form XObject, as CAD exporters often do.
 */
export async function heavySheet(paths: number, options: { inForm?: boolean } = {}): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([2384, 1684]);
  const ops: string[] = ['0 0 0 RG 0.5 w'];
  let seed = 7;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  for (let i = 0; i < paths; i += 1) {
    const x = next() * 2300 + 40;
    const y = next() * 1600 + 40;
    ops.push(`${x.toFixed(1)} ${y.toFixed(1)} m ${(x + 10).toFixed(1)} ${(y + 6).toFixed(1)} l S`);
  }
  if (options.inForm) {
    const form = doc.context.flateStream(ops.join('\n'), {
      Type: 'XObject',
      Subtype: 'Form',
      BBox: [0, 0, 2384, 1684],
    });
    page.node.set(
      PDFName.of('Resources'),
      doc.context.obj({ XObject: { Sheet: doc.context.register(form) } }),
    );
    page.node.set(PDFName.of('Contents'), doc.context.register(doc.context.flateStream('/Sheet Do')));
  } else {
    page.node.set(PDFName.of('Contents'), doc.context.register(doc.context.flateStream(ops.join('\n'))));
  }
  return Buffer.from(await doc.save());
}

/**
 * An A3 sheet with two optional content groups, as CAD exports write their layers: Walls (a thick
 * black frame, shown) and 家具 (a red block, hidden until the reader turns it on). The viewer's
 * browser test counts their pixels.
 */
export async function layeredSheet(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([1191, 842]);
  const walls = doc.context.register(doc.context.obj({ Type: 'OCG', Name: PDFString.of('Walls') }));
  const furniture = doc.context.register(
    doc.context.obj({ Type: 'OCG', Name: PDFHexString.fromText('家具') }),
  );
  doc.catalog.set(
    PDFName.of('OCProperties'),
    doc.context.obj({ OCGs: [walls, furniture], D: { Order: [walls, furniture], OFF: [furniture] } }),
  );
  page.node.set(PDFName.of('Resources'), doc.context.obj({ Properties: { W: walls, F: furniture } }));
  const ops =
    '/OC /W BDC 0 0 0 RG 12 w 100 100 991 642 re S EMC ' +
    '/OC /F BDC 0.9 0.1 0.1 rg 400 250 390 340 re f EMC';
  page.node.set(PDFName.of('Contents'), doc.context.register(doc.context.flateStream(ops)));
  return Buffer.from(await doc.save());
}

/** A sheet that runs JavaScript when opened. */
export async function scriptedSheet(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([600, 400]).drawRectangle({ x: 10, y: 10, width: 50, height: 50, color: rgb(0, 0, 0) });
  doc.catalog.set(
    PDFName.of('OpenAction'),
    doc.context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert(1)') }),
  );
  return Buffer.from(await doc.save());
}

/** A sheet whose link annotation launches a program. */
export async function launchingSheet(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([600, 400]);
  const link = doc.context.register(
    doc.context.obj({
      Type: 'Annot',
      Subtype: 'Link',
      Rect: [10, 10, 100, 40],
      A: { S: 'Launch', F: PDFString.of('calc.exe') },
    }),
  );
  page.node.set(PDFName.of('Annots'), doc.context.obj([link]));
  return Buffer.from(await doc.save());
}

/** A PDF with no pages at all (pdf-lib writes an empty page tree). */
export async function emptyPdf(): Promise<Buffer> {
  return Buffer.from(await (await PDFDocument.create()).save({ addDefaultPage: false }));
}

/** A password-protected PDF (pdfkit encrypts; pdf-lib cannot). */
export async function encryptedPdf(): Promise<Buffer> {
  const doc = new PDFKit({ userPassword: 'secret', ownerPassword: 'owner', pdfVersion: '1.7' });
  doc.text('confidential');
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve) => doc.on('end', resolve));
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

/** Starts as a PDF, but its body is noise. */
export function damagedPdf(): Buffer {
  return Buffer.concat([
    Buffer.from('%PDF-1.7\n'),
    Buffer.alloc(4000, 'x1 0 obj << /Type /Broken'),
    Buffer.from('\n%%EOF\n'),
  ]);
}
