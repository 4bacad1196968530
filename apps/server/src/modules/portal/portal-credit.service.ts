import {
  CREDIT_LISTS,
  type CreditEntry,
  type PortalAttachment,
  type PortalHistoryEntry,
  type StaffCreditEntry,
  type creditListQuery,
  type saveCreditEntryRequest,
  type staffCreditListQuery,
} from '@drp/domain';
import type { z } from 'zod';
import { inTransaction } from '../../db/database.js';
import type { AppContext } from '../../lib/app-context.js';
import { AppError } from '../../lib/app-error.js';
import { recordAudit, type AuditActor } from '../audit/audit.service.js';
import {
  creditEntryExists,
  findCreditEntry,
  findPortalFileForClaim,
  insertCreditEntry,
  listCreditDocuments,
  listTargetEvents,
  queryCreditEntries,
  setCreditDocument,
  updateCreditEntry,
  type CreditDocumentRow,
  type CreditEntryRow,
} from './portal-credit.repository.js';

type SaveRequest = z.output<typeof saveCreditEntryRequest>;

/** Where a document is fetched: the public route serves published entries' files only. */
type FileRoute = 'public' | 'staff';
const fileUrl = (id: string, route: FileRoute) =>
  route === 'public' ? `/api/portal/files/${id}` : `/api/info/portal/files/${id}`;

function presentDocument(file: CreditDocumentRow | undefined, route: FileRoute): PortalAttachment | null {
  if (!file) return null;
  return {
    id: file.id,
    name: file.name,
    size: file.size,
    contentType: file.contentType,
    url: fileUrl(file.id, route),
  };
}

function presentEntry(row: CreditEntryRow, document: PortalAttachment | null): CreditEntry {
  return {
    id: row.id,
    kind: row.kind,
    scope: row.scope,
    orgName: row.orgName,
    creditCode: row.creditCode,
    reason: row.reason,
    issuer: row.issuer,
    issuedOn: row.issuedOn,
    documentNo: row.documentNo,
    document,
  };
}

function presentStaffEntry(row: CreditEntryRow, document: PortalAttachment | null): StaffCreditEntry {
  return { ...presentEntry(row, document), published: row.published, updatedAt: row.updatedAt.toISOString() };
}

async function documentsOf(ctx: AppContext, rows: CreditEntryRow[], route: FileRoute) {
  const files = await listCreditDocuments(
    ctx.db,
    rows.map((r) => r.id),
  );
  const byEntry = new Map<string, PortalAttachment | null>();
  for (const file of files)
    if (file.creditEntryId && !byEntry.has(file.creditEntryId))
      byEntry.set(file.creditEntryId, presentDocument(file, route));
  return (id: string) => byEntry.get(id) ?? null;
}

/** `creditInformation`'s lists: one list's published entries, newest decision first. */
export async function listCreditEntries(ctx: AppContext, query: z.output<typeof creditListQuery>) {
  const { scope, kind } = CREDIT_LISTS[query.list];
  const { total, items } = await queryCreditEntries(ctx.db, { ...query, scope, kind, publishedOnly: true });
  const documentOf = await documentsOf(ctx, items, 'public');
  return { total, items: items.map((row) => presentEntry(row, documentOf(row.id))) };
}

/** Staff's list: every entry not deleted, unpublished ones too. */
export async function listStaffCreditEntries(ctx: AppContext, query: z.output<typeof staffCreditListQuery>) {
  const { total, items } = await queryCreditEntries(ctx.db, { ...query, publishedOnly: false });
  const documentOf = await documentsOf(ctx, items, 'staff');
  return { total, items: items.map((row) => presentStaffEntry(row, documentOf(row.id))) };
}

/**
 * The document a save names must be a portal attachment that is unclaimed and the saver's own
 * upload, or already this entry's document. Anything else (a cover, an article's attachment,
 * another entry's decision, someone else's pending upload) is refused without saying which.
 */
async function checkDocument(
  ctx: AppContext,
  documentId: string | null | undefined,
  entryId: string | null,
  actor: AuditActor,
) {
  if (!documentId) return null;
  const file = await findPortalFileForClaim(ctx.db, documentId);
  const usable =
    file &&
    file.purpose === 'ATTACHMENT' &&
    file.articleId === null &&
    (entryId !== null && file.creditEntryId === entryId
      ? true
      : file.creditEntryId === null && file.uploadedBy === actor.accountId);
  if (!usable) throw new AppError('CREDIT_DOCUMENT_INVALID');
  return file.id;
}

const TRACKED = [
  'kind',
  'scope',
  'orgName',
  'creditCode',
  'reason',
  'issuer',
  'issuedOn',
  'documentNo',
  'published',
] as const;

function valuesOf(request: SaveRequest) {
  return {
    kind: request.kind,
    scope: request.scope,
    orgName: request.orgName,
    creditCode: request.creditCode ?? null,
    reason: request.reason,
    issuer: request.issuer,
    issuedOn: request.issuedOn,
    documentNo: request.documentNo,
    published: request.published,
  };
}

/** Adds a commendation or bulletin entry; published at once unless the request says otherwise. */
export async function createCreditEntry(
  ctx: AppContext,
  input: { request: SaveRequest; audit: AuditActor },
): Promise<StaffCreditEntry> {
  return inTransaction(ctx.db, async (tx) => {
    const scoped = { ...ctx, db: tx };
    const documentId = await checkDocument(scoped, input.request.documentId, null, input.audit);
    const now = ctx.clock();
    const by = input.audit.accountId!;
    const values = valuesOf(input.request);
    const row = await insertCreditEntry(tx, {
      ...values,
      createdBy: by,
      updatedBy: by,
      createdAt: now,
      updatedAt: now,
    });
    await setCreditDocument(tx, row.id, documentId);
    await recordAudit(tx, now, {
      action: 'CREDIT_ENTRY_CREATED',
      actor: input.audit,
      target: { type: 'creditEntry', id: row.id },
      detail: { after: { ...values, documentId } },
    });
    const documentOf = await documentsOf(scoped, [row], 'staff');
    return presentStaffEntry(row, documentOf(row.id));
  });
}

/** Changes an entry; its history records the fields that changed, before and after. */
export async function changeCreditEntry(
  ctx: AppContext,
  input: { id: string; request: SaveRequest; audit: AuditActor },
): Promise<StaffCreditEntry> {
  return inTransaction(ctx.db, async (tx) => {
    const scoped = { ...ctx, db: tx };
    const existing = await findCreditEntry(tx, input.id);
    if (!existing) throw new AppError('NOT_FOUND');
    const documentId = await checkDocument(scoped, input.request.documentId, existing.id, input.audit);
    const [previousDocument] = await listCreditDocuments(tx, [existing.id]);
    const now = ctx.clock();
    const values = valuesOf(input.request);
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    for (const key of TRACKED)
      if (existing[key] !== values[key]) {
        before[key] = existing[key];
        after[key] = values[key];
      }
    if ((previousDocument?.id ?? null) !== documentId) {
      before.documentId = previousDocument?.id ?? null;
      after.documentId = documentId;
    }
    const row = await updateCreditEntry(tx, existing.id, {
      ...values,
      updatedBy: input.audit.accountId!,
      updatedAt: now,
    });
    await setCreditDocument(tx, row.id, documentId);
    await recordAudit(tx, now, {
      action: 'CREDIT_ENTRY_UPDATED',
      actor: input.audit,
      target: { type: 'creditEntry', id: row.id },
      detail: { before, after },
    });
    const documentOf = await documentsOf(scoped, [row], 'staff');
    return presentStaffEntry(row, documentOf(row.id));
  });
}

/** Deletes an entry softly: gone from every list, its row and history kept. */
export async function deleteCreditEntry(ctx: AppContext, input: { id: string; audit: AuditActor }) {
  await inTransaction(ctx.db, async (tx) => {
    const existing = await findCreditEntry(tx, input.id);
    if (!existing) throw new AppError('NOT_FOUND');
    const now = ctx.clock();
    await updateCreditEntry(tx, existing.id, {
      deletedAt: now,
      updatedAt: now,
      updatedBy: input.audit.accountId!,
    });
    await recordAudit(tx, now, {
      action: 'CREDIT_ENTRY_DELETED',
      actor: input.audit,
      target: { type: 'creditEntry', id: existing.id },
      detail: { before: { orgName: existing.orgName, issuedOn: existing.issuedOn } },
    });
  });
}

/** Who did what to an entry, newest first, from the audit log. */
export async function listCreditEntryHistory(ctx: AppContext, id: string): Promise<PortalHistoryEntry[]> {
  if (!(await creditEntryExists(ctx.db, id))) throw new AppError('NOT_FOUND');
  const events = await listTargetEvents(ctx.db, { type: 'creditEntry', id });
  return events.map((e) => ({
    at: e.occurredAt.toISOString(),
    action: e.action,
    actorName: e.actorName ?? e.actorUsername,
    detail: e.detail,
  }));
}
