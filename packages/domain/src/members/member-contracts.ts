import { z } from 'zod';
import { PROFILES } from '../accounts/profile.js';
import { ORG_TYPES } from '../orgs/org-type.js';
import { passwordField } from '../auth/auth-contracts.js';
import { PERSON_TITLES, REGISTRATION_TYPES, memberCredentials } from './member-credentials.js';

export * from './member-credentials.js';

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
  /** Asked for a one-time password (忘记密码) that no admin has issued yet. */
  resetRequested: z.boolean(),
  profiles: z.array(z.enum(PROFILES)),
  /** 专业 (specialty codes), 职称, 注册类型 and certificate number, as the org type keeps them. */
  credentials: z.object({
    specialties: z.array(z.string()),
    title: z.enum(PERSON_TITLES).nullable(),
    registrationType: z.enum(REGISTRATION_TYPES).nullable(),
    registrationNo: z.string().nullable(),
  }),
  createdAt: z.string(),
});
export type OrgMember = z.infer<typeof orgMember>;

export const orgMembersResult = z.object({
  org: z.object({
    id: z.string(),
    name: z.string(),
    orgType: z.enum(ORG_TYPES),
    /** The platform operator's organisation, whose people may hold the platform-staff profiles. */
    platformOperator: z.boolean(),
    /**
     * The profiles this caller may hand out here: the org type's, and on the platform operator
     * the platform-staff ones for the system admin. Nobody may add to their own membership.
     */
    allowedProfiles: z.array(z.enum(PROFILES)),
  }),
  members: z.array(orgMember),
});
export type OrgMembersResult = z.infer<typeof orgMembersResult>;

const memberGrant = {
  profiles: z.array(z.enum(PROFILES)).max(PROFILES.length).default([]),
  admin: z.boolean().default(false),
};

/**
 * Adds a person with a new account. An existing account is never added directly: it is invited
 * (`inviteMemberRequest`) and joins when the person accepts.
 */
export const addMemberRequest = z.object({
  mode: z.literal('new'),
  username: newUsernameField,
  name: personNameField,
  phone: phoneField,
  password: passwordField,
  ...memberGrant,
  credentials: memberCredentials.optional(),
});
export type AddMemberRequest = z.input<typeof addMemberRequest>;

/** How long an invitation waits for its answer. */
export const INVITATION_VALID_DAYS = 7;

/** Invites an existing account, by its username, with the profiles and admin flag it will hold. */
export const inviteMemberRequest = z.object({
  username: z.string().trim().min(1).max(64),
  ...memberGrant,
});
export type InviteMemberRequest = z.input<typeof inviteMemberRequest>;

/**
 * The answer to an invitation: the same for any username (an account, none, a system admin), so
 * the admin learns nothing about which accounts exist.
 */
export const invitationSent = z.object({ id: z.string(), username: z.string(), expiresAt: z.string() });
export type InvitationSent = z.infer<typeof invitationSent>;

/** A pending invitation as the inviting organisation's admins see it: the username they typed, no more. */
export const orgInvitation = z.object({
  id: z.string(),
  username: z.string(),
  profiles: z.array(z.enum(PROFILES)),
  admin: z.boolean(),
  /** The admin who sent it (their name), null once that account is gone. */
  invitedBy: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type OrgInvitation = z.infer<typeof orgInvitation>;
export const orgInvitationList = z.array(orgInvitation);

/** A pending invitation as the invited person sees it, in their own to-dos. */
export const myInvitation = z.object({
  id: z.string(),
  orgId: z.string(),
  orgName: z.string(),
  orgType: z.enum(ORG_TYPES),
  invitedBy: z.string().nullable(),
  profiles: z.array(z.enum(PROFILES)),
  admin: z.boolean(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type MyInvitation = z.infer<typeof myInvitation>;
export const myInvitationList = z.array(myInvitation);

export const updateMemberRequest = z
  .object({
    profiles: z.array(z.enum(PROFILES)).max(PROFILES.length),
    admin: z.boolean(),
    enabled: z.boolean(),
    /** Replaces all of the member's credentials. */
    credentials: memberCredentials,
  })
  .partial();
export type UpdateMemberRequest = z.output<typeof updateMemberRequest>;
export type UpdateMemberInput = z.input<typeof updateMemberRequest>;

export const passwordResetResult = z.object({
  /** Shown once to the admin; the person must change it at the next sign-in. */
  temporaryPassword: z.string(),
});
export type PasswordResetResult = z.infer<typeof passwordResetResult>;
