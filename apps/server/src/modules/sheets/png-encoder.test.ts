import { deflateSync, inflateSync } from 'node:zlib';
import UPNG from '@pdf-lib/upng';
import { describe, expect, it } from 'vitest';
import { encodePng } from './png-encoder.js';

/** A drawing-like image: white, with lines along, across and diagonal, and a grey hatch. */
function drawing(width: number, height: number) {
  const rgb = new Uint8Array(width * height * 3).fill(255);
  const ink = (x: number, y: number, v: number) => rgb.fill(v, (y * width + x) * 3, (y * width + x) * 3 + 3);
  for (let x = 0; x < width; x += 1) ink(x, Math.floor(height / 3), 0);
  for (let y = 0; y < height; y += 1) ink(Math.floor(width / 4), y, 0);
  for (let i = 0; i < Math.min(width, height); i += 1) ink(i, i, 40);
  for (let y = Math.floor(height / 2); y < height; y += 4)
    for (let x = 0; x < width; x += 1) ink(x, y, 128 + (x % 7));
  return rgb;
}

describe('encodePng', () => {
  const decodeRgb = (png: Buffer) => {
    const image = UPNG.decode(
      png.buffer.slice(png.byteOffset, png.byteOffset + png.byteLength) as ArrayBuffer,
    );
    const rgba = new Uint8Array(UPNG.toRGBA8(image)[0]!);
    const rgb = new Uint8Array((rgba.length / 4) * 3);
    for (let i = 0; i < rgba.length / 4; i += 1) rgb.set(rgba.subarray(i * 4, i * 4 + 3), i * 3);
    return { image, rgb };
  };

  it('writes a colour PNG a real decoder reads back pixel for pixel', () => {
    const [width, height] = [67, 41];
    const rgb = drawing(width, height);
    rgb[5] = 17; // one odd channel, so a channel mix-up would show
    const png = encodePng(rgb, width, height);
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(png.toString('latin1', 12, 16)).toBe('IHDR');
    const { image, rgb: back } = decodeRgb(png);
    expect([image.width, image.height, image.depth, image.ctype]).toEqual([width, height, 8, 2]);
    expect(Buffer.from(back)).toEqual(Buffer.from(rgb));
  });

  it('writes a grey image as greyscale, read back pixel for pixel', () => {
    const [width, height] = [67, 41];
    const rgb = drawing(width, height);
    const png = encodePng(rgb, width, height);
    const { image, rgb: back } = decodeRgb(png);
    expect([image.width, image.height, image.depth, image.ctype]).toEqual([width, height, 8, 0]);
    expect(Buffer.from(back)).toEqual(Buffer.from(rgb));
  });

  it('filters rows (Sub, Up or Paeth where they pay) and inflates to one filter byte a row', () => {
    const [width, height] = [64, 32];
    const png = encodePng(drawing(width, height), width, height);
    const length = png.readUInt32BE(33);
    expect(png.toString('latin1', 37, 41)).toBe('IDAT');
    const raw = inflateSync(png.subarray(41, 41 + length));
    expect(raw.length).toBe((width + 1) * height); // greyscale: one byte a pixel
    const types = new Set(Array.from({ length: height }, (_, y) => raw[y * (width + 1)]));
    expect([...types].every((type) => [0, 1, 2, 4].includes(type!))).toBe(true);
    expect([...types].some((type) => type !== 0)).toBe(true);
  });

  it('is smaller than the unfiltered RGB rows deflated at the same level', () => {
    const [width, height] = [256, 256];
    const rgb = drawing(width, height);
    const unfiltered = Buffer.alloc((width * 3 + 1) * height);
    for (let y = 0; y < height; y += 1)
      unfiltered.set(rgb.subarray(y * width * 3, (y + 1) * width * 3), y * (width * 3 + 1) + 1);
    const filtered = encodePng(rgb, width, height);
    expect(filtered.length).toBeLessThan(deflateSync(unfiltered, { level: 3 }).length);
  });
});
