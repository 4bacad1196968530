import {
  LIMITS,
  type PrincipalMember,
  type ProjectDoc,
  type ProjectDocPage,
  type ProjectDocType,
  type projectDocListQuery,
} from '@drp/domain';
import type { z } from 'zod';
import { inTransaction, type Db } from '../../db/database.js';
import type { AppContext } from '../../lib/app-context.js';
import { AppError } from '../../lib/app-error.js';
import { cleanFileName } from '../../lib/clean-file-name.js';
import { newFileKey } from '../../lib/file-store.js';
import { recordAudit, type AuditActor } from '../audit/audit.service.js';
import { openProject } from '../project-access/project-access.service.js';
import { sniffProjectDocType } from './document-type.js';
import {
  deleteProjectDoc,
  findProjectDoc,
  insertProjectDoc,
  queryProjectDocs,
  updateProjectDoc,
  type ProjectDocRow,
} from './project-docs.repository.js';

function present(row: ProjectDocRow, orgName: string): ProjectDoc {
  return {
    id: row.id,
    projectId: row.projectId,
    modelType: row.modelType,
    fileName: row.fileName,
    contentType: row.contentType,
    size: row.size,
    remark: row.remark,
    uploadedByOrgName: orgName,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The construction unit's own application, locked, while it is a draft: attachments are part of
 * what it submits. Anyone else's answers NOT_FOUND as if missing; a submitted one 409.
 */
async function ownDraft(tx: Db, member: PrincipalMember, projectId: string) {
  return (await openProject(tx, member, projectId, { action: 'attachments.edit', lock: true })).project;
}

/** An attachment of the construction unit's own draft, for a change. */
async function ownDraftDoc(tx: Db, member: PrincipalMember, id: string) {
  const found = await findProjectDoc(tx, id);
  if (!found) throw new AppError('NOT_FOUND');
  await ownDraft(tx, member, found.doc.projectId);
  return found;
}

/** An application's attachments, for whoever sees the application. */
export async function listProjectDocs(
  ctx: AppContext,
  input: { member: PrincipalMember; query: z.output<typeof projectDocListQuery> },
): Promise<ProjectDocPage> {
  const { query } = input;
  const open = await openProject(ctx.db, input.member, query.projectId);
  const { project } = open;
  const page = await queryProjectDocs(ctx.db, project.id, query.modelType, {
    limit: query.pageSize,
    offset: query.page * query.pageSize,
  });
  return {
    total: page.total,
    items: page.items.map((r) => present(r.doc, r.orgName)),
    can: { edit: open.can('attachments.edit') },
  };
}

/**
 * Keeps an attachment of a draft application: a PDF, OFD, JPEG or PNG judged by its bytes. The
 * bytes are stored first and removed again if the record cannot be written.
 */
export async function addProjectDoc(
  ctx: AppContext,
  input: {
    member: PrincipalMember;
    projectId: string;
    modelType: ProjectDocType;
    remark: string | null;
    file: { fileName: string; body: Buffer };
    audit: AuditActor;
  },
): Promise<ProjectDoc> {
  // Access and state first, so an outsider learns nothing from the file check.
  await inTransaction(ctx.db, (tx) => ownDraft(tx, input.member, input.projectId));
  const contentType = sniffProjectDocType(input.file.body);
  if (!contentType || input.file.body.length > LIMITS.projectDocMaxBytes)
    throw new AppError('PROJECT_DOC_UNSUPPORTED_FILE');
  const fileName = cleanFileName(input.file.fileName);
  const storageKey = newFileKey('project-docs');
  await ctx.files.put(storageKey, input.file.body);
  try {
    return await inTransaction(ctx.db, async (tx) => {
      const project = await ownDraft(tx, input.member, input.projectId);
      const now = ctx.clock();
      const row = await insertProjectDoc(tx, {
        projectId: project.id,
        modelType: input.modelType,
        storageKey,
        fileName,
        contentType,
        size: input.file.body.length,
        remark: input.remark,
        uploadedByOrgId: input.member.orgId,
        uploadedBy: input.audit.accountId,
        createdAt: now,
        updatedAt: now,
      });
      await recordAudit(tx, now, {
        action: 'PROJECT_DOC_ADDED',
        actor: input.audit,
        target: { type: 'projectDoc', id: row.id },
        detail: { projectId: project.id, modelType: row.modelType, fileName, size: row.size },
      });
      return present(row, (await findProjectDoc(tx, row.id))!.orgName);
    });
  } catch (error) {
    await ctx.files.remove(storageKey);
    throw error;
  }
}

/** Deletes an attachment of a draft; its bytes go once the deletion has committed. */
export async function removeProjectDoc(
  ctx: AppContext,
  input: { member: PrincipalMember; id: string; audit: AuditActor },
) {
  const key = await inTransaction(ctx.db, async (tx) => {
    const { doc } = await ownDraftDoc(tx, input.member, input.id);
    await deleteProjectDoc(tx, doc.id);
    await recordAudit(tx, ctx.clock(), {
      action: 'PROJECT_DOC_DELETED',
      actor: input.audit,
      target: { type: 'projectDoc', id: doc.id },
      detail: { projectId: doc.projectId, modelType: doc.modelType, fileName: doc.fileName },
    });
    return doc.storageKey;
  });
  await ctx.files.remove(key);
}

export async function editProjectDocRemark(
  ctx: AppContext,
  input: { member: PrincipalMember; id: string; remark: string | null; audit: AuditActor },
): Promise<ProjectDoc> {
  return inTransaction(ctx.db, async (tx) => {
    const { doc, orgName } = await ownDraftDoc(tx, input.member, input.id);
    const now = ctx.clock();
    await updateProjectDoc(tx, doc.id, { remark: input.remark, updatedAt: now });
    await recordAudit(tx, now, {
      action: 'PROJECT_DOC_UPDATED',
      actor: input.audit,
      target: { type: 'projectDoc', id: doc.id },
      detail: { projectId: doc.projectId, remark: input.remark },
    });
    return present({ ...doc, remark: input.remark, updatedAt: now }, orgName);
  });
}

/** The bytes of an attachment, for whoever sees its application. */
export async function openProjectDoc(ctx: AppContext, input: { member: PrincipalMember; id: string }) {
  const found = await findProjectDoc(ctx.db, input.id);
  if (!found) throw new AppError('NOT_FOUND');
  await openProject(ctx.db, input.member, found.doc.projectId);
  const file = await ctx.files.open(found.doc.storageKey);
  if (!file) throw new AppError('NOT_FOUND');
  return { ...file, fileName: found.doc.fileName, contentType: found.doc.contentType };
}
