import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A greyscale page as poppler draws it: what a reader sees, where extracted text would miss broken glyphs. */
export interface GreyImage {
  width: number;
  height: number;
  /** One byte per pixel, row by row from the top left; 255 is white. */
  pixels: Buffer;
}

/** Reads a binary PGM (P5), as `pdftoppm -gray` writes it. */
export function readPgm(bytes: Buffer): GreyImage {
  const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(bytes.subarray(0, 64).toString('latin1'));
  if (!header) throw new Error('not a PGM');
  const width = Number(header[1]);
  const height = Number(header[2]);
  return { width, height, pixels: bytes.subarray(header[0].length, header[0].length + width * height) };
}

/** Renders pages `first`…`last` (1-based) of a PDF with pdftoppm at `dpi`, greyscale. */
export async function renderPdfPages(pdf: Buffer, options: { first: number; last: number; dpi: number }) {
  const dir = await mkdtemp(path.join(tmpdir(), 'drp-pdf-'));
  try {
    const file = path.join(dir, 'in.pdf');
    await writeFile(file, pdf);
    const pages: GreyImage[] = [];
    for (let page = options.first; page <= options.last; page++) {
      const { stdout } = await run(
        'pdftoppm',
        ['-gray', '-r', String(options.dpi), '-f', String(page), '-l', String(page), file],
        { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 },
      );
      pages.push(readPgm(stdout));
    }
    return pages;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** What a PDF's fonts are, as `pdffonts` lists them: name, type, embedded, subset. */
export async function pdfFonts(pdf: Buffer) {
  const dir = await mkdtemp(path.join(tmpdir(), 'drp-pdf-'));
  try {
    const file = path.join(dir, 'in.pdf');
    await writeFile(file, pdf);
    const { stdout } = await run('pdffonts', [file]);
    return stdout
      .split('\n')
      .slice(2)
      .filter((line) => line.trim())
      .map((line) => {
        const cols = line.trim().split(/\s+/);
        return {
          name: cols[0]!,
          type: cols.slice(1, -5).join(' '),
          embedded: cols.at(-5) === 'yes',
          subset: cols.at(-4) === 'yes',
        };
      });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The text of a PDF, as `pdftotext -layout` extracts it. */
export async function pdfText(pdf: Buffer) {
  const dir = await mkdtemp(path.join(tmpdir(), 'drp-pdf-'));
  try {
    const file = path.join(dir, 'in.pdf');
    await writeFile(file, pdf);
    return (await run('pdftotext', ['-layout', file, '-'])).stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * How two renderings of a page differ: the share of pixels whose grey level differs by more than
 * 64 (a glyph drawn, missing or moved), over the whole page.
 */
export function differingShare(a: GreyImage, b: GreyImage): number {
  if (a.width !== b.width || a.height !== b.height) return 1;
  let differing = 0;
  for (let i = 0; i < a.pixels.length; i++) if (Math.abs(a.pixels[i]! - b.pixels[i]!) > 64) differing++;
  return differing / a.pixels.length;
}

/** Pixels darker than mid-grey in a window (image coordinates, from the top left). */
export function inkIn(image: GreyImage, x0: number, y0: number, x1: number, y1: number) {
  let ink = 0;
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++) if (image.pixels[y * image.width + x]! < 128) ink++;
  return ink;
}
