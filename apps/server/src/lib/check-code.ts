import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The check codes printed under the QR codes of issued documents (reports, certificates): 80 bits
 * of an HMAC in Crockford base32 (no I, L, O, U), short enough to type from paper, with a key of
 * their own per kind of document derived from the auth key (review-outputs.md §7).
 */

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const CHECK_CODE_LENGTH = 16;

function base32(bytes: Buffer, chars: number): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5 && out.length < chars) {
      out += CROCKFORD[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  return out;
}

/** The code of `message` under the key for `purpose` (a fixed label per kind of document). */
export function checkCode(authKey: Uint8Array, purpose: string, message: string): string {
  const key = createHmac('sha256', authKey).update(purpose).digest();
  return base32(createHmac('sha256', key).update(message).digest(), CHECK_CODE_LENGTH);
}

/** The code grouped in fours for print: ABCD-EFGH-JKMN-PQRS. */
export const groupCheckCode = (code: string) => code.replace(/(.{4})(?=.)/g, '$1-');

/**
 * A check code as a person types it from paper, read as Crockford base32 intends: any case, O for
 * 0, I and L for 1, hyphens and spaces grouping it ignored.
 */
export function normalizeCheckCode(typed: string): string {
  return typed.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
}

/**
 * Whether a typed code is the expected one, compared in constant time whether or not the document
 * exists (pass `expected` null for a missing one): a guesser learns nothing from the timing.
 */
export function sameCheckCode(typed: string, expected: string | null): boolean {
  const code = normalizeCheckCode(typed);
  const given = Buffer.from(code.padEnd(CHECK_CODE_LENGTH, '0').slice(0, CHECK_CODE_LENGTH));
  const wanted = Buffer.from(expected ?? '0'.repeat(CHECK_CODE_LENGTH));
  return timingSafeEqual(given, wanted) && code.length === CHECK_CODE_LENGTH && expected !== null;
}
