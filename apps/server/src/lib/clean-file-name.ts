import type { Readable } from 'node:stream';
import { AppError } from './app-error.js';

/**
 * Characters that change how a name reads without being seen (Unicode category Cf): the
 * bidirectional controls (U+202E shows `invoice\u202Efdp.exe` as “invoiceexe.pdf”), zero-width
 * spaces and joiners, the word joiner, the soft hyphen, the byte-order mark.
 */
const INVISIBLE = /\p{Cf}/gu;

/** `text` without its invisible format characters. */
export function removeInvisible(text: string): string {
  return text.replace(INVISIBLE, '');
}

/**
 * A name as users gave it (Chinese kept), safe anywhere it is shown or zipped: the last path
 * segment only, no invisible, control or reserved characters, at most 200 characters with the
 * extension kept. A name with nothing visible left is refused (FILE_NAME_EMPTY).
 */
export function cleanFileName(raw: string): string {
  const last = removeInvisible(raw).split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  let name = last.replace(/[\u0000-\u001f\u007f\u2028\u2029<>:"|?*]/g, '_').trim();
  name = name.replace(/^\.+/, '').trim();
  if (!name) throw new AppError('FILE_NAME_EMPTY');
  const chars = Array.from(name);
  if (chars.length > 200) {
    const dot = name.lastIndexOf('.');
    const ext = dot > 0 && name.length - dot <= 16 ? Array.from(name.slice(dot)) : [];
    name = [...chars.slice(0, 200 - ext.length), ...ext].join('');
  }
  return name;
}

/**
 * cleanFileName for a file still arriving: a refused name lets the body drain, so the refusal
 * is answered rather than held up behind an unread upload.
 */
export function nameOrDrain(raw: string, body: Readable): string {
  try {
    return cleanFileName(raw);
  } catch (error) {
    body.resume();
    throw error;
  }
}

/**
 * A folder name as a unit typed it, without invisible characters; one with nothing visible left
 * is refused (FOLDER_NAME_EMPTY). The other rules (length, reserved characters) are the request
 * schema's.
 */
export function cleanFolderName(raw: string): string {
  const name = removeInvisible(raw).trim();
  if (!name) throw new AppError('FOLDER_NAME_EMPTY');
  return name;
}
