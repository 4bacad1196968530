/**
 * Benchmark: large drawing uploads and the zip of a version (issue 6, "Performance").
 *
 * Runs the built server as a child process on a scratch DATA_DIR with the demo data, so that its
 * resident memory (read from /proc) is the server's alone, and reports in one run:
 *   - `dd conv=fdatasync` writing BENCH_UPLOAD_MIB to the same disk: the baseline;
 *   - a BENCH_UPLOAD_MIB upload through the operation-code flow (multipart POST, streamed from a
 *     generator, never held in memory): throughput against dd's (goal ≥ 0.6×) and the server's
 *     RSS growth during it (goal ≤ 64 MB);
 *   - the zip of the version (the BENCH_ROUNDS uploads, so 3 GiB by default): throughput and the
 *     server's RSS growth while it streams.
 * The disk of a virtual machine writes at very different speeds from one minute to the next, so
 * dd and the upload alternate for BENCH_ROUNDS rounds and the medians are compared.
 * RSS is sampled every 50 ms; growth is the peak during the transfer over the value just before.
 *
 * Environment:
 *   BENCH_UPLOAD_MIB   size of each upload in MiB (default 1024)
 *   BENCH_ROUNDS       dd-and-upload rounds; the version then holds that many files (default 3)
 *
 * Run with `npm run bench` (builds first) or `node apps/server/dist/bench/bench-uploads.js`.
 */
import { spawn, execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { DocFolderNode, DocVersion, OperationCode, ProjectPage } from '@drp/domain';
import { DEMO_PASSWORD } from '../db/seed/demo-seed.js';
import { HOST, numberFromEnv, signInOverHttp, table } from './bench-harness.js';

const MIB = 1024 * 1024;
const UPLOAD_MIB = Math.round(numberFromEnv('BENCH_UPLOAD_MIB', 1024));
const ROUNDS = Math.max(1, Math.round(numberFromEnv('BENCH_ROUNDS', 3)));
const THROUGHPUT_GOAL = 0.6;
const RSS_GOAL_MB = 64;
const SERVER = path.resolve(import.meta.dirname, '..', 'server.js');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, HOST, () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function rssOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

/** Samples the process's RSS until stopped; answers the value before and the peak. */
function sampleRss(pid: number) {
  let peak = 0;
  let stopped = false;
  const before = rssOf(pid);
  const loop = (async () => {
    while (!stopped) {
      peak = Math.max(peak, await rssOf(pid).catch(() => 0));
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      const start = await before;
      return { before: start, peak: Math.max(peak, start) };
    },
  };
}

async function ddBaseline(dir: string): Promise<number> {
  const file = path.join(dir, 'dd.bin');
  const started = performance.now();
  await promisify(execFile)('dd', [
    'if=/dev/zero',
    `of=${file}`,
    `bs=${MIB}`,
    `count=${UPLOAD_MIB}`,
    'conv=fdatasync',
  ]);
  const seconds = (performance.now() - started) / 1000;
  await rm(file);
  return (UPLOAD_MIB * MIB) / seconds;
}

/** POSTs a generated PDF of UPLOAD_MIB as multipart, streaming it in 1 MiB chunks. */
function postUpload(base: string, operationCode: string, name: string): Promise<number> {
  const boundary = `----drpbench${randomBytes(6).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="operationCode"\r\n\r\n${operationCode}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
      'Content-Type: application/pdf\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const chunk = randomBytes(MIB);
  const first = Buffer.concat([Buffer.from('%PDF-1.7\n'), chunk.subarray(9)]);
  const url = new URL('/api/files/upload', base);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(url, {
      method: 'POST',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': head.length + UPLOAD_MIB * MIB + tail.length,
      },
    });
    request.on('error', reject);
    request.on('response', (response) => {
      const parts: Buffer[] = [];
      response.on('data', (d: Buffer) => parts.push(d));
      response.on('end', () => {
        if (response.statusCode !== 200)
          reject(new Error(`upload: ${response.statusCode} ${Buffer.concat(parts).toString()}`));
        else resolve((performance.now() - started) / 1000);
      });
    });
    let sent = 0;
    const write = () => {
      while (sent < UPLOAD_MIB) {
        const ok = request.write(sent === 0 ? first : chunk);
        sent += 1;
        if (!ok) return void request.once('drain', write);
      }
      request.end(tail);
    };
    request.write(head);
    write();
  });
}

/** GETs a URL and counts its bytes without keeping them. */
function drain(url: string, headers: Record<string, string>): Promise<{ bytes: number; seconds: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        let bytes = 0;
        response.on('data', (d: Buffer) => (bytes += d.length));
        response.on('end', () =>
          response.statusCode === 200
            ? resolve({ bytes, seconds: (performance.now() - started) / 1000 })
            : reject(new Error(`zip: ${response.statusCode}`)),
        );
      })
      .on('error', reject);
  });
}

async function main() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'drp-bench-uploads-'));
  const port = await freePort();
  const base = `http://${HOST}:${port}`;
  console.log(`Upload benchmark: ${UPLOAD_MIB} MiB per file, ${ROUNDS} rounds; DATA_DIR ${dir}`);
  const server = spawn(process.execPath, [SERVER], {
    env: {
      ...process.env,
      DATA_DIR: dir,
      HOST,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      SEED_DEMO_PROJECTS: 'true',
      UPLOAD_MAX_BYTES: String((UPLOAD_MIB + 16) * MIB),
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    for (let i = 0; ; i += 1) {
      const ready = await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ready) break;
      if (i > 600) throw new Error('the server did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
    const token = await signInOverHttp(base, 'design_admin', DEMO_PASSWORD);
    const headers = { authorization: `Bearer ${token}` };
    const json = async <T>(pathname: string): Promise<T> => {
      const res = await fetch(`${base}${pathname}`, { headers });
      const body = (await res.json()) as { detail: T };
      if (!res.ok) throw new Error(`${pathname}: ${res.status} ${JSON.stringify(body)}`);
      return body.detail;
    };
    const projects = await json<ProjectPage>('/api/checkDrawings/project/pagelist?page=0&pageSize=20');
    const project = projects.items.find((p) => p.status === 'SUBMITTED');
    if (!project) throw new Error('no submitted demo application for design_admin');
    const me = await json<{ members: { orgId: string; orgType: string }[] }>('/api/admin/account');
    const orgId = me.members.find((m) => m.orgType === 'DESIGN')!.orgId;
    const at = `/api/checkDrawings/${orgId}/${project.id}`;
    const [version] = await json<DocVersion[]>(`${at}/docRepositoryVersion/listAll`);
    const [folder] = await json<DocFolderNode[]>(
      `${at}/docRepository/listTree?versionId=${version!.id}&category=DESIGN`,
    );
    if (!folder) throw new Error('the demo application has no drawing folder');

    const uploads: { seconds: number; before: number; peak: number }[] = [];
    const dds: number[] = [];
    for (let i = 0; i < ROUNDS; i += 1) {
      dds.push(await ddBaseline(dir));
      const { operationCode } = await json<OperationCode>(
        `${at}/docRepository/getOperationCode?versionId=${version!.id}&folderId=${folder.id}`,
      );
      const rss = sampleRss(server.pid!);
      const seconds = await postUpload(base, operationCode, `总图-${i + 1}.pdf`);
      uploads.push({ seconds, ...(await rss.stop()) });
      const saved = await fetch(`${base}${at}/docRepository/saveFile`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ operationCode }),
      });
      if (!saved.ok) throw new Error(`saveFile: ${saved.status} ${await saved.text()}`);
    }
    const rss = sampleRss(server.pid!);
    const zip = await drain(
      `${base}/api/checkDrawings/${project.id}/${version!.id}/drawingsReview/batchDownLoadDrawingsReview`,
      { ...headers, 'x-org-id': orgId },
    );
    const zipRss = await rss.stop();

    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const dd = median(dds);
    const upload = median(uploads.map((u) => (UPLOAD_MIB * MIB) / u.seconds));
    const ratio = upload / dd;
    const growth = Math.max(...uploads.map((u) => u.peak - u.before)) / MIB;
    const first = uploads[0]!;
    const zipGrowth = (zipRss.peak - zipRss.before) / MIB;
    const mbs = (bytesPerSecond: number) => `${(bytesPerSecond / MIB).toFixed(0)} MiB/s`;
    console.log(
      `\n${table(
        ['measure', 'value', 'goal'],
        [
          [`dd conv=fdatasync, ${UPLOAD_MIB} MiB (median)`, mbs(dd), ''],
          [`upload of ${UPLOAD_MIB} MiB, multipart (median)`, mbs(upload), ''],
          [
            'upload vs dd',
            `${ratio.toFixed(2)}x ${ratio >= THROUGHPUT_GOAL ? 'met' : 'MISSED'}`,
            `≥ ${THROUGHPUT_GOAL}x`,
          ],
          [
            'server RSS growth during an upload (largest)',
            `${growth.toFixed(1)} MB ${growth <= RSS_GOAL_MB ? 'met' : 'MISSED'}`,
            `≤ ${RSS_GOAL_MB} MB`,
          ],
          [
            `zip of ${zip.bytes >= 1024 * MIB ? `${(zip.bytes / 1024 / MIB).toFixed(2)} GiB` : `${(zip.bytes / MIB).toFixed(0)} MiB`}`,
            mbs(zip.bytes / zip.seconds),
            '',
          ],
          ['server RSS growth during the zip', `${zipGrowth.toFixed(1)} MB`, `(reported)`],
        ],
      )}`,
    );
    console.log(
      `Rounds: dd ${dds.map(mbs).join(', ')}; upload ${uploads.map((u) => mbs((UPLOAD_MIB * MIB) / u.seconds)).join(', ')}.\n` +
        `Node ${process.version}, ${os.cpus().length} CPU(s); server RSS before the upload ${(first.before / MIB).toFixed(0)} MB.`,
    );
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await rm(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
