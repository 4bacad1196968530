import { describe, expect, it } from 'vitest';
import { creditCodeCheckChar, isValidCreditCode } from './credit-code.js';

/** A published, valid 统一社会信用代码. */
const VALID = '91350100M000100Y43';
const ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';

describe('统一社会信用代码 (GB 32100-2015)', () => {
  it('accepts a known-valid code', () => {
    expect(isValidCreditCode(VALID)).toBe(true);
    expect(creditCodeCheckChar(VALID.slice(0, 17))).toBe('3');
  });

  it('rejects the code when any single character is changed to any other allowed character', () => {
    // The check character catches every single-character substitution (31 is prime).
    for (let i = 0; i < VALID.length; i++) {
      for (const replacement of ALPHABET) {
        if (replacement === VALID[i]) continue;
        const changed = VALID.slice(0, i) + replacement + VALID.slice(i + 1);
        expect(isValidCreditCode(changed), changed).toBe(false);
      }
    }
  });

  it('rejects lower case', () => {
    expect(isValidCreditCode(VALID.toLowerCase())).toBe(false);
    expect(isValidCreditCode('91350100m000100Y43')).toBe(false);
  });

  it.each(['I', 'O', 'S', 'V', 'Z'])(
    'rejects the excluded letter %s, even in the check position',
    (letter) => {
      expect(isValidCreditCode(`${VALID.slice(0, 8)}${letter}${VALID.slice(9)}`)).toBe(false);
      expect(isValidCreditCode(`${VALID.slice(0, 17)}${letter}`)).toBe(false);
      expect(creditCodeCheckChar(`${VALID.slice(0, 8)}${letter}${VALID.slice(9, 17)}`)).toBeNull();
    },
  );

  it('rejects wrong lengths and surrounding whitespace', () => {
    expect(isValidCreditCode('')).toBe(false);
    expect(isValidCreditCode(VALID.slice(0, 17))).toBe(false);
    expect(isValidCreditCode(`${VALID}0`)).toBe(false);
    expect(isValidCreditCode(` ${VALID}`)).toBe(false);
    expect(creditCodeCheckChar(VALID.slice(0, 16))).toBeNull();
  });

  it('computes a check character that makes the code valid', () => {
    for (const first17 of ['91430100MA4L0C1X2', '11430000006094427', '91430102MA4PJ7N21']) {
      const check = creditCodeCheckChar(first17);
      expect(check).toMatch(/^[0-9A-HJ-NPQRTUWXY]$/);
      expect(isValidCreditCode(`${first17}${check}`)).toBe(true);
    }
  });
});
