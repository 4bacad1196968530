import type { Readable } from 'node:stream';
import { readHead } from '../../lib/read-head.js';
import {
  PORTAL_ATTACHMENT_CONTENT_TYPES,
  PORTAL_COVER_CONTENT_TYPES,
  PORTAL_LIMITS,
  PORTAL_UPLOAD_PURPOSES,
  type PortalAttachment,
  type PortalUpload,
} from '@drp/domain';
import type { AppContext } from '../../lib/app-context.js';
import { AppError } from '../../lib/app-error.js';
import { DRAWING_HEAD_BYTES, detectDrawingFileType } from '../../lib/drawing-file-type.js';
import { FileTooLargeError, newFileKey } from '../../lib/file-store.js';
import type { StoredFileToSend } from '../../lib/send-stored-file.js';
import { nameOrDrain } from '../../lib/clean-file-name.js';
import {
  findPortalFile,
  findPublicPortalFile,
  insertPortalFile,
  type PortalFileRow,
} from './portal-files.repository.js';

export type PortalUploadPurpose = (typeof PORTAL_UPLOAD_PURPOSES)[number];

/** Where the public reads a portal file, and where staff read any of them (drafts' too). */
export const publicFileUrl = (id: string) => `/api/portal/files/${id}`;
export const staffFileUrl = (id: string) => `/api/info/portal/files/${id}`;

export function presentAttachment(file: PortalFileRow, url: (id: string) => string): PortalAttachment {
  return { id: file.id, name: file.name, size: file.size, contentType: file.contentType, url: url(file.id) };
}

const RULES = {
  ATTACHMENT: {
    accepted: PORTAL_ATTACHMENT_CONTENT_TYPES as readonly string[],
    maxBytes: PORTAL_LIMITS.attachmentMaxBytes,
    refused: 'PORTAL_ATTACHMENT_TYPE_REFUSED',
    what: { 'zh-CN': '附件', 'en-US': 'An attachment' },
  },
  COVER: {
    accepted: PORTAL_COVER_CONTENT_TYPES as readonly string[],
    maxBytes: PORTAL_LIMITS.coverMaxBytes,
    refused: 'PORTAL_COVER_TYPE_REFUSED',
    what: { 'zh-CN': '封面图片', 'en-US': 'A cover image' },
  },
} as const;

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/**
 * The type of a portal upload, judged by its bytes. Pictures and PDFs say what they are in their
 * first bytes, whatever they are called; Office files, OFD and ZIP archives share two containers
 * (OLE, ZIP), so there the name's extension picks among the formats of the container found. A
 * type the purpose does not take is undefined: no SVG (it runs scripts), no executables.
 */
export function portalFileType(purpose: PortalUploadPurpose, head: Buffer, name: string): string | undefined {
  const { accepted } = RULES[purpose];
  const extension = name.includes('.') ? name.slice(name.lastIndexOf('.') + 1).toLowerCase() : '';
  const byName = detectDrawingFileType(head, name)?.contentType;
  const byContent =
    detectDrawingFileType(head, 'x.pdf') ??
    detectDrawingFileType(head, 'x.png') ??
    detectDrawingFileType(head, 'x.jpg') ??
    detectDrawingFileType(head, 'x.webp');
  const zip = extension === 'zip' && head.subarray(0, 4).equals(ZIP) ? 'application/zip' : undefined;
  return [byContent?.contentType, byName, zip].find((type) => type !== undefined && accepted.includes(type));
}

/**
 * `POST /api/info/portal/uploads`: keeps an attachment or a cover for an article (or a credit
 * entry's document) saved later. The type is judged by content and the size limited while the
 * bytes stream to the store; a refused upload leaves nothing behind. Until an item names it, the
 * upload is its uploader's alone.
 */
export async function receivePortalUpload(
  ctx: AppContext,
  input: { purpose: PortalUploadPurpose; fileName: string; body: Readable; accountId: string },
): Promise<PortalUpload> {
  const rule = RULES[input.purpose];
  const name = nameOrDrain(input.fileName, input.body);
  const key = newFileKey('portal');
  try {
    const { head, rest } = await readHead(input.body, DRAWING_HEAD_BYTES);
    if (head.length === 0) throw new AppError('PORTAL_UPLOAD_FILE_MISSING');
    const contentType = portalFileType(input.purpose, head, name);
    if (!contentType) {
      // The rest of the body is not wanted: let it drain rather than hold the request.
      input.body.resume();
      throw new AppError(rule.refused, { name });
    }
    const stored = await ctx.files.putStream(key, rest, { maxBytes: rule.maxBytes });
    const row = await insertPortalFile(ctx.db, {
      purpose: input.purpose,
      storageKey: key,
      name,
      contentType,
      size: stored.size,
      sha256: stored.sha256,
      uploadedBy: input.accountId,
      createdAt: ctx.clock(),
    });
    return { id: row.id, name: row.name, size: row.size, contentType: row.contentType };
  } catch (error) {
    await ctx.files.remove(key).catch(() => {});
    if (error instanceof FileTooLargeError)
      throw new AppError('PORTAL_FILE_TOO_LARGE', { what: rule.what, mb: rule.maxBytes / 1024 / 1024 });
    throw error;
  }
}

function toSend(file: PortalFileRow): StoredFileToSend & { sha256: string } {
  return {
    key: file.storageKey,
    contentType: file.contentType,
    downloadName: file.name,
    size: file.size,
    sha256: file.sha256,
    // Attachments are saved, never shown by the browser in the portal's origin; pictures are shown.
    disposition: file.purpose === 'ATTACHMENT' ? 'attachment' : 'inline',
  };
}

/** A file the public may read (see findPublicPortalFile); anything else is NOT_FOUND. */
export async function openPublicPortalFile(ctx: AppContext, id: string) {
  const file = await findPublicPortalFile(ctx.db, id);
  if (!file) throw new AppError('NOT_FOUND');
  return toSend(file);
}

/** Staff read every portal file: drafts', unclaimed uploads, deleted items'. */
export async function openStaffPortalFile(ctx: AppContext, id: string) {
  const file = await findPortalFile(ctx.db, id);
  if (!file) throw new AppError('NOT_FOUND');
  return toSend(file);
}
