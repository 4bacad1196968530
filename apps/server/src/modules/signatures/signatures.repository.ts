import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { accounts, memberProfiles, members } from '../../db/schema/accounts.js';
import { signingTasks } from '../../db/schema/signatures.js';

/* Signing tasks (issue 21): the signatures each issued document must carry, in order. */

export type SigningTaskRow = typeof signingTasks.$inferSelect;
export type SigningTaskInsert = typeof signingTasks.$inferInsert;
export type SigningTaskWithName = { task: SigningTaskRow; signerName: string | null };

export async function replaceSigningTasks(db: Db, documentId: string, rows: SigningTaskInsert[]) {
  await db.delete(signingTasks).where(eq(signingTasks.documentId, documentId));
  if (rows.length > 0) await db.insert(signingTasks).values(rows);
}

export async function listSigningTasks(db: Db, documentIds: readonly string[]): Promise<SigningTaskWithName[]> {
  if (documentIds.length === 0) return [];
  return db
    .select({ task: signingTasks, signerName: accounts.name })
    .from(signingTasks)
    .leftJoin(accounts, eq(accounts.id, signingTasks.signerAccountId))
    .where(inArray(signingTasks.documentId, [...documentIds]))
    .orderBy(asc(signingTasks.step), asc(signingTasks.slot));
}

export async function findSigningTask(db: Db, id: string): Promise<SigningTaskRow | null> {
  const [row] = await db.select().from(signingTasks).where(eq(signingTasks.id, id));
  return row ?? null;
}

/** Signed and total per document. */
export async function countSignatures(db: Db, documentIds: readonly string[]) {
  if (documentIds.length === 0) return new Map<string, { signed: number; total: number }>();
  const rows = await db
    .select({
      documentId: signingTasks.documentId,
      total: sql<number>`count(*)::int`,
      signed: sql<number>`count(${signingTasks.signedAt})::int`,
    })
    .from(signingTasks)
    .where(inArray(signingTasks.documentId, [...documentIds]))
    .groupBy(signingTasks.documentId);
  return new Map(rows.map((r) => [r.documentId, { signed: r.signed, total: r.total }]));
}

/** Marks a task signed unless someone else just did (false then). */
export async function markTaskSigned(
  db: Db,
  id: string,
  patch: { signerAccountId: string; signedAt: Date; identityId: string; signedSha256: string | null },
): Promise<boolean> {
  const rows = await db
    .update(signingTasks)
    .set(patch)
    .where(and(eq(signingTasks.id, id), isNull(signingTasks.signedAt)))
    .returning({ id: signingTasks.id });
  return rows.length > 0;
}

export async function listSigningDocumentIds(db: Db, projectId: string) {
  const rows = await db
    .selectDistinct({ documentId: signingTasks.documentId, kind: signingTasks.documentKind })
    .from(signingTasks)
    .where(eq(signingTasks.projectId, projectId));
  return rows;
}

/**
 * Who of the agency may give a director's or the seal's signature: its enabled members with the
 * director's profile, or (the seal) its admins and approval administrators.
 */
export async function listAgencySigners(db: Db, orgId: string, role: 'DIRECTOR' | 'AGENCY') {
  const rows = await db
    .selectDistinct({ accountId: members.accountId })
    .from(members)
    .leftJoin(memberProfiles, eq(memberProfiles.memberId, members.id))
    .where(
      and(
        eq(members.orgId, orgId),
        eq(members.enabled, true),
        role === 'DIRECTOR'
          ? eq(memberProfiles.profile, 'DRAWING_APPROVAL_DIRECTOR')
          : or(
              eq(members.admin, true),
              eq(memberProfiles.profile, 'DRAWING_APPROVAL_ADMIN'),
              eq(memberProfiles.profile, 'DRAWING_APPROVAL_DIRECTOR'),
            ),
      ),
    );
  return rows.map((r) => r.accountId);
}
