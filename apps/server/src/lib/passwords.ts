import { hash, verify } from '@node-rs/argon2';
import { checkPassword, localeFrom, type PasswordPolicyName } from '@drp/domain';
import { AppError } from './app-error.js';

/** argon2id with the library's defaults (19 MiB, 2 passes), the OWASP minimum. */
export const hashPassword = (password: string) => hash(password);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * Refuses a password that breaks the configured policy, naming the reasons in the caller's
 * language; `field` tells the form which input to mark.
 */
export function assertPasswordPolicy(input: {
  policy: PasswordPolicyName;
  password: string;
  username: string;
  acceptLanguage: string | undefined;
  field?: string;
}) {
  const locale = localeFrom(input.acceptLanguage);
  const reasons = checkPassword(input.policy, input.password, locale, input.username);
  if (reasons.length === 0) return;
  const reason = reasons.join(locale === 'zh-CN' ? '；' : '; ');
  throw new AppError(
    'PASSWORD_POLICY',
    { reason },
    { ...(input.field ? { field: input.field } : {}), reasons },
  );
}

let dummyHash: Promise<string> | undefined;
/** Spends the same time as a real check, so unknown usernames cannot be told apart by timing. */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hash('timing-equaliser-not-a-password');
  await verifyPassword(await dummyHash, password);
}
