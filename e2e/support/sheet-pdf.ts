import { PDFDocument, rgb } from 'pdf-lib';

/** A plain A3 landscape sheet with one rectangle: a drawing the viewer and the report can show. */
export async function sheetPdf() {
  const doc = await PDFDocument.create();
  const page = doc.addPage([1191, 842]);
  page.drawRectangle({ x: 300, y: 200, width: 500, height: 400, borderWidth: 3, borderColor: rgb(0, 0, 0) });
  return Buffer.from(await doc.save());
}
