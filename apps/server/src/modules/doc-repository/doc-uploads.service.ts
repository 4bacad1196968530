import type { Readable } from 'node:stream';
import { readHead } from '../../lib/read-head.js';
import {
  UPLOAD_CODE_MINUTES,
  type DocFile,
  type DocPersonInfo,
  type OperationCode,
  type PrincipalMember,
  type UploadedFile,
} from '@drp/domain';
import { inTransaction } from '../../db/database.js';
import { nameOrDrain } from '../../lib/clean-file-name.js';
import { AppError } from '../../lib/app-error.js';
import type { AppContext } from '../../lib/app-context.js';
import { randomToken, sha256Hex } from '../../lib/crypto.js';
import { DRAWING_HEAD_BYTES, detectDrawingFileType } from '../../lib/drawing-file-type.js';
import { FileTooLargeError, newFileKey } from '../../lib/file-store.js';
import { recordAudit, type AuditActor } from '../audit/audit.service.js';
import { openProject } from '../project-access/project-access.service.js';
import {
  claimUpload,
  fileNamesIn,
  findFileWithUploader,
  findFolderOfProject,
  findUploadByCode,
  findVersion,
  insertFile,
  insertUpload,
  listFilesOf,
  nextFileSortOrder,
  updateUpload,
} from './doc-repository.repository.js';
import { committedCategories, folderOf, requireWritable, writable } from './doc-repository.service.js';

/** Where the multipart POST of the spec goes (an "external document service" there). */
export const UPLOAD_PATH = '/api/files/upload';

/** `a.pdf`, `a (2).pdf`, `a (3).pdf`…: the first name not taken in the folder. */
function freeName(name: string, taken: Set<string>) {
  if (!taken.has(name)) return name;
  const dot = name.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  for (let n = 2; ; n += 1) if (!taken.has(`${stem} (${n})${ext}`)) return `${stem} (${n})${ext}`;
}

function sizeText(bytes: number) {
  return bytes >= 1024 ** 3 ? `${+(bytes / 1024 ** 3).toFixed(2)} GB` : `${Math.round(bytes / 1024 ** 2)} MB`;
}

export async function issueOperationCode(
  ctx: AppContext,
  input: {
    member: PrincipalMember;
    accountId: string;
    projectId: string;
    versionId: string;
    folderId: string;
  },
): Promise<OperationCode> {
  const open = await openProject(ctx.db, input.member, input.projectId);
  const found = await folderOf(ctx.db, input.projectId, input.folderId, input.versionId);
  await requireWritable(ctx.db, open, found.version, found.folder);
  const code = randomToken(32);
  const expiresAt = new Date(ctx.clock().getTime() + UPLOAD_CODE_MINUTES * 60_000);
  await insertUpload(ctx.db, {
    codeHash: sha256Hex(code),
    projectId: input.projectId,
    versionId: input.versionId,
    folderId: input.folderId,
    orgId: input.member.orgId,
    accountId: input.accountId,
    expiresAt,
  });
  return {
    operationCode: code,
    expiresAt: expiresAt.toISOString(),
    maxBytes: ctx.config.uploadMaxBytes,
    uploadUrl: UPLOAD_PATH,
  };
}

/**
 * The multipart upload: stores the bytes under a staging key, computing their SHA-256 on the way,
 * and binds them to the operation code. A refused or broken upload stores nothing and leaves the
 * code usable for another try; a used or expired code is refused before a byte is stored.
 */
export async function receiveUpload(
  ctx: AppContext,
  input: { operationCode: string; fileName: string; body: Readable },
): Promise<UploadedFile> {
  // Before the code is claimed: a refused name leaves it usable for a renamed file.
  const name = nameOrDrain(input.fileName, input.body);
  const upload = await claimUpload(ctx.db, sha256Hex(input.operationCode), ctx.clock());
  if (!upload) throw new AppError('UPLOAD_CODE_INVALID');
  const key = newFileKey('drawings');
  try {
    const { head, rest } = await readHead(input.body, DRAWING_HEAD_BYTES);
    if (head.length === 0) throw new AppError('UPLOAD_FILE_MISSING');
    const type = detectDrawingFileType(head, name);
    if (!type) {
      // What is left of the body is not wanted: let it drain rather than hold the request.
      input.body.resume();
      throw new AppError('DOC_FILE_TYPE_REFUSED', { name });
    }
    const stored = await ctx.files.putStream(key, rest, { maxBytes: ctx.config.uploadMaxBytes });
    await updateUpload(ctx.db, upload.id, {
      status: 'UPLOADED',
      fileName: name,
      size: stored.size,
      sha256: stored.sha256,
      contentType: type.contentType,
      storageKey: key,
      uploadedAt: ctx.clock(),
    });
    return {
      operationCode: input.operationCode,
      name,
      size: stored.size,
      sha256: stored.sha256,
      contentType: type.contentType,
    };
  } catch (error) {
    await updateUpload(ctx.db, upload.id, { status: 'PENDING' });
    await ctx.files.remove(key).catch(() => {});
    if (error instanceof FileTooLargeError)
      throw new AppError('DOC_FILE_TOO_LARGE', { size: sizeText(ctx.config.uploadMaxBytes) });
    throw error;
  }
}

function presentFile(row: Awaited<ReturnType<typeof listFilesOf>>[number], deletable: boolean): DocFile {
  const { file } = row;
  return {
    id: file.id,
    folderId: file.folderId,
    versionId: file.versionId,
    name: file.name,
    size: file.size,
    sha256: file.sha256,
    contentType: file.contentType,
    orgId: file.orgId,
    orgName: row.orgName,
    uploaderName: row.uploaderName,
    createdAt: file.createdAt.toISOString(),
    deletable,
  };
}

/**
 * `saveFile`: puts an uploaded file into the folder its code was issued for, by the member it was
 * issued to, if that member may still write there. Same names in one folder get ` (2)`, ` (3)`.
 * Idempotent by operation code: the same member saving the same code again (a retry after the
 * answer was lost) gets the file it already became, as long as that file is still there.
 */
export async function saveUploadedFile(
  ctx: AppContext,
  input: { member: PrincipalMember; projectId: string; operationCode: string; audit: AuditActor },
): Promise<DocFile> {
  const { member, projectId } = input;
  const open = await openProject(ctx.db, member, projectId);
  const saved = await inTransaction(ctx.db, async (tx) => {
    const upload = await findUploadByCode(tx, sha256Hex(input.operationCode), { lock: true });
    if (
      !upload ||
      upload.projectId !== projectId ||
      upload.orgId !== member.orgId ||
      upload.accountId !== input.audit.accountId
    )
      throw new AppError('UPLOAD_CODE_INVALID');
    if (upload.status === 'SAVED') {
      // Deleted since (the reference was cleared with it): nothing to answer with.
      if (!upload.fileId) throw new AppError('UPLOAD_CODE_INVALID');
      return { fileId: upload.fileId, again: true };
    }
    if (upload.status !== 'UPLOADED') throw new AppError('UPLOAD_NOT_FINISHED');
    if (!upload.folderId) throw new AppError('DOC_FOLDER_GONE');
    const found = await findFolderOfProject(tx, projectId, upload.folderId);
    if (!found) throw new AppError('DOC_FOLDER_GONE');
    await findVersion(tx, projectId, found.version.id, { lock: true });
    await requireWritable(tx, open, found.version, found.folder);
    const name = freeName(upload.fileName!, await fileNamesIn(tx, found.folder.id));
    const file = await insertFile(tx, {
      folderId: found.folder.id,
      versionId: found.version.id,
      name,
      size: upload.size!,
      sha256: upload.sha256!,
      contentType: upload.contentType!,
      storageKey: upload.storageKey!,
      orgId: upload.orgId,
      uploadedBy: upload.accountId,
      sortOrder: await nextFileSortOrder(tx, found.folder.id),
    });
    await updateUpload(tx, upload.id, { status: 'SAVED', fileId: file.id });
    await recordAudit(tx, ctx.clock(), {
      action: 'DOC_FILE_SAVED',
      actor: input.audit,
      target: { type: 'docFile', id: file.id },
      detail: { projectId, folder: found.folder.name, name, size: upload.size, sha256: upload.sha256 },
    });
    return { fileId: file.id, again: false };
  });
  const row = await findFileWithUploader(ctx.db, projectId, saved.fileId);
  if (!row) throw new AppError('UPLOAD_CODE_INVALID');
  if (!saved.again) return presentFile(row, true);
  // A retry may come after the version was sent or the unit handed its materials over.
  const found = await folderOf(ctx.db, projectId, row.file.folderId);
  const committed = await committedCategories(ctx.db, found.version.id, member.orgId);
  const deletable = writable(open, found.version, found.folder, committed.has(found.folder.category));
  return presentFile(row, deletable);
}

export async function listFolderFiles(
  ctx: AppContext,
  input: { member: PrincipalMember; projectId: string; versionId: string; folderId: string },
): Promise<DocFile[]> {
  const open = await openProject(ctx.db, input.member, input.projectId);
  const found = await folderOf(ctx.db, input.projectId, input.folderId, input.versionId);
  const committed = await committedCategories(ctx.db, found.version.id, input.member.orgId);
  const mayWrite = writable(open, found.version, found.folder, committed.has(found.folder.category));
  return (await listFilesOf(ctx.db, found.folder.id)).map((row) =>
    presentFile(row, mayWrite && row.file.orgId === input.member.orgId),
  );
}

export async function describeUploader(
  ctx: AppContext,
  input: { member: PrincipalMember; projectId: string; fileId: string },
): Promise<DocPersonInfo> {
  await openProject(ctx.db, input.member, input.projectId);
  const row = await findFileWithUploader(ctx.db, input.projectId, input.fileId);
  if (!row) throw new AppError('NOT_FOUND');
  return {
    name: row.uploaderName,
    phone: row.uploaderPhone,
    orgName: row.orgName,
    uploadedAt: row.file.createdAt.toISOString(),
  };
}
