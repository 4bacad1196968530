import { describe, expect, it } from 'vitest';
import { DRAWING_EXTENSIONS, detectDrawingFileType } from './drawing-file-type.js';

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

const ZIP = [0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0x00, 0x00];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d];
/** A Windows program: what a renamed `setup.exe` starts with. */
const EXE = bytes(
  'MZ',
  [0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00],
  'This program cannot be run in DOS mode.',
);

describe('detectDrawingFileType', () => {
  it.each([
    ['plan.pdf', bytes('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n'), 'application/pdf'],
    ['plan.dwf', bytes('(DWF V06.00)PK'), 'model/vnd.dwf'],
    ['plan.dwfx', bytes(ZIP, '[Content_Types].xml'), 'model/vnd.dwfx+xps'],
    ['plan.dwg', bytes('AC1032', [0, 0, 0, 0, 0, 0]), 'image/vnd.dwg'],
    ['old.dwg', bytes('AC1015', [0, 0, 0, 0, 0, 0]), 'image/vnd.dwg'],
    ['plan.dxf', bytes('  0\r\nSECTION\r\n  2\r\nHEADER\r\n'), 'image/vnd.dxf'],
    ['plain.dxf', bytes('0\nSECTION\n2\nHEADER\n'), 'image/vnd.dxf'],
    ['commented.dxf', bytes('999\nwritten by a tool\n  0\nSECTION\n'), 'image/vnd.dxf'],
    ['binary.dxf', bytes('AutoCAD Binary DXF\r\n\x1a\x00'), 'image/vnd.dxf'],
    ['model.ifc', bytes('ISO-10303-21;\nHEADER;\n'), 'application/x-step'],
    ['bom.ifc', bytes([0xef, 0xbb, 0xbf], '\r\n ISO-10303-21;\n'), 'application/x-step'],
    ['model.rvt', bytes(OLE), 'application/octet-stream'],
    ['family.rfa', bytes(OLE), 'application/octet-stream'],
    ['notes.doc', bytes(OLE), 'application/msword'],
    ['list.xls', bytes(OLE), 'application/vnd.ms-excel'],
    ['talk.ppt', bytes(OLE), 'application/vnd.ms-powerpoint'],
    ['notes.docx', bytes(ZIP), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['list.xlsx', bytes(ZIP), 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['talk.pptx', bytes(ZIP), 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
    ['invoice.ofd', bytes(ZIP, 'OFD.xml'), 'application/ofd'],
    ['site.png', bytes(PNG), 'image/png'],
    ['site.jpg', bytes([0xff, 0xd8, 0xff, 0xe0]), 'image/jpeg'],
    ['site.jpeg', bytes([0xff, 0xd8, 0xff, 0xe1]), 'image/jpeg'],
    ['scan.tif', bytes('II*\x00\x08\x00'), 'image/tiff'],
    ['scan.tiff', bytes('MM\x00*\x00\x00'), 'image/tiff'],
    ['logo.gif', bytes('GIF89a\x01\x00'), 'image/gif'],
    ['old.gif', bytes('GIF87a\x01\x00'), 'image/gif'],
    ['photo.webp', bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '), 'image/webp'],
  ])('accepts %s', (fileName, head, contentType) => {
    const extension = fileName.split('.').pop();
    expect(detectDrawingFileType(head, fileName)).toEqual({ contentType, extension });
    expect(DRAWING_EXTENSIONS).toContain(extension);
  });

  it('judges by content, so a program renamed to a drawing is refused', () => {
    for (const name of ['a.pdf', 'a.dwg', 'a.png', 'a.docx', 'setup.exe'])
      expect(detectDrawingFileType(EXE, name)).toBeUndefined();
  });

  it.each([
    ['a PDF named as a drawing', bytes('%PDF-1.4'), 'plan.dwg'],
    ['a zip named as a PDF', bytes(ZIP), 'plan.pdf'],
    ['any zip as a .zip', bytes(ZIP), 'archive.zip'],
    ['an OLE file as a .msi', bytes(OLE), 'setup.msi'],
    ['a JPEG named .png', bytes([0xff, 0xd8, 0xff, 0xe0]), 'site.png'],
    ['a STEP model that is not .ifc', bytes('ISO-10303-21;'), 'part.step'],
    ['a riff that is not WebP', bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt '), 'sound.webp'],
  ])('refuses %s', (_name, head, fileName) => {
    expect(detectDrawingFileType(head, fileName)).toBeUndefined();
  });

  it('takes the extension in any case and gives it back in lower case', () => {
    expect(detectDrawingFileType(bytes('%PDF-1.7'), 'PLAN.PDF')).toEqual({
      contentType: 'application/pdf',
      extension: 'pdf',
    });
    expect(detectDrawingFileType(bytes(OLE), 'Tower.RvT')?.extension).toBe('rvt');
  });

  it('needs an extension', () => {
    expect(detectDrawingFileType(bytes('%PDF-1.7'), 'plan')).toBeUndefined();
    expect(detectDrawingFileType(bytes('%PDF-1.7'), '.pdf')).toBeUndefined();
    expect(detectDrawingFileType(bytes('%PDF-1.7'), 'plan.')).toBeUndefined();
  });

  it('reads only the last part of a path some browsers send', () => {
    expect(detectDrawingFileType(bytes('%PDF-1.7'), 'C:\\drawings.v2\\plan.pdf')?.extension).toBe('pdf');
    expect(detectDrawingFileType(bytes('%PDF-1.7'), 'C:\\drawings.pdf\\plan')).toBeUndefined();
  });

  it('refuses an empty or too-short head', () => {
    expect(detectDrawingFileType(Buffer.alloc(0), 'plan.pdf')).toBeUndefined();
    expect(detectDrawingFileType(bytes('%PD'), 'plan.pdf')).toBeUndefined();
    expect(detectDrawingFileType(bytes('AC10'), 'plan.dwg')).toBeUndefined();
  });
});
