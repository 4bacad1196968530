import type { FormRule } from 'antd';
import { checkPassword, type Locale, type PasswordPolicyName } from '@drp/domain';

/**
 * The form rule for a new password: the same policy check the server makes (from
 * packages/domain), so people see what is wrong while typing. The server still decides.
 */
export function passwordPolicyRule(
  policy: PasswordPolicyName,
  locale: Locale,
  username: () => string | undefined,
): FormRule {
  return {
    validator: async (_, value: string | undefined) => {
      if (!value) return;
      const reasons = checkPassword(policy, value, locale, username());
      if (reasons.length) throw new Error(reasons.join(locale === 'zh-CN' ? '；' : '; '));
    },
  };
}
