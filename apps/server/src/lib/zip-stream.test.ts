import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, open, readFile, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import v8 from 'node:v8';
import vm from 'node:vm';
import { crc32 } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  centralHeader,
  dataDescriptor,
  dosDateTime,
  endOfCentralDirectory,
  localHeader,
  zipEntryName,
  zipStream,
  ZipNames,
  type ZipEntry,
} from './zip-stream.js';

const run = promisify(execFile);
const MiB = 1024 * 1024;
const GiB = 1024 * MiB;

/** Deterministic bytes at any offset, so large entries are made on the fly and checked without a copy. */
function pattern(start: number, length: number, seed: number): Buffer {
  const bytes = Buffer.allocUnsafe(length);
  for (let i = 0; i < length; i++) {
    const p = start + i;
    bytes[i] = (p * 31 + (p >>> 8) * 7 + (p >>> 16) * 13 + seed) & 0xff;
  }
  return bytes;
}

function patternStream(size: number, seed: number, chunk = 256 * 1024): Readable {
  return Readable.from(
    (function* () {
      for (let offset = 0; offset < size; offset += chunk)
        yield pattern(offset, Math.min(chunk, size - offset), seed);
    })(),
    { objectMode: false },
  );
}

function digestOf(size: number, seed: number) {
  const hash = createHash('sha256');
  let crc = 0;
  for (let offset = 0; offset < size; offset += MiB) {
    const bytes = pattern(offset, Math.min(MiB, size - offset), seed);
    hash.update(bytes);
    crc = crc32(bytes, crc);
  }
  return { sha256: hash.digest('hex'), crc };
}

function patternEntry(name: string, size: number, seed: number): ZipEntry {
  return { name, size, open: async () => patternStream(size, seed) };
}

/**
 * Python's zipfile reads the central directory and ZIP64 records, and checks every entry's CRC as
 * it reads the entry; the SHA-256 can be left out where the bytes are known to be zeros.
 */
const READ_ZIP = `
import hashlib, json, sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z:
    out = []
    for i in z.infolist():
        h = hashlib.sha256()
        with z.open(i) as f:
            while True:
                b = f.read(1 << 20)
                if not b:
                    break
                if sys.argv[2] == 'hash':
                    h.update(b)
        out.append(dict(name=i.filename, size=i.file_size, compressed=i.compress_size, crc=i.CRC,
                        flags=i.flag_bits, method=i.compress_type, version=i.extract_version,
                        offset=i.header_offset, mode=i.external_attr >> 16, sha256=h.hexdigest()))
    print(json.dumps(out))
`;

interface ReadEntry {
  name: string;
  size: number;
  compressed: number;
  crc: number;
  flags: number;
  method: number;
  version: number;
  offset: number;
  mode: number;
  sha256: string;
}

async function readWithPython(file: string, options = { hash: true }): Promise<ReadEntry[]> {
  const mode = options.hash ? 'hash' : 'crc';
  const { stdout } = await run('python3', ['-c', READ_ZIP, file, mode], { maxBuffer: 16 * MiB });
  return JSON.parse(stdout) as ReadEntry[];
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'zip-stream-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('zipEntryName and ZipNames', () => {
  it.each([
    ['图纸/建施/总平面图.pdf', '图纸/建施/总平面图.pdf'],
    ['../../etc/passwd', 'etc/passwd'],
    ['/abs/a.pdf', 'abs/a.pdf'],
    ['C:\\Users\\x\\a.dwg', 'Users/x/a.dwg'],
    ['a\\b\\c.dwg', 'a/b/c.dwg'],
    ['a/./b//c.dwg', 'a/b/c.dwg'],
    ['a/../../b.dwg', 'a/b.dwg'],
    ['what?<now>:|*"x".pdf', 'what__now_____x_.pdf'],
    ['line\nbreak.pdf', 'line_break.pdf'],
    ['..', 'unnamed'],
    ['', 'unnamed'],
    // Names cannot lie: bidirectional controls and zero-width characters leave every segment.
    ['图纸/invoice\u202Efdp.exe', '图纸/invoicefdp.exe'],
    ['建\u200B施\u2066/\u2067a\u2069\u200E\u200F\u061C\uFEFF\u00AD.pdf', '建施/a.pdf'],
    ['图纸/\u202E\u200D', '图纸/unnamed'],
  ])('%j becomes %j', (name, expected) => {
    expect(zipEntryName(name)).toBe(expected);
  });

  it('numbers duplicates before the extension, as Windows and macOS compare names', () => {
    const names = new ZipNames();
    expect(
      [
        '图纸/总图.pdf',
        '图纸/总图.pdf',
        '图纸\\总图.pdf',
        '图纸/总图 (2).pdf',
        'A.DWG',
        'a.dwg',
        '.env',
        '.env',
        'README',
        'readme',
        'x.tar.gz',
        'x.tar.gz',
        '图纸',
        'e\u0301.txt',
        '\u00e9.txt',
      ].map((name) => names.take(name)),
    ).toEqual([
      '图纸/总图.pdf',
      '图纸/总图 (2).pdf',
      '图纸/总图 (3).pdf',
      '图纸/总图 (2) (2).pdf',
      'A.DWG',
      'a (2).dwg',
      '.env',
      '.env (2)',
      'README',
      'readme (2)',
      'x.tar.gz',
      'x.tar (2).gz',
      // A file may not take the name of a folder already in the archive.
      '图纸 (2)',
      'e\u0301.txt',
      '\u00e9 (2).txt',
    ]);
  });
});

describe('zipStream', () => {
  it('round-trips names, bytes and CRCs through unzip and Python, one source open at a time', async () => {
    const big = 30 * MiB + 12345;
    let openNow = 0;
    let openedMost = 0;
    const opens: string[] = [];
    const entries: ZipEntry[] = [
      patternEntry('图纸/建施/总平面图.pdf', 70_000, 1),
      patternEntry('图纸/建施/总平面图.pdf', 5, 2),
      { name: '空文件.txt', size: 0, open: async () => Readable.from([]) },
      patternEntry('../../etc/passwd', 10, 3),
      patternEntry('C:\\设计\\结施-01.dwg', 4096, 4),
      patternEntry('大文件/模型.bin', big, 5),
    ].map((entry) => ({
      ...entry,
      open: async () => {
        opens.push(entry.name);
        const source = await entry.open();
        openedMost = Math.max(openedMost, ++openNow);
        source.once('close', () => openNow--);
        return source;
      },
    }));
    async function* lazily() {
      for (const entry of entries) {
        // The archive asks for the next entry only when the one before is written and closed.
        expect(openNow).toBe(0);
        yield entry;
      }
    }

    const file = path.join(dir, 'round-trip.zip');
    await pipeline(zipStream(lazily()), createWriteStream(file));
    expect(openedMost).toBe(1);
    expect(opens).toHaveLength(entries.length);

    const expected = [
      ['图纸/建施/总平面图.pdf', 70_000, 1],
      ['图纸/建施/总平面图 (2).pdf', 5, 2],
      ['空文件.txt', 0, 0],
      ['etc/passwd', 10, 3],
      ['设计/结施-01.dwg', 4096, 4],
      ['大文件/模型.bin', big, 5],
    ] as const;
    const read = await readWithPython(file);
    expect(read.map((entry) => entry.name)).toEqual(expected.map(([name]) => name));
    for (const [i, [, size, seed]] of expected.entries()) {
      const { sha256, crc } = digestOf(size, seed);
      expect(read[i]).toMatchObject({ size, compressed: size, crc, sha256, method: 0, version: 20 });
      expect(read[i]?.flags).toBe(0x0808);
      expect(read[i]?.mode).toBe(0o100644);
    }

    // Info-ZIP's own CRC test, then an extraction that keeps the Chinese names.
    await run('unzip', ['-tqq', file]);
    const out = path.join(dir, 'extracted');
    await run('unzip', ['-qq', '-o', file, '-d', out], { env: { ...process.env, LANG: 'C.UTF-8' } });
    expect((await readdir(out, { recursive: true })).sort()).toEqual(
      [
        '图纸',
        '图纸/建施',
        '图纸/建施/总平面图.pdf',
        '图纸/建施/总平面图 (2).pdf',
        '空文件.txt',
        'etc',
        'etc/passwd',
        '设计',
        '设计/结施-01.dwg',
        '大文件',
        '大文件/模型.bin',
      ].sort(),
    );
    expect((await readFile(path.join(out, '设计/结施-01.dwg'))).equals(pattern(0, 4096, 4))).toBe(true);
    expect((await stat(path.join(out, '大文件/模型.bin'))).size).toBe(big);
  });

  it('makes a valid empty archive', async () => {
    const file = path.join(dir, 'empty.zip');
    await pipeline(zipStream([]), createWriteStream(file));
    expect(await readWithPython(file)).toEqual([]);
  });

  it('streams a 600 MiB archive in flat memory', async () => {
    const entries = Array.from({ length: 20 }, (_, i) => ({
      name: `part-${i}.bin`,
      size: 30 * MiB,
      // Fresh 64 KiB buffers, as a file or S3 stream gives: kept buffers would show in the RSS.
      open: async () =>
        Readable.from(
          (function* () {
            for (let offset = 0; offset < 30 * MiB; offset += 64 * 1024) yield Buffer.alloc(64 * 1024, i);
          })(),
          { objectMode: false },
        ),
    }));
    // Collected before each look, so the RSS shows what is held, not garbage not yet collected.
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    gc();
    const before = process.memoryUsage().rss;
    let peak = before;
    let total = 0;
    let nextLook = 0;
    await pipeline(
      zipStream(entries),
      new Writable({
        write(chunk: Buffer, _encoding, callback) {
          total += chunk.length;
          if (total >= nextLook) {
            nextLook += 8 * MiB;
            gc();
            peak = Math.max(peak, process.memoryUsage().rss);
          }
          callback();
        },
      }),
    );
    expect(total).toBeGreaterThan(600 * MiB);
    expect(peak - before).toBeLessThan(64 * MiB);
  });

  it('destroys the open source when the archive is destroyed mid-entry', async () => {
    let source: Readable | undefined;
    const zip = zipStream([
      {
        name: 'endless.bin',
        size: 10 * GiB,
        open: async () => {
          source = Readable.from(
            (function* () {
              for (;;) yield Buffer.alloc(64 * 1024);
            })(),
            { objectMode: false },
          );
          return source;
        },
      },
    ]);
    let seen = 0;
    for await (const chunk of zip) {
      seen += (chunk as Buffer).length;
      if (seen > 4 * MiB) break; // leaving the loop destroys the archive stream
    }
    expect(zip.destroyed).toBe(true);
    await vi.waitFor(() => expect(source?.destroyed).toBe(true));
  });

  it.each([
    ['fewer', 5, 10],
    ['more', 20, 10],
  ])('fails when a source has %s bytes than declared', async (_, actual, declared) => {
    const zip = zipStream([{ name: 'liar.bin', size: declared, open: async () => patternStream(actual, 0) }]);
    await expect(pipeline(zip, new Writable({ write: (_c, _e, callback) => callback() }))).rejects.toThrow(
      /liar\.bin/,
    );
  });
});

describe('ZIP64 records', () => {
  const name = Buffer.from('大.bin');
  const time = dosDateTime(new Date(2026, 0, 2, 3, 4, 6));

  it('writes DOS times as unzip reads them', () => {
    expect(time).toEqual({ time: (3 << 11) | (4 << 5) | 3, date: (46 << 9) | (1 << 5) | 2 });
    expect(dosDateTime(new Date(1970, 0, 1))).toEqual({ time: 0, date: (1 << 5) | 1 });
  });

  it('marks a local header ZIP64 only for an entry declared at 4 GiB or more', () => {
    const plain = localHeader(name, time, false);
    expect(plain.length).toBe(30 + name.length);
    expect(plain.readUInt16LE(4)).toBe(20);
    expect(plain.readUInt16LE(6)).toBe(0x0808);
    expect(plain.readUInt32LE(18)).toBe(0);
    expect(plain.readUInt16LE(28)).toBe(0);

    const big = localHeader(name, time, true);
    expect(big.readUInt16LE(4)).toBe(45);
    expect(big.readUInt32LE(18)).toBe(0xffffffff);
    expect(big.readUInt32LE(22)).toBe(0xffffffff);
    expect(big.readUInt16LE(28)).toBe(20);
    const extra = big.subarray(30 + name.length);
    expect(extra.readUInt16LE(0)).toBe(1);
    expect(extra.readUInt16LE(2)).toBe(16);
  });

  it('writes 8-byte sizes in the data descriptor after a ZIP64 local header', () => {
    const size = 5 * GiB + 7;
    const big = dataDescriptor(0xdeadbeef, size, true);
    expect(big.length).toBe(24);
    expect(big.readUInt32LE(0)).toBe(0x08074b50);
    expect(big.readUInt32LE(4)).toBe(0xdeadbeef);
    expect(Number(big.readBigUInt64LE(8))).toBe(size);
    expect(Number(big.readBigUInt64LE(16))).toBe(size);
    expect(dataDescriptor(1, 10, false).length).toBe(16);
  });

  it('moves sizes and offsets that do not fit 32 bits to the ZIP64 extra field, in order', () => {
    const size = 5 * GiB + 7;
    const offset = 6 * GiB + 9;
    const both = centralHeader(name, time, 0x1234, size, offset, true);
    expect(both.readUInt16LE(6)).toBe(45);
    expect(both.readUInt32LE(20)).toBe(0xffffffff);
    expect(both.readUInt32LE(24)).toBe(0xffffffff);
    expect(both.readUInt32LE(42)).toBe(0xffffffff);
    expect(both.readUInt16LE(30)).toBe(28);
    const extra = both.subarray(46 + name.length);
    expect(extra.readUInt16LE(0)).toBe(1);
    expect(extra.readUInt16LE(2)).toBe(24);
    expect(Number(extra.readBigUInt64LE(4))).toBe(size);
    expect(Number(extra.readBigUInt64LE(12))).toBe(size);
    expect(Number(extra.readBigUInt64LE(20))).toBe(offset);

    const offsetOnly = centralHeader(name, time, 0x1234, 100, offset, false);
    expect(offsetOnly.readUInt32LE(20)).toBe(100);
    expect(offsetOnly.readUInt32LE(42)).toBe(0xffffffff);
    expect(offsetOnly.readUInt16LE(30)).toBe(12);
    expect(Number(offsetOnly.readBigUInt64LE(46 + name.length + 4))).toBe(offset);

    const plain = centralHeader(name, time, 0x1234, 100, 200, false);
    expect(plain.readUInt16LE(6)).toBe(20);
    expect(plain.readUInt16LE(30)).toBe(0);
    expect(plain.readUInt32LE(42)).toBe(200);
  });

  it('adds the ZIP64 end record and locator only when the end needs them', () => {
    expect(endOfCentralDirectory(3, 300, 1000).length).toBe(22);

    for (const [count, size, offset] of [
      [70_000, 300, 1000],
      [3, 300, 5 * GiB],
    ] as const) {
      const end = endOfCentralDirectory(count, size, offset);
      expect(end.length).toBe(56 + 20 + 22);
      expect(end.readUInt32LE(0)).toBe(0x06064b50);
      expect(Number(end.readBigUInt64LE(4))).toBe(44);
      expect(Number(end.readBigUInt64LE(32))).toBe(count);
      expect(Number(end.readBigUInt64LE(40))).toBe(size);
      expect(Number(end.readBigUInt64LE(48))).toBe(offset);
      expect(end.readUInt32LE(56)).toBe(0x07064b50);
      expect(Number(end.readBigUInt64LE(56 + 8))).toBe(offset + size);
      expect(end.readUInt32LE(76)).toBe(0x06054b50);
      expect(end.readUInt16LE(76 + 10)).toBe(Math.min(count, 0xffff));
      expect(end.readUInt32LE(76 + 16)).toBe(Math.min(offset, 0xffffffff));
    }
  });
});

describe('an archive past 4 GiB', () => {
  /**
   * Writes what it is given to a file, skipping zero chunks, which stay holes: a 4.1 GiB archive
   * of mostly zeros costs a few MiB of disk and can still be read by Python and unzip.
   */
  function sparseFile(handle: Awaited<ReturnType<typeof open>>) {
    const zeros = Buffer.alloc(MiB);
    let position = 0;
    const writeNonZero = async (chunk: Buffer, at: number) => {
      // A stream that waited on this sink hands over several of its chunks joined: look at slices.
      for (let offset = 0; offset < chunk.length; offset += MiB) {
        const slice = chunk.subarray(offset, offset + MiB);
        if (!slice.equals(zeros.subarray(0, slice.length)))
          await handle.write(slice, 0, slice.length, at + offset);
      }
    };
    return new Writable({
      write(chunk: Buffer, _encoding, callback) {
        const at = position;
        position += chunk.length;
        writeNonZero(chunk, at).then(() => callback(), callback);
      },
      final(callback) {
        handle.truncate(position).then(() => callback(), callback);
      },
    });
  }

  it('writes ZIP64 sizes, offsets and end records that Python and unzip read', async () => {
    const hugeSize = 4 * GiB + 100 * MiB + 3;
    const zeros = Buffer.alloc(MiB);
    const entries: ZipEntry[] = [
      patternEntry('前/说明.txt', 1000, 7),
      {
        name: '模型/整体模型.ifc',
        size: hugeSize,
        open: async () =>
          Readable.from(
            (function* () {
              for (let offset = 0; offset < hugeSize; offset += MiB)
                yield zeros.subarray(0, Math.min(MiB, hugeSize - offset));
            })(),
            { objectMode: false },
          ),
      },
      // Its local header starts past 4 GiB: only the ZIP64 extra field can say where.
      patternEntry('后/目录.txt', 2000, 8),
    ];
    const file = path.join(dir, 'zip64.zip');
    const handle = await open(file, 'w');
    try {
      await pipeline(zipStream(entries), sparseFile(handle));
    } finally {
      await handle.close();
    }

    let hugeCrc = 0;
    for (let offset = 0; offset < hugeSize; offset += MiB)
      hugeCrc = crc32(zeros.subarray(0, Math.min(MiB, hugeSize - offset)), hugeCrc);
    const read = await readWithPython(file, { hash: false });
    expect(read.map((entry) => entry.name)).toEqual(['前/说明.txt', '模型/整体模型.ifc', '后/目录.txt']);
    expect(read[0]).toMatchObject({ size: 1000, crc: digestOf(1000, 7).crc, version: 20, offset: 0 });
    expect(read[1]).toMatchObject({ size: hugeSize, compressed: hugeSize, crc: hugeCrc, version: 45 });
    expect(read[2]).toMatchObject({ size: 2000, crc: digestOf(2000, 8).crc, version: 45 });
    expect(read[2]?.offset).toBeGreaterThan(4 * GiB);

    // The huge entry's data descriptor, just before the next local header: 8-byte sizes.
    const after = read[2]?.offset ?? 0;
    const check = await open(file, 'r');
    try {
      const descriptor = Buffer.alloc(24);
      await check.read(descriptor, 0, 24, after - 24);
      expect(descriptor.readUInt32LE(0)).toBe(0x08074b50);
      expect(descriptor.readUInt32LE(4)).toBe(hugeCrc);
      expect(Number(descriptor.readBigUInt64LE(8))).toBe(hugeSize);
      expect(Number(descriptor.readBigUInt64LE(16))).toBe(hugeSize);
    } finally {
      await check.close();
    }

    // Info-ZIP's unzip finds everything through the ZIP64 records too (its CRC check of 4 GiB
    // is slow, and Python has checked them all already).
    const { stdout } = await run('unzip', ['-Z1', file], { env: { ...process.env, LANG: 'C.UTF-8' } });
    expect(stdout.trim().split('\n')).toEqual(['前/说明.txt', '模型/整体模型.ifc', '后/目录.txt']);
    expect((await stat(file)).size).toBeGreaterThan(4 * GiB);
  }, 120_000);
});
