import { describe, expect, it } from 'vitest';
import { PASSWORD_POLICIES, checkPassword, describePolicy } from './password-policy.js';

describe('djcp policy (等保 2.0: 8 characters, three of four classes)', () => {
  it('accepts 8 characters from three classes', () => {
    expect(checkPassword('djcp', 'Abcdef12', 'zh-CN')).toEqual([]);
    expect(checkPassword('djcp', 'abcdef1!', 'zh-CN')).toEqual([]);
  });

  it('refuses a password from a single class, naming the 3-of-4 rule', () => {
    expect(checkPassword('djcp', 'abcdefgh', 'zh-CN')).toEqual([
      '需包含大写字母、小写字母、数字、特殊字符中的至少 3 类',
    ]);
    expect(checkPassword('djcp', 'abcdefgh', 'en-US')).toEqual([
      'use at least 3 of: upper case, lower case, digits, symbols',
    ]);
  });

  it('refuses two classes', () => {
    expect(checkPassword('djcp', 'abcd1234', 'zh-CN')).toHaveLength(1);
  });

  it('refuses 7 characters even with all four classes', () => {
    expect(checkPassword('djcp', 'Abc12!x', 'zh-CN')).toEqual(['长度至少 8 位']);
    expect(checkPassword('djcp', 'Abc12!x', 'en-US')).toEqual(['at least 8 characters']);
  });

  it('rotates every 90 days', () => {
    expect(PASSWORD_POLICIES.djcp.maxAgeDays).toBe(90);
  });
});

describe('asvs policy (OWASP ASVS: 12 characters, no composition rules)', () => {
  it('accepts 12 lower-case letters', () => {
    expect(checkPassword('asvs', 'abcdefghijkl', 'zh-CN')).toEqual([]);
  });

  it('refuses 11 characters', () => {
    expect(checkPassword('asvs', 'abcdefghijk', 'zh-CN')).toEqual(['长度至少 12 位']);
    expect(checkPassword('asvs', 'Abcdef12!xy', 'en-US')).toEqual(['at least 12 characters']);
  });

  it('does not rotate', () => {
    expect(PASSWORD_POLICIES.asvs.maxAgeDays).toBeNull();
  });
});

describe('rules common to both policies', () => {
  it('refuses a password containing the username, whatever the case', () => {
    expect(checkPassword('djcp', 'Design_Admin1', 'zh-CN', 'design_admin')).toEqual(['不能包含用户名']);
    expect(checkPassword('asvs', 'my design_admin pass', 'en-US', 'design_admin')).toEqual([
      'must not contain the username',
    ]);
    expect(checkPassword('djcp', 'Abcdef12', 'zh-CN', 'design_admin')).toEqual([]);
  });

  it('refuses more than 128 characters', () => {
    expect(checkPassword('asvs', 'a'.repeat(129), 'zh-CN')).toEqual(['长度不能超过 128 位']);
    expect(checkPassword('asvs', 'a'.repeat(128), 'zh-CN')).toEqual([]);
  });

  it('lists every failed rule at once', () => {
    expect(checkPassword('djcp', 'abc', 'en-US', 'abc')).toEqual([
      'at least 8 characters',
      'use at least 3 of: upper case, lower case, digits, symbols',
      'must not contain the username',
    ]);
  });
});

describe('describePolicy', () => {
  it('describes each policy in both languages', () => {
    expect(describePolicy('djcp', 'zh-CN')).toBe(
      '至少 8 位，包含大写字母、小写字母、数字、特殊字符中的至少 3 类',
    );
    expect(describePolicy('djcp', 'en-US')).toBe(
      'At least 8 characters, using 3 of: upper case, lower case, digits, symbols',
    );
    expect(describePolicy('asvs', 'zh-CN')).toBe('至少 12 位');
    expect(describePolicy('asvs', 'en-US')).toBe('At least 12 characters');
  });
});
