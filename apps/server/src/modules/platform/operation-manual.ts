import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import PDFDocument from 'pdfkit';

const require = createRequire(import.meta.url);
const manualSource = path.resolve(
  import.meta.dirname,
  '..',
  '..',
  '..',
  'src',
  'modules',
  'platform',
  'manual',
  'operation-manual.zh-CN.md',
);

/** Renders the Markdown manual (headings, bullets, paragraphs) into a PDF with an embedded CJK font. */
export async function renderOperationManual(title: string): Promise<Buffer> {
  const [markdown, font] = await Promise.all([
    readFile(manualSource, 'utf8'),
    readFile(require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf')),
  ]);
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: `${title} 操作手册` } });
  doc.registerFont('cjk', font);
  doc.font('cjk');
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));

  doc.fontSize(11).fillColor('#666').text(title);
  doc.moveDown(0.5);
  for (const line of markdown.split('\n')) {
    if (line.startsWith('# ')) doc.fillColor('#000').fontSize(20).text(line.slice(2)).moveDown(0.6);
    else if (line.startsWith('## ')) doc.moveDown(0.4).fontSize(14).text(line.slice(3)).moveDown(0.3);
    else if (line.startsWith('- ')) doc.fontSize(11).text(`•  ${line.slice(2)}`, { indent: 12, lineGap: 3 });
    else if (line.trim()) doc.fontSize(11).text(line, { lineGap: 3 }).moveDown(0.3);
  }
  doc.end();
  return done;
}
