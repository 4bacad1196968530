import { and, eq, inArray, isNotNull, isNull, lt, lte } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { docUploads } from '../../db/schema/doc-repository.js';

// ---- sweeping abandoned uploads (doc-upload-sweeper) ----
// No table references doc_uploads, so its rows go without touching anything else. Every delete
// re-checks the state it was chosen in: two processes sweeping at once remove each row once.

/** Codes that expired unused: nothing was stored for them, and claimUpload no longer takes them. */
export async function deleteExpiredPendingUploads(db: Db, now: Date): Promise<number> {
  const rows = await db
    .delete(docUploads)
    .where(and(eq(docUploads.status, 'PENDING'), lte(docUploads.expiresAt, now)))
    .returning({ id: docUploads.id });
  return rows.length;
}

/**
 * Multipart uploads still RECEIVING long after their code was issued: the process taking them was
 * killed. Their bytes never got a key of their own (the store writes a key whole or not at all).
 */
export async function deleteStaleMultipartUploads(db: Db, createdBefore: Date): Promise<number> {
  const rows = await db
    .delete(docUploads)
    .where(
      and(
        eq(docUploads.status, 'RECEIVING'),
        isNull(docUploads.tusTokenHash),
        lt(docUploads.createdAt, createdBefore),
      ),
    )
    .returning({ id: docUploads.id });
  return rows.length;
}

/** Every tus upload still receiving bytes: how long each has been idle is its part file's to say. */
export async function listReceivingTusUploads(db: Db) {
  return db
    .select({ id: docUploads.id, createdAt: docUploads.createdAt, uploadOffset: docUploads.uploadOffset })
    .from(docUploads)
    .where(and(eq(docUploads.status, 'RECEIVING'), isNotNull(docUploads.tusTokenHash)));
}

/**
 * Deletes a tus upload if it is still receiving at `offset`: false when a request (of any process)
 * has moved it on since it was judged idle, and then it stays.
 */
export async function deleteIdleTusUpload(db: Db, id: string, offset: number | null): Promise<boolean> {
  const rows = await db
    .delete(docUploads)
    .where(
      and(
        eq(docUploads.id, id),
        eq(docUploads.status, 'RECEIVING'),
        offset === null ? isNull(docUploads.uploadOffset) : eq(docUploads.uploadOffset, offset),
      ),
    )
    .returning({ id: docUploads.id });
  return rows.length === 1;
}

/** Uploads whose bytes were stored but that no one saved into a folder since `uploadedBefore`. */
export async function listUnsavedUploadIds(db: Db, uploadedBefore: Date): Promise<string[]> {
  const rows = await db
    .select({ id: docUploads.id })
    .from(docUploads)
    .where(and(eq(docUploads.status, 'UPLOADED'), lt(docUploads.uploadedAt, uploadedBefore)));
  return rows.map((r) => r.id);
}

/**
 * One such upload, locked until the transaction ends so a saveFile cannot take it meanwhile;
 * undefined when it was saved or swept since, or another transaction holds it now.
 */
export async function lockUnsavedUpload(db: Db, id: string, uploadedBefore: Date) {
  const [row] = await db
    .select({ id: docUploads.id, storageKey: docUploads.storageKey, size: docUploads.size })
    .from(docUploads)
    .where(
      and(
        eq(docUploads.id, id),
        eq(docUploads.status, 'UPLOADED'),
        lt(docUploads.uploadedAt, uploadedBefore),
      ),
    )
    .for('update', { skipLocked: true });
  return row;
}

export async function deleteUpload(db: Db, id: string) {
  await db.delete(docUploads).where(eq(docUploads.id, id));
}

/** Which of these uploads are receiving: the only ones a part file may belong to. */
export async function receivingUploadIdsAmong(db: Db, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: docUploads.id })
    .from(docUploads)
    .where(and(inArray(docUploads.id, [...ids]), eq(docUploads.status, 'RECEIVING')));
  return new Set(rows.map((r) => r.id));
}
