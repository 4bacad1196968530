import { z } from 'zod';
import { PROFILES } from '../accounts/profile.js';
import { ORG_TYPES } from '../orgs/org-type.js';
import { passwordField } from '../auth/auth-contracts.js';

/** Usernames for new accounts: a letter first, then letters, digits, `_ . -`; 4–32 characters. */
export const USERNAME_PATTERN = /^[A-Za-z][A-Za-z0-9_.-]{3,31}$/;
/** Mainland mobile numbers (11 digits starting 13–19) or landlines such as 0731-88888888. */
export const PHONE_PATTERN = /^(1[3-9]\d{9}|0\d{2,3}-?\d{7,8})$/;

export const newUsernameField = z.string().trim().regex(USERNAME_PATTERN, {
  message: '4-32 characters: a letter first, then letters, digits, _ . -',
});

export const phoneField = z
  .string()
  .trim()
  .regex(PHONE_PATTERN, { message: 'must be a mobile or landline number' });

export const personNameField = z.string().trim().min(1).max(32);

export const orgMember = z.object({
  id: z.string(),
  accountId: z.string(),
  username: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  admin: z.boolean(),
  enabled: z.boolean(),
  /** Signed out for too many failed sign-ins; an admin can unlock. */
  locked: z.boolean(),
  profiles: z.array(z.enum(PROFILES)),
  createdAt: z.string(),
});
export type OrgMember = z.infer<typeof orgMember>;

export const orgMembersResult = z.object({
  org: z.object({
    id: z.string(),
    name: z.string(),
    orgType: z.enum(ORG_TYPES),
    /** The profiles this org type may hand out. */
    allowedProfiles: z.array(z.enum(PROFILES)),
  }),
  members: z.array(orgMember),
});
export type OrgMembersResult = z.infer<typeof orgMembersResult>;

const memberGrant = {
  profiles: z.array(z.enum(PROFILES)).max(PROFILES.length).default([]),
  admin: z.boolean().default(false),
};

export const addMemberRequest = z.discriminatedUnion('mode', [
  z.object({
    mode: z.literal('new'),
    username: newUsernameField,
    name: personNameField,
    phone: phoneField,
    password: passwordField,
    ...memberGrant,
  }),
  z.object({ mode: z.literal('existing'), username: z.string().trim().min(1).max(64), ...memberGrant }),
]);
export type AddMemberRequest = z.input<typeof addMemberRequest>;

export const updateMemberRequest = z
  .object({
    profiles: z.array(z.enum(PROFILES)).max(PROFILES.length),
    admin: z.boolean(),
    enabled: z.boolean(),
  })
  .partial();
export type UpdateMemberRequest = z.infer<typeof updateMemberRequest>;

export const passwordResetResult = z.object({
  /** Shown once to the admin; the person must change it at the next sign-in. */
  temporaryPassword: z.string(),
});
export type PasswordResetResult = z.infer<typeof passwordResetResult>;
