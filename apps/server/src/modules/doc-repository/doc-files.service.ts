import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Readable } from 'node:stream';
import { DOC_CATEGORIES, DOC_CATEGORY_KEYS, docVersionName, type PrincipalMember } from '@drp/domain';
import { AppError } from '../../lib/app-error.js';
import type { AppContext } from '../../lib/app-context.js';
import type { StoredFileToSend } from '../../lib/send-stored-file.js';
import { zipStream, type ZipEntry } from '../../lib/zip-stream.js';
import { openProject } from '../project-access/project-access.service.js';
import {
  findDocFile,
  findFilesOfProject,
  findVersion,
  listVersionFiles,
  listVersionFolders,
} from './doc-repository.repository.js';

/**
 * Reading the repository's files (issue 6): short-lived signed links that a viewer or a plain
 * `<a href>` can open without the bearer token, and the zip of a whole version.
 */

/** Where a signed link serves its file. */
export const VIEW_PATH = '/api/files/view';

/**
 * How long a link works. A PDF viewer fetches a big drawing by ranges over the same link for as
 * long as it is open, so the link is not one-time; it is short so that one leaked (history,
 * a forwarded message) soon opens nothing.
 */
export const VIEW_LINK_MINUTES = 10;

/** Shown in the browser when opened; anything else is saved, never rendered from our origin. */
const INLINE_TYPES = new Set(['application/pdf', 'image/png', 'image/jpeg']);

const UUID_BYTES = 16;
/** Seconds since 1970 as an unsigned 32-bit number: enough until 2106. */
const EXPIRY_BYTES = 4;
const PAYLOAD_BYTES = 2 * UUID_BYTES + EXPIRY_BYTES;
const MAC_BYTES = 32;
const TOKEN_PATTERN = new RegExp(`^[A-Za-z0-9_-]{${Math.ceil(((PAYLOAD_BYTES + MAC_BYTES) * 4) / 3)}}$`);

/**
 * The links' own key, derived from the auth key: the same secret also signs the sign-in ticket,
 * and a MAC made for one purpose must never verify for another.
 */
function viewKey(ctx: AppContext): Buffer {
  return createHmac('sha256', ctx.secrets.authKey).update('drp doc-file view link v1').digest();
}

const uuidBytes = (id: string) => Buffer.from(id.replace(/-/g, ''), 'hex');
function uuidOf(bytes: Buffer): string {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The token: file id, account id and expiry, then their HMAC-SHA256, as base64url. The file id
 * in the MAC keeps a token from opening any other file; the account id says whose it was.
 */
export function signViewToken(ctx: AppContext, fileId: string, accountId: string, expiresAt: number): string {
  const payload = Buffer.alloc(PAYLOAD_BYTES);
  uuidBytes(fileId).copy(payload, 0);
  uuidBytes(accountId).copy(payload, UUID_BYTES);
  payload.writeUInt32BE(expiresAt, 2 * UUID_BYTES);
  const mac = createHmac('sha256', viewKey(ctx)).update(payload).digest();
  return Buffer.concat([payload, mac]).toString('base64url');
}

/** The file id of a token that is well-formed, signed by us and not expired; else undefined. */
export function readViewToken(ctx: AppContext, token: string): { fileId: string; accountId: string } | undefined {
  if (!TOKEN_PATTERN.test(token)) return undefined;
  const bytes = Buffer.from(token, 'base64url');
  // Base64 has spare bits in its last character: only the one spelling we issue is accepted.
  if (bytes.length !== PAYLOAD_BYTES + MAC_BYTES || bytes.toString('base64url') !== token) return undefined;
  const payload = bytes.subarray(0, PAYLOAD_BYTES);
  const expected = createHmac('sha256', viewKey(ctx)).update(payload).digest();
  if (!timingSafeEqual(bytes.subarray(PAYLOAD_BYTES), expected)) return undefined;
  const expiresAt = payload.readUInt32BE(2 * UUID_BYTES);
  if (expiresAt * 1000 <= ctx.clock().getTime()) return undefined;
  return {
    fileId: uuidOf(payload.subarray(0, UUID_BYTES)),
    accountId: uuidOf(payload.subarray(UUID_BYTES, 2 * UUID_BYTES)),
  };
}

/** `getViewToken`: a token for a file of an application the acting member sees. */
export async function issueViewToken(
  ctx: AppContext,
  input: { member: PrincipalMember; accountId: string; projectId: string; fileId: string },
): Promise<{ token: string; expiresAt: string }> {
  await openProject(ctx.db, input.member, input.projectId);
  const [found] = await findFilesOfProject(ctx.db, input.projectId, [input.fileId]);
  if (!found) throw new AppError('NOT_FOUND');
  const expiresAt = Math.floor(ctx.clock().getTime() / 1000) + VIEW_LINK_MINUTES * 60;
  return {
    token: signViewToken(ctx, found.file.id, input.accountId, expiresAt),
    expiresAt: new Date(expiresAt * 1000).toISOString(),
  };
}

/** `getViewURL`: the same token as a link to the file. */
export async function issueViewUrl(
  ctx: AppContext,
  input: { member: PrincipalMember; accountId: string; projectId: string; fileId: string },
): Promise<{ url: string; expiresAt: string }> {
  const { token, expiresAt } = await issueViewToken(ctx, input);
  return { url: `${VIEW_PATH}/${token}`, expiresAt };
}

/**
 * What a signed link serves. An expired, altered or unknown token, and a file deleted since the
 * link was made, all answer NOT_FOUND: the link tells nobody which of these it was.
 */
export async function fileOfViewToken(
  ctx: AppContext,
  input: { token: string; download: boolean },
): Promise<StoredFileToSend> {
  const claim = readViewToken(ctx, input.token);
  if (!claim) throw new AppError('NOT_FOUND');
  const file = await findDocFile(ctx.db, claim.fileId);
  if (!file) throw new AppError('NOT_FOUND');
  return {
    key: file.storageKey,
    contentType: file.contentType,
    downloadName: file.name,
    size: file.size,
    sha256: file.sha256,
    disposition: !input.download && INLINE_TYPES.has(file.contentType) ? 'inline' : 'attachment',
  };
}

/**
 * `batchDownLoadDrawingsReview`: one version's files as a zip, `勘察文件/<building>/<folders…>/<file>`
 * and `施工图/<building>/<specialty>/<folders…>/<file>`, in the trees' order; only the files the
 * units in `orgIds` uploaded when it names any. The bytes are read one file at a time while the
 * archive is sent, so a version of many gigabytes costs no memory.
 */
export async function zipDocVersion(
  ctx: AppContext,
  input: {
    member: PrincipalMember;
    projectId: string;
    versionId: string;
    orgIds: readonly string[] | undefined;
  },
): Promise<{ fileName: string; body: Readable }> {
  const { project } = await openProject(ctx.db, input.member, input.projectId);
  const version = await findVersion(ctx.db, input.projectId, input.versionId);
  if (!version) throw new AppError('NOT_FOUND');
  const [folders, files] = await Promise.all([
    listVersionFolders(ctx.db, version.id),
    listVersionFiles(ctx.db, version.id, input.orgIds),
  ]);

  // Each folder's path and its place in a depth-first walk of the trees, survey documents first.
  const children = new Map<string | null, typeof folders>();
  for (const folder of folders) {
    const siblings = children.get(folder.parentId) ?? [];
    siblings.push(folder);
    children.set(folder.parentId, siblings);
  }
  const place = new Map<string, { path: string; order: number }>();
  const walk = (parentId: string | null, path: string, category: string) => {
    for (const folder of children.get(parentId) ?? []) {
      if (folder.category !== category) continue;
      const folderPath = `${path}/${folder.name}`;
      place.set(folder.id, { path: folderPath, order: place.size });
      walk(folder.id, folderPath, category);
    }
  };
  for (const category of DOC_CATEGORY_KEYS) walk(null, DOC_CATEGORIES[category]['zh-CN'], category);

  const entries: ZipEntry[] = files
    .flatMap((file) => {
      const at = place.get(file.folderId);
      return at ? [{ file, at }] : [];
    })
    .sort((a, b) => a.at.order - b.at.order)
    .map(({ file, at }) => ({
      name: `${at.path}/${file.name}`,
      size: file.size,
      modifiedAt: file.createdAt,
      open: async () => {
        const opened = await ctx.files.open(file.storageKey);
        // Headers are gone by now: the archive can only break off, and the client sees it fail.
        if (!opened) throw new Error(`stored file ${file.storageKey} of doc file ${file.id} is missing`);
        return opened.body;
      },
    }));
  return {
    fileName: `${project.code ?? project.name}-${docVersionName(version.number, 'zh-CN')}.zip`,
    body: zipStream(entries),
  };
}
