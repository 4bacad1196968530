import type { ProjectDocContentType } from '@drp/domain';
import { sniffFileType } from '../../lib/file-store.js';

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;

/**
 * Whether the bytes are an OFD document (GB/T 33190-2016, the format Chinese e-government signs
 * and issues permits in): a ZIP package whose root holds the entry file `OFD.xml`. The ZIP's
 * central directory is read, so an archive merely named .ofd does not pass.
 */
export function isOfdPackage(body: Buffer): boolean {
  if (body.length < 22 || body.readUInt32LE(0) !== LOCAL_HEADER) return false;
  // The end-of-central-directory record sits in the last 22 bytes plus at most a 64 KiB comment.
  const floor = Math.max(0, body.length - 22 - 0xffff);
  let end = -1;
  for (let i = body.length - 22; i >= floor; i--)
    if (body.readUInt32LE(i) === END_OF_CENTRAL_DIRECTORY) {
      end = i;
      break;
    }
  if (end < 0) return false;
  const entries = body.readUInt16LE(end + 10);
  let at = body.readUInt32LE(end + 16);
  for (let n = 0; n < entries; n++) {
    if (at + 46 > body.length || body.readUInt32LE(at) !== CENTRAL_HEADER) return false;
    const nameLength = body.readUInt16LE(at + 28);
    const extraLength = body.readUInt16LE(at + 30);
    const commentLength = body.readUInt16LE(at + 32);
    if (at + 46 + nameLength > body.length) return false;
    if (body.toString('utf8', at + 46, at + 46 + nameLength) === 'OFD.xml') return true;
    at += 46 + nameLength + extraLength + commentLength;
  }
  return false;
}

/** What an attachment is, judged by its bytes: PDF, OFD, JPEG or PNG; anything else undefined. */
export function sniffProjectDocType(body: Buffer): ProjectDocContentType | undefined {
  return sniffFileType(body.subarray(0, 16)) ?? (isOfdPackage(body) ? 'application/ofd' : undefined);
}
