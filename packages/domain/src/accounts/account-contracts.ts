import { z } from 'zod';
import { PROFILES } from './profile.js';
import { ORG_TYPES } from '../orgs/org-type.js';
import { passwordField } from '../auth/auth-contracts.js';

/** `GET /api/admin/account`, in the spec's shape (§3 Identity, §7 Authentication). */
export const accountMember = z.object({
  id: z.string(),
  orgId: z.string(),
  orgName: z.string(),
  orgType: z.enum(ORG_TYPES),
  admin: z.boolean(),
  roleList: z.array(z.object({ profileDtoList: z.array(z.object({ name: z.enum(PROFILES) })) })),
});
export type AccountMember = z.infer<typeof accountMember>;

export const accountDetail = z.object({
  account: z.object({
    id: z.string(),
    name: z.string(),
    avatar: z.string().nullable(),
    admin: z.boolean(),
    username: z.string(),
    /** Days until the password must be changed; null where the policy does not rotate. */
    passwordExpiresInDays: z.number().int().nullable(),
  }),
  members: z.array(accountMember),
});
export type AccountDetail = z.infer<typeof accountDetail>;

export const changePasswordRequest = z.object({
  oldPassword: passwordField,
  newPassword: passwordField,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;
