import { randomInt } from 'node:crypto';
import { CAPTCHA_LENGTH } from '@drp/domain';

type Stroke = [number, number][];

/**
 * Hand-drawn glyphs on a 10 × 14 grid, one or more strokes each. The picture is made of these
 * strokes, bent and moved at random, so it carries no text or font a program could read out;
 * characters that look alike (0/O, 1/I/L, 2/Z, 5/S, 8/B) are left out. Strokes are split by `|`,
 * each a run of `x,y` points.
 */
const GLYPH_STROKES: Record<string, string> = {
  '2': '0,3 2,0 8,0 10,3 10,5 0,14 10,14',
  '3': '0,1 3,0 8,0 10,2 10,5 7,7 3,7|7,7 10,9 10,12 7,14 3,14 0,13',
  '4': '8,14 8,0 0,10 10,10',
  '6': '9,0 3,2 0,8 1,13 5,14 9,12 10,9 7,7 3,7 0,9',
  '7': '0,0 10,0 4,14',
  '9': '10,5 7,7 3,7 0,5 1,1 5,0 9,1 10,5 9,11 5,14 1,13',
  A: '0,14 5,0 10,14|2,9 8,9',
  C: '10,2 7,0 3,0 0,4 0,10 3,14 7,14 10,12',
  E: '10,0 0,0 0,14 10,14|0,7 7,7',
  F: '10,0 0,0 0,14|0,7 7,7',
  H: '0,0 0,14|10,0 10,14|0,7 10,7',
  K: '0,0 0,14|10,0 0,8|3,6 10,14',
  M: '0,14 0,0 5,8 10,0 10,14',
  N: '0,14 0,0 10,14 10,0',
  P: '0,14 0,0 7,0 10,2 10,5 7,7 0,7',
  R: '0,14 0,0 7,0 10,2 10,5 7,7 0,7|5,7 10,14',
  T: '0,0 10,0|5,0 5,14',
  U: '0,0 0,10 3,14 7,14 10,10 10,0',
  V: '0,0 5,14 10,0',
  W: '0,0 2,14 5,5 8,14 10,0',
  X: '0,0 10,14|10,0 0,14',
  Y: '0,0 5,7 10,0|5,7 5,14',
};
const GLYPHS: Record<string, Stroke[]> = Object.fromEntries(
  Object.entries(GLYPH_STROKES).map(([char, strokes]) => [
    char,
    strokes
      .split('|')
      .map((stroke) => stroke.split(' ').map((point) => point.split(',').map(Number) as [number, number])),
  ]),
);
const ALPHABET = Object.keys(GLYPHS).join('');

const WIDTH = 120;
const HEIGHT = 40;
const COLOURS = ['#1f3a60', '#4a2f6b', '#0b5345', '#6e2c00', '#1b2631'];

/** A uniform number in [min, max), from the system's secure source like the answer itself. */
const between = (min: number, max: number) => min + (randomInt(1_000_000) / 1_000_000) * (max - min);
const fixed = (n: number) => n.toFixed(1);

export function captchaAnswer(): string {
  return Array.from({ length: CAPTCHA_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
}

function glyphPath(char: string, slot: number): string {
  const scale = between(1.8, 2.1);
  const angle = (between(-16, 16) * Math.PI) / 180;
  const originX = 8 + slot * 27 + between(-2, 3);
  const originY = between(3, 9);
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  return GLYPHS[char]!.map((stroke) =>
    stroke
      .map(([gx, gy], i) => {
        const x = (gx + between(-0.6, 0.6) - 5) * scale;
        const y = (gy + between(-0.6, 0.6) - 7) * scale;
        const px = originX + 10 + x * cos - y * sin;
        const py = originY + 13 + x * sin + y * cos;
        return `${i === 0 ? 'M' : 'L'}${fixed(px)} ${fixed(py)}`;
      })
      .join(''),
  ).join('');
}

function noiseCurve(): string {
  const y = () => fixed(between(4, HEIGHT - 4));
  return `M0 ${y()}C${fixed(between(20, 50))} ${y()} ${fixed(between(70, 100))} ${y()} ${WIDTH} ${y()}`;
}

/** The picture of an answer: strokes on a light ground, crossed by curves of the same ink. */
export function captchaSvg(answer: string): string {
  const ink = COLOURS[randomInt(COLOURS.length)]!;
  const glyphs = [...answer].map((char, slot) => glyphPath(char, slot)).join('');
  const noise = Array.from({ length: 3 }, noiseCurve).join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">` +
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="#f4f6f8"/>` +
    `<path d="${noise}" fill="none" stroke="${ink}" stroke-width="1" opacity=".55"/>` +
    `<path d="${glyphs}" fill="none" stroke="${ink}" stroke-width="2.4" stroke-linecap="round" stroke-linejoin="round"/>` +
    `</svg>`
  );
}
