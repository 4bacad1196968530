import type { FastifyRequest } from 'fastify';
import type { AuditAction, AuditPage, auditQuery } from '@drp/domain';
import type { z } from 'zod';
import type { AppContext } from '../../lib/app-context.js';
import type { Db } from '../../db/database.js';
import {
  insertAuditEvent,
  namesOfAuditSubjects,
  queryAuditEvents,
  type AuditRow,
  type AuditSubjects,
} from './audit.repository.js';

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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const idIn = (value: unknown) => (typeof value === 'string' && UUID.test(value) ? value : undefined);
const textIn = (value: unknown) => (typeof value === 'string' && value ? value : null);

/** Which bucket of `AuditSubjects` a target type's ids go to. */
const SUBJECT_OF: Record<string, keyof AuditSubjects> = {
  account: 'accounts',
  member: 'members',
  org: 'orgs',
  project: 'projects',
  building: 'buildings',
  application: 'applications',
  forumTopic: 'forumTopics',
};

/** The application an event concerns: its target, or the one its detail names. */
const projectIdOf = (event: AuditRow) =>
  event.targetType === 'project' ? idIn(event.targetId) : idIn(event.detail?.projectId);

/**
 * A page of the audit trail with what each event names resolved to names, so the reader sees
 * people, organisations, applications and buildings, never their ids (packages/domain
 * describeAuditEvent makes the sentence).
 */
export async function listAuditEvents(
  ctx: AppContext,
  query: z.output<typeof auditQuery>,
): Promise<AuditPage> {
  const { total, items } = await queryAuditEvents(ctx.db, query);
  const ids: AuditSubjects = {
    accounts: [],
    members: [],
    orgs: [],
    projects: [],
    buildings: [],
    applications: [],
    forumTopics: [],
  };
  for (const { event } of items) {
    const bucket = event.targetType ? SUBJECT_OF[event.targetType] : undefined;
    const target = idIn(event.targetId);
    if (bucket && target) ids[bucket].push(target);
    const projectId = projectIdOf(event);
    if (projectId) ids.projects.push(projectId);
  }
  const found = await namesOfAuditSubjects(ctx.db, ids);
  const byId = <T extends { id: string }>(rows: T[]) => new Map(rows.map((r) => [r.id, r]));
  const names: Record<keyof AuditSubjects, Map<string, { id: string; name: string }>> = {
    accounts: byId(found.accountRows),
    members: byId(found.memberRows),
    orgs: byId(found.orgRows),
    projects: byId(found.projectRows),
    buildings: byId(found.buildingRows),
    applications: byId(found.applicationRows),
    forumTopics: byId(found.topicRows),
  };
  const projectsById = byId(found.projectRows);
  const buildingsById = byId(found.buildingRows);
  return {
    total,
    items: items.map(({ event, orgName, actorName }) => {
      const bucket = event.targetType ? SUBJECT_OF[event.targetType] : undefined;
      const target = bucket && event.targetId ? names[bucket].get(event.targetId) : undefined;
      const projectId = projectIdOf(event) ?? buildingsById.get(event.targetId ?? '')?.projectId;
      const project = projectId ? projectsById.get(projectId) : undefined;
      // A deleted application is named by what its record kept.
      const deleted = event.targetType === 'project' && !project;
      return {
        ...event,
        occurredAt: event.occurredAt.toISOString(),
        orgName,
        actorName,
        targetName: target?.name ?? null,
        projectName: project?.name ?? (deleted ? textIn(event.detail?.name) : null),
        projectCode: project?.code ?? (deleted ? textIn(event.detail?.code) : null),
      };
    }),
  };
}
