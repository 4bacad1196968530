import type { Locale } from '../errors/error-codes.js';

/**
 * Password policies. `djcp` follows 等保 2.0 level 3 (≥ 8 characters, three of four character
 * classes, rotation every 90 days); `asvs` follows OWASP ASVS 5 (≥ 12 characters, no
 * composition rules, no forced rotation).
 */
export const PASSWORD_POLICIES = {
  djcp: { minLength: 8, minClasses: 3, maxAgeDays: 90 as number | null },
  asvs: { minLength: 12, minClasses: 0, maxAgeDays: null as number | null },
} as const;
export type PasswordPolicyName = keyof typeof PASSWORD_POLICIES;

const MAX_LENGTH = 128;

function classesOf(password: string): number {
  return [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((re) => re.test(password)).length;
}

/** Returns the reasons the password fails the policy, in the given locale (empty when it passes). */
export function checkPassword(
  policyName: PasswordPolicyName,
  password: string,
  locale: Locale,
  username?: string,
): string[] {
  const policy = PASSWORD_POLICIES[policyName];
  const zh = locale === 'zh-CN';
  const reasons: string[] = [];
  if (password.length < policy.minLength)
    reasons.push(zh ? `长度至少 ${policy.minLength} 位` : `at least ${policy.minLength} characters`);
  if (password.length > MAX_LENGTH)
    reasons.push(zh ? `长度不能超过 ${MAX_LENGTH} 位` : `at most ${MAX_LENGTH} characters`);
  if (policy.minClasses > 0 && classesOf(password) < policy.minClasses)
    reasons.push(
      zh
        ? `需包含大写字母、小写字母、数字、特殊字符中的至少 ${policy.minClasses} 类`
        : `use at least ${policy.minClasses} of: upper case, lower case, digits, symbols`,
    );
  if (username && password.toLowerCase().includes(username.toLowerCase()))
    reasons.push(zh ? '不能包含用户名' : 'must not contain the username');
  return reasons;
}

export function describePolicy(policyName: PasswordPolicyName, locale: Locale): string {
  const policy = PASSWORD_POLICIES[policyName];
  if (locale === 'zh-CN')
    return policy.minClasses > 0
      ? `至少 ${policy.minLength} 位，包含大写字母、小写字母、数字、特殊字符中的至少 ${policy.minClasses} 类`
      : `至少 ${policy.minLength} 位`;
  return policy.minClasses > 0
    ? `At least ${policy.minLength} characters, using ${policy.minClasses} of: upper case, lower case, digits, symbols`
    : `At least ${policy.minLength} characters`;
}
