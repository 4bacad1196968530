import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './app-error.js';
import { RangeNotSatisfiableError, type FileStore, type OpenedFile } from './file-store.js';

export interface StoredFileToSend {
  key: string;
  contentType: string;
  /** The name the browser saves the file under; folders and unsafe characters are neutralised. */
  downloadName: string;
  /** From the database; when absent the store is asked. */
  size?: number;
  /** Hex SHA-256 of the bytes: the strong ETag that `If-Range` is checked against. */
  sha256?: string;
  /** `inline` lets the browser show it (PDF); the default saves it. */
  disposition?: 'inline' | 'attachment';
}

/** Inclusive byte positions, as in Content-Range. */
export interface SatisfiableRange {
  start: number;
  end: number;
}

/**
 * Reads a `Range` header against a file of `size` bytes (RFC 9110 §14). Only one range is served:
 * a malformed header or a list of ranges gives undefined, and the caller sends the whole file,
 * which the RFC allows (a server may ignore Range). A range that starts at or after the end, or a
 * zero-length suffix, cannot be served at all: 416.
 */
export function parseRangeHeader(
  header: string | undefined,
  size: number,
): SatisfiableRange | 'unsatisfiable' | undefined {
  if (header === undefined) return undefined;
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!match) return undefined;
  const [, first = '', last = ''] = match;
  if (first === '') {
    if (last === '') return undefined;
    const suffix = Number(last);
    // The last 0 bytes, or any last bytes of an empty file, select nothing.
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? Number.POSITIVE_INFINITY : Number(last);
  // `bytes=5-2` is invalid rather than unsatisfiable: it is ignored like any other bad header.
  if (end < start) return undefined;
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(end, size - 1) };
}

/**
 * The name a browser may save: no folders (`/` and `\` become `_`, so `../` goes nowhere), no
 * control characters, no invisible format characters (a project named with U+202E would make
 * the saved zip's name lie), none of the characters Windows refuses, no leading dot (a hidden
 * file). Lone UTF-16 surrogates would make encodeURIComponent throw; they become U+FFFD.
 */
function safeDownloadName(name: string): string {
  const cleaned = name
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .replace(/[/\\<>:"|?*]/g, '_')
    .replace(/^[\s.]+/, '')
    .trim();
  return cleaned === '' ? 'download' : cleaned;
}

/**
 * RFC 6266: an ASCII `filename` for old clients (anything else, quotes, backslashes and `%`, which
 * some browsers decode, become `_`) and `filename*` with the UTF-8 name (RFC 5987 / 8187, where
 * ' ( ) * are escaped too), which every current browser prefers — so 总平面图.pdf stays itself.
 */
export function contentDisposition(
  name: string,
  disposition: 'inline' | 'attachment' = 'attachment',
): string {
  const safe = safeDownloadName(name);
  const ascii = safe.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(safe).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * `If-Range` asks for the range only if the file is still the one the client has part of: with
 * our strong ETag it must match exactly; a date (we send no Last-Modified) or a weak or different
 * tag means the whole file.
 */
function rangeHeaderToHonour(request: Pick<FastifyRequest, 'headers'>, etag: string | undefined) {
  const range = request.headers.range;
  const ifRange = request.headers['if-range'];
  if (range === undefined || ifRange === undefined) return range;
  return etag !== undefined && String(ifRange).trim() === etag ? range : undefined;
}

/**
 * Sends a stored file with single byte ranges (pdf.js reads big drawings piecewise), `If-Range`,
 * HEAD, and a download name that survives Chinese characters. A file missing from the store is
 * the app's ordinary 404. The store's stream is handed to Fastify, which destroys it when the
 * client goes away, so an aborted download leaves no open file or S3 socket behind.
 */
export async function sendStoredFile(
  request: Pick<FastifyRequest, 'method' | 'headers'>,
  reply: FastifyReply,
  files: FileStore,
  file: StoredFileToSend,
): Promise<FastifyReply> {
  const head = request.method === 'HEAD';
  // HEAD opens nothing, so it asks the store whether the file is there at all.
  const size = head || file.size === undefined ? (await files.stat(file.key))?.size : file.size;
  if (size === undefined) throw new AppError('NOT_FOUND');

  const etag = file.sha256 ? `"${file.sha256}"` : undefined;
  let range = parseRangeHeader(rangeHeaderToHonour(request, etag), size);
  let total = size;
  let opened: OpenedFile | undefined;
  if (!head && range !== 'unsatisfiable') {
    try {
      opened = await files.open(file.key, range);
    } catch (error) {
      if (!(error instanceof RangeNotSatisfiableError)) throw error;
      // The file is shorter than its recorded size and the range starts past its real end.
      range = 'unsatisfiable';
      total = error.size;
    }
    if (range !== 'unsatisfiable' && !opened) throw new AppError('NOT_FOUND');
  }
  if (opened) total = opened.size;

  // Set only now, so that a 404 above leaves like any other, without a file's headers.
  reply
    .header('accept-ranges', 'bytes')
    .header('x-content-type-options', 'nosniff')
    // Links to files are signed and expire: a browser may keep the bytes but must ask again.
    .header('cache-control', 'private, max-age=0, must-revalidate');
  if (etag) reply.header('etag', etag);
  if (range === 'unsatisfiable') return reply.code(416).header('content-range', `bytes */${total}`).send();

  reply
    .header('content-type', file.contentType)
    .header('content-disposition', contentDisposition(file.downloadName, file.disposition));
  if (range) {
    const end = Math.min(range.end, total - 1);
    reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${end}/${total}`)
      .header('content-length', end - range.start + 1);
  } else {
    reply.code(200).header('content-length', total);
  }
  // HEAD sends an empty stream, not nothing: Fastify's HEAD handling writes Content-Length 0
  // for an absent body but keeps the header as set for a stream, which it drains and drops.
  return reply.send(opened?.body ?? Readable.from([]));
}
