import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { PersonTitle, Profile, RegistrationType } from '@drp/domain';
import { orgs } from './orgs.js';

// A column that a signed-in call reads belongs in the `accounts_auth_changed` trigger's column list
// (migrations 0014): the session cache only hears of the changes that trigger reports.
export const accounts = pgTable('accounts', {
  id: uuid('id').primaryKey().defaultRandom(),
  username: text('username').notNull().unique(),
  name: text('name').notNull(),
  avatar: text('avatar'),
  phone: text('phone'),
  passwordHash: text('password_hash').notNull(),
  passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
  /** Set by an admin's password reset: the next sign-in must choose a new password. */
  passwordMustChange: boolean('password_must_change').notNull().default(false),
  systemAdmin: boolean('system_admin').notNull().default(false),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const members = pgTable(
  'members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    orgId: uuid('org_id')
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    admin: boolean('admin').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    /** 专业: specialty dictionary codes (review agencies assign reviews per specialty). */
    specialties: text('specialties').array().notNull().default([]),
    /** 职称. */
    title: text('title').$type<PersonTitle>(),
    /** 注册类型 and its certificate number: both or neither. */
    registrationType: text('registration_type').$type<RegistrationType>(),
    registrationNo: text('registration_no'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('members_account_org_uq').on(t.accountId, t.orgId)],
);

export const memberProfiles = pgTable(
  'member_profiles',
  {
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    profile: text('profile').$type<Profile>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.profile] })],
);

/**
 * An org admin's invitation of an existing account, by username. The person accepts or declines
 * from their own to-dos; until then the admin sees only the username. `accountId` is null when
 * the username matched no account the admin may invite (unknown, or a system administrator): the
 * admin's answer is the same either way, and such an invitation can never be accepted.
 */
export const memberInvitations = pgTable(
  'member_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    username: text('username').notNull(),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    admin: boolean('admin').notNull().default(false),
    profiles: text('profiles').array().$type<Profile[]>().notNull().default([]),
    status: text('status')
      .$type<'PENDING' | 'ACCEPTED' | 'DECLINED' | 'CANCELLED'>()
      .notNull()
      .default('PENDING'),
    invitedBy: uuid('invited_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [
    index('member_invitations_account_idx').on(t.accountId, t.status),
    index('member_invitations_org_idx').on(t.orgId, t.status),
  ],
);

/**
 * A person's 忘记密码 request, addressed to the admins of an organisation they belong to as a
 * to-do. At most one is open per account and organisation, so repeating the request adds no
 * to-dos; an admin's one-time password settles it.
 */
export const passwordResetRequests = pgTable(
  'password_reset_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    orgId: uuid('org_id')
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    ip: text('ip').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    settledBy: uuid('settled_by').references(() => accounts.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('password_reset_requests_open_uq')
      .on(t.accountId, t.orgId)
      .where(sql`settled_at is null`),
  ],
);
