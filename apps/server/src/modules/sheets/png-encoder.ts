import { crc32, deflateSync } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/**
 * A PNG of 8-bit RGB pixels, `width × 3` bytes a row. Rows are stored unfiltered and deflated at
 * a low level: drawings are mostly white, which deflate packs well without filtering, and a
 * preview or tile is encoded in tens of milliseconds instead of hundreds.
 */
export function encodePng(rgb: Uint8Array, width: number, height: number): Buffer {
  const row = width * 3;
  if (rgb.length < row * height) throw new RangeError('fewer pixels than width × height');
  const raw = Buffer.alloc((row + 1) * height);
  for (let y = 0; y < height; y += 1) {
    // Filter type 0 (none) leads every row.
    raw.set(rgb.subarray(y * row, (y + 1) * row), y * (row + 1) + 1);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 3 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
