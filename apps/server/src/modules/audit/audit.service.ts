import type { FastifyRequest } from 'fastify';
import type { AuditAction, AuditPage, auditQuery } from '@drp/domain';
import type { z } from 'zod';
import type { AppContext } from '../../lib/app-context.js';
import type { Db } from '../../db/database.js';
import { insertAuditEvent, queryAuditEvents } from './audit.repository.js';

/** Who did it and from where; taken from the request by the route. */
export interface AuditActor {
  accountId: string | null;
  username: string | null;
  orgId: string | null;
  ip: string;
}

export function auditActorOf(request: FastifyRequest): AuditActor {
  return {
    accountId: request.auth?.account.id ?? null,
    username: request.auth?.account.username ?? null,
    orgId: request.actingMember?.orgId ?? null,
    ip: request.ip,
  };
}

export interface AuditRecord {
  action: AuditAction;
  actor: AuditActor;
  orgId?: string | null;
  target?: { type: string; id: string };
  detail?: Record<string, unknown>;
}

/**
 * Writes one audit event. Call it with the transaction that makes the change, so the change
 * and its record commit or fail together.
 */
export async function recordAudit(db: Db, at: Date, record: AuditRecord) {
  await insertAuditEvent(db, {
    occurredAt: at,
    action: record.action,
    actorAccountId: record.actor.accountId,
    actorUsername: record.actor.username?.slice(0, 64) ?? null,
    orgId: record.orgId === undefined ? record.actor.orgId : record.orgId,
    ip: record.actor.ip,
    targetType: record.target?.type ?? null,
    targetId: record.target?.id ?? null,
    detail: record.detail ?? null,
  });
}

export async function listAuditEvents(
  ctx: AppContext,
  query: z.output<typeof auditQuery>,
): Promise<AuditPage> {
  const { total, items } = await queryAuditEvents(ctx.db, query);
  return {
    total,
    items: items.map(({ event, orgName }) => ({
      ...event,
      occurredAt: event.occurredAt.toISOString(),
      orgName,
    })),
  };
}
