/**
 * What a drawing upload is, judged by its first bytes; the file name's extension must belong to
 * the format found there. A name alone proves nothing (`setup.exe` renamed `a.pdf`), and
 * content alone cannot tell a .docx from a .dwfx: both are zip packages.
 */
export interface DrawingFileType {
  contentType: string;
  /** The file name's extension, lower case, without the dot. */
  extension: string;
}

/** Enough of the head for every signature here, allowing for DXF's and IFC's leading blanks. */
export const DRAWING_HEAD_BYTES = 4096;

interface Format {
  /** Extensions this content may carry, each with the content type it is served as. */
  extensions: Record<string, string>;
  matches(head: Buffer): boolean;
}

const startsWith = (head: Buffer, bytes: number[] | string): boolean => {
  const signature = typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : Buffer.from(bytes);
  return head.length >= signature.length && head.subarray(0, signature.length).equals(signature);
};

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/** Revit has no registered content type; served as plain bytes, it is downloaded, not shown. */
const REVIT = 'application/octet-stream';

const FORMATS: Format[] = [
  { extensions: { pdf: 'application/pdf' }, matches: (h) => startsWith(h, '%PDF-') },
  // DWF 6 starts `(DWF V06.00)`; DWFx is a zip package and comes under ZIP.
  { extensions: { dwf: 'model/vnd.dwf' }, matches: (h) => startsWith(h, '(DWF V') },
  // AC1012 (R13) … AC1032 (2018+): the version is in the first six bytes.
  {
    extensions: { dwg: 'image/vnd.dwg' },
    matches: (h) => /^AC10\d\d/.test(h.subarray(0, 6).toString('latin1')),
  },
  {
    extensions: { dxf: 'image/vnd.dxf' },
    matches: (h) =>
      startsWith(h, 'AutoCAD Binary DXF') ||
      // Group code 0, then SECTION; writers pad the code and may lead with 999 comment groups.
      /^(?:\s*999\r?\n[^\n]*\n)*\s*0\r?\n\s*SECTION\s/.test(h.toString('latin1')),
  },
  {
    extensions: { ifc: 'application/x-step' },
    // Read as latin1, a UTF-8 byte order mark is these three characters.
    matches: (h) => /^(?:\u00ef\u00bb\u00bf)?\s*ISO-10303-21;/.test(h.toString('latin1')),
  },
  {
    extensions: {
      dwfx: 'model/vnd.dwfx+xps',
      docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      ofd: 'application/ofd',
    },
    matches: (h) => startsWith(h, ZIP),
  },
  {
    extensions: {
      rvt: REVIT,
      rfa: REVIT,
      doc: 'application/msword',
      xls: 'application/vnd.ms-excel',
      ppt: 'application/vnd.ms-powerpoint',
    },
    matches: (h) => startsWith(h, OLE),
  },
  {
    extensions: { png: 'image/png' },
    matches: (h) => startsWith(h, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  },
  {
    extensions: { jpg: 'image/jpeg', jpeg: 'image/jpeg' },
    matches: (h) => startsWith(h, [0xff, 0xd8, 0xff]),
  },
  {
    extensions: { tif: 'image/tiff', tiff: 'image/tiff' },
    matches: (h) => startsWith(h, 'II*\0') || startsWith(h, 'MM\0*'),
  },
  { extensions: { gif: 'image/gif' }, matches: (h) => startsWith(h, 'GIF87a') || startsWith(h, 'GIF89a') },
  {
    extensions: { webp: 'image/webp' },
    matches: (h) => startsWith(h, 'RIFF') && h.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];

/** Every extension a drawing upload may have, lower case without the dot, for the file picker. */
export const DRAWING_EXTENSIONS: readonly string[] = Object.freeze(
  FORMATS.flatMap((f) => Object.keys(f.extensions)),
);

/**
 * The type of a drawing upload from its first bytes (pass DRAWING_HEAD_BYTES of them, or the
 * whole file when shorter) and its name; undefined when the content is none of the accepted
 * formats or the name's extension does not belong to the format found.
 */
export function detectDrawingFileType(head: Buffer, fileName: string): DrawingFileType | undefined {
  const extension = extensionOf(fileName);
  if (!extension) return undefined;
  const format = FORMATS.find((f) => f.matches(head));
  const contentType =
    format && Object.hasOwn(format.extensions, extension) ? format.extensions[extension] : undefined;
  return contentType ? { contentType, extension } : undefined;
}

function extensionOf(fileName: string): string | undefined {
  // Browsers send a bare name, but some old ones a whole Windows path.
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 && dot < base.length - 1 ? base.slice(dot + 1).toLowerCase() : undefined;
}
