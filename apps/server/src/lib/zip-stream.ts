import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';

export interface ZipEntry {
  /** Path inside the archive, folders separated by `/`; cleaned and made unique by the archive. */
  name: string;
  /** Exactly the number of bytes `open` gives: the archive fails rather than lie about it. */
  size: number;
  /** Called when the entry's turn comes, so only one source is open at a time. */
  open: () => Promise<Readable>;
  /** Shown by unzip tools; the time the archive is made when absent. */
  modifiedAt?: Date;
}

const MAX_32 = 0xffffffff;
const MAX_16 = 0xffff;
/** General purpose flags: bit 3, sizes and CRC follow the data; bit 11, the name is UTF-8. */
const FLAGS = 0x0008 | 0x0800;
/** 2.0 (plain) and 4.5 (ZIP64). Archive Utility refuses entries that need more than they must. */
const VERSION_PLAIN = 20;
const VERSION_ZIP64 = 45;
/** Made by Unix (3), spec 6.3, so the external attributes carry a file mode. */
const VERSION_MADE_BY = (3 << 8) | 63;
/** -rw-r--r--: without a mode, unzip on Linux and macOS creates files nobody may read. */
const FILE_ATTRIBUTES = (0o100644 << 16) >>> 0;
const CENTRAL_BATCH = 64 * 1024;

/**
 * A ZIP archive of `entries`, made while it is read, in constant memory: entries are STOREd
 * (drawings are compressed already, and the server's CPU stays free), each source is opened only
 * when its turn comes and its CRC-32 is computed as it passes and written after it in a data
 * descriptor. Only the central directory (about 100 bytes an entry) is kept until the end.
 * ZIP64 records appear exactly where a size, an offset or the entry count needs them, so archives
 * and entries past 4 GiB work while small archives stay plain ZIP for old readers. Names are
 * UTF-8 (flag bit 11), which Windows Explorer, macOS and unzip read correctly for Chinese names.
 *
 * Destroying the returned stream (the client went away) destroys the open source too.
 */
export function zipStream(entries: AsyncIterable<ZipEntry> | Iterable<ZipEntry>): Readable {
  return Readable.from(writeZip(entries), { objectMode: false, highWaterMark: 64 * 1024 });
}

async function* writeZip(entries: AsyncIterable<ZipEntry> | Iterable<ZipEntry>): AsyncGenerator<Buffer> {
  const names = new ZipNames();
  const central: Buffer[] = [];
  const archiveTime = new Date();
  let offset = 0;
  for await (const entry of entries) {
    if (!Number.isSafeInteger(entry.size) || entry.size < 0)
      throw new RangeError(`invalid size ${entry.size} for ${entry.name}`);
    const name = Buffer.from(names.take(entry.name), 'utf8');
    if (name.length > MAX_16) throw new RangeError(`name too long: ${entry.name}`);
    // The local header is written before the bytes, so the declared size decides ZIP64 there;
    // the count below makes sure the bytes then agree with it.
    const zip64 = entry.size >= MAX_32;
    const time = dosDateTime(entry.modifiedAt ?? archiveTime);
    const headerOffset = offset;
    const header = localHeader(name, time, zip64);
    yield header;
    offset += header.length;

    let crc = 0;
    let size = 0;
    const source = await entry.open();
    try {
      for await (const chunk of source) {
        const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
        size += bytes.length;
        if (size > entry.size) throw new Error(`${entry.name} has more than its ${entry.size} bytes`);
        crc = crc32(bytes, crc);
        yield bytes;
      }
    } finally {
      source.destroy();
    }
    if (size !== entry.size) throw new Error(`${entry.name} has ${size} bytes, not ${entry.size}`);
    offset += size;
    const descriptor = dataDescriptor(crc, size, zip64);
    yield descriptor;
    offset += descriptor.length;
    central.push(centralHeader(name, time, crc, size, headerOffset, zip64));
  }

  const centralOffset = offset;
  let batch: Buffer[] = [];
  let batchLength = 0;
  for (const record of central) {
    batch.push(record);
    batchLength += record.length;
    offset += record.length;
    if (batchLength >= CENTRAL_BATCH) {
      yield Buffer.concat(batch);
      batch = [];
      batchLength = 0;
    }
  }
  if (batch.length > 0) yield Buffer.concat(batch);
  yield endOfCentralDirectory(central.length, offset - centralOffset, centralOffset);
}

/** The local file header; with bit 3 its CRC and sizes are zero and come in the descriptor. */
export function localHeader(name: Buffer, time: DosDateTime, zip64: boolean): Buffer {
  // A ZIP64 local header must carry both sizes in its extra field; they are in the descriptor too.
  const extra = zip64 ? zip64Extra([0, 0]) : Buffer.alloc(0);
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(zip64 ? VERSION_ZIP64 : VERSION_PLAIN, 4);
  header.writeUInt16LE(FLAGS, 6);
  header.writeUInt16LE(0, 8); // STORE
  header.writeUInt16LE(time.time, 10);
  header.writeUInt16LE(time.date, 12);
  header.writeUInt32LE(0, 14);
  header.writeUInt32LE(zip64 ? MAX_32 : 0, 18);
  header.writeUInt32LE(zip64 ? MAX_32 : 0, 22);
  header.writeUInt16LE(name.length, 26);
  header.writeUInt16LE(extra.length, 28);
  return Buffer.concat([header, name, extra]);
}

/**
 * After the bytes: signature, CRC, then compressed and original size, 8 bytes each when the local
 * header has a ZIP64 extra field (APPNOTE 4.3.9), else 4. The signature is optional in the spec
 * but macOS Archive Utility needs it.
 */
export function dataDescriptor(crc: number, size: number, zip64: boolean): Buffer {
  const descriptor = Buffer.alloc(zip64 ? 24 : 16);
  descriptor.writeUInt32LE(0x08074b50, 0);
  descriptor.writeUInt32LE(crc >>> 0, 4);
  if (zip64) {
    descriptor.writeBigUInt64LE(BigInt(size), 8);
    descriptor.writeBigUInt64LE(BigInt(size), 16);
  } else {
    descriptor.writeUInt32LE(size, 8);
    descriptor.writeUInt32LE(size, 12);
  }
  return descriptor;
}

/**
 * The central directory record. Any of original size, compressed size and local header offset
 * that does not fit 32 bits is 0xFFFFFFFF here and follows in the ZIP64 extra field, in that
 * order (APPNOTE 4.5.3). An entry whose local header was ZIP64 gets the field too, to agree.
 */
export function centralHeader(
  name: Buffer,
  time: DosDateTime,
  crc: number,
  size: number,
  headerOffset: number,
  zip64: boolean,
): Buffer {
  const sizeIn64 = zip64 || size >= MAX_32;
  const offsetIn64 = headerOffset >= MAX_32;
  const extra64 = [...(sizeIn64 ? [size, size] : []), ...(offsetIn64 ? [headerOffset] : [])];
  const extra = extra64.length > 0 ? zip64Extra(extra64) : Buffer.alloc(0);
  const record = Buffer.alloc(46);
  record.writeUInt32LE(0x02014b50, 0);
  record.writeUInt16LE(VERSION_MADE_BY, 4);
  record.writeUInt16LE(extra64.length > 0 ? VERSION_ZIP64 : VERSION_PLAIN, 6);
  record.writeUInt16LE(FLAGS, 8);
  record.writeUInt16LE(0, 10); // STORE
  record.writeUInt16LE(time.time, 12);
  record.writeUInt16LE(time.date, 14);
  record.writeUInt32LE(crc >>> 0, 16);
  record.writeUInt32LE(sizeIn64 ? MAX_32 : size, 20);
  record.writeUInt32LE(sizeIn64 ? MAX_32 : size, 24);
  record.writeUInt16LE(name.length, 28);
  record.writeUInt16LE(extra.length, 30);
  record.writeUInt16LE(0, 32); // comment
  record.writeUInt16LE(0, 34); // disk
  record.writeUInt16LE(0, 36); // internal attributes
  record.writeUInt32LE(FILE_ATTRIBUTES, 38);
  record.writeUInt32LE(offsetIn64 ? MAX_32 : headerOffset, 42);
  return Buffer.concat([record, name, extra]);
}

/**
 * The end records: the classic one always, preceded by the ZIP64 end record and its locator
 * when the entry count, the directory's size or its offset does not fit.
 */
export function endOfCentralDirectory(count: number, centralSize: number, centralOffset: number): Buffer {
  const zip64 = count >= MAX_16 || centralSize >= MAX_32 || centralOffset >= MAX_32;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(0, 4); // this disk
  end.writeUInt16LE(0, 6); // disk with the directory
  end.writeUInt16LE(Math.min(count, MAX_16), 8);
  end.writeUInt16LE(Math.min(count, MAX_16), 10);
  end.writeUInt32LE(Math.min(centralSize, MAX_32), 12);
  end.writeUInt32LE(Math.min(centralOffset, MAX_32), 16);
  end.writeUInt16LE(0, 20); // comment
  if (!zip64) return end;

  const record = Buffer.alloc(56);
  record.writeUInt32LE(0x06064b50, 0);
  record.writeBigUInt64LE(44n, 4); // the size of the rest of this record
  record.writeUInt16LE(VERSION_MADE_BY, 12);
  record.writeUInt16LE(VERSION_ZIP64, 14);
  record.writeUInt32LE(0, 16); // this disk
  record.writeUInt32LE(0, 20); // disk with the directory
  record.writeBigUInt64LE(BigInt(count), 24);
  record.writeBigUInt64LE(BigInt(count), 32);
  record.writeBigUInt64LE(BigInt(centralSize), 40);
  record.writeBigUInt64LE(BigInt(centralOffset), 48);
  const locator = Buffer.alloc(20);
  locator.writeUInt32LE(0x07064b50, 0);
  locator.writeUInt32LE(0, 4); // disk with the ZIP64 end record
  locator.writeBigUInt64LE(BigInt(centralOffset + centralSize), 8);
  locator.writeUInt32LE(1, 16); // disks in all
  return Buffer.concat([record, locator, end]);
}

function zip64Extra(values: number[]): Buffer {
  const extra = Buffer.alloc(4 + 8 * values.length);
  extra.writeUInt16LE(0x0001, 0);
  extra.writeUInt16LE(8 * values.length, 2);
  values.forEach((value, i) => extra.writeBigUInt64LE(BigInt(value), 4 + 8 * i));
  return extra;
}

export interface DosDateTime {
  time: number;
  date: number;
}

/** MS-DOS time, local as unzip tools expect, in 2-second steps; it cannot go before 1980. */
export function dosDateTime(at: Date): DosDateTime {
  if (at.getFullYear() < 1980) return { time: 0, date: (1 << 5) | 1 };
  return {
    time: (at.getHours() << 11) | (at.getMinutes() << 5) | (at.getSeconds() >> 1),
    date: ((Math.min(at.getFullYear(), 2107) - 1980) << 9) | ((at.getMonth() + 1) << 5) | at.getDate(),
  };
}

/**
 * A name that cannot leave the folder it is extracted to, nor trip Windows, nor read as another:
 * `\` becomes `/`, a drive letter, empty, `.` and `..` segments go, invisible format characters
 * (bidirectional controls, zero-width ones: \p{Cf}) go, control characters and the characters
 * Windows refuses in names (< > : " | ? *) become `_`. A last segment with nothing left is
 * `unnamed`, so a file never takes its folder's name.
 */
export function zipEntryName(name: string): string {
  const segments = name
    .replace(/\\/g, '/')
    .replace(/^[a-zA-Z]:/, '')
    .split('/')
    .map((segment) =>
      segment
        .replace(/\p{Cf}/gu, '')
        .replace(/[\p{Cc}<>:"|?*]/gu, '_')
        .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')
        .trim(),
    );
  const last = segments.pop()!;
  const kept = segments.filter((segment) => segment !== '' && segment !== '.' && segment !== '..');
  return [...kept, last === '' || last === '.' || last === '..' ? 'unnamed' : last].join('/');
}

/**
 * Hands out unique entry names: a second `图纸/总图.pdf` becomes `图纸/总图 (2).pdf`. Names are
 * compared as Windows and macOS compare them (case-insensitively, composed Unicode), and a file
 * may not take the path of a folder already used by another entry.
 */
export class ZipNames {
  private readonly taken = new Set<string>();

  take(raw: string): string {
    const name = zipEntryName(raw);
    let candidate = name;
    for (let n = 2; this.taken.has(keyOf(candidate)); n++) candidate = withSuffix(name, n);
    this.taken.add(keyOf(candidate));
    for (let slash = candidate.lastIndexOf('/'); slash > 0; slash = candidate.lastIndexOf('/', slash - 1))
      this.taken.add(keyOf(candidate.slice(0, slash)));
    return candidate;
  }
}

function keyOf(name: string): string {
  return name.normalize('NFC').toLowerCase();
}

/** ` (n)` before the extension of the last segment; a leading dot is not an extension. */
function withSuffix(name: string, n: number): string {
  const slash = name.lastIndexOf('/');
  const dot = name.lastIndexOf('.');
  return dot > slash + 1 ? `${name.slice(0, dot)} (${n})${name.slice(dot)}` : `${name} (${n})`;
}
