import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { AuditAction } from '@drp/domain';

/**
 * The security audit trail. Append-only: triggers (migration audit_log_append_only) refuse
 * UPDATE, DELETE and TRUNCATE for every database role the app uses. No foreign keys, so the
 * record outlives the accounts and organisations it names.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    action: text('action').$type<AuditAction>().notNull(),
    /** Null for anonymous events such as a failed sign-in with an unknown username. */
    actorAccountId: uuid('actor_account_id'),
    /** The username as typed or held at the time. */
    actorUsername: text('actor_username'),
    orgId: uuid('org_id'),
    ip: text('ip'),
    targetType: text('target_type'),
    targetId: text('target_id'),
    /** What changed, e.g. `{ before: {...}, after: {...} }`. */
    detail: jsonb('detail').$type<Record<string, unknown>>(),
  },
  (t) => [
    index('audit_events_time_idx').on(t.occurredAt),
    index('audit_events_actor_idx').on(t.actorAccountId),
    index('audit_events_org_idx').on(t.orgId),
  ],
);
