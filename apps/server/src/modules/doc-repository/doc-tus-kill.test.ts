import { spawn, type ChildProcess } from 'node:child_process';
import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { ORG_HEADER, type DocFolderNode, type DocVersion, type OperationCode } from '@drp/domain';
import { apiSignIn, freePort } from '../../../../../e2e/support/server.js';
import { DEMO_PASSWORD } from '../../db/seed/demo-seed.js';

const root = path.resolve(import.meta.dirname, '../../../../..');
const serverJs = path.join(root, 'apps/server/dist/server.js');

const LENGTH = 512 * 1024 ** 2;
const PATCH_BYTES = 8 * 1024 ** 2;
const KILLS = 6;
const PDF_HEAD = Buffer.from('%PDF-1.7\n');

/**
 * The file: a PDF header, then AES-128-CTR keystream under a fixed key, a seeded generator that
 * can start at any offset, so half a gigabyte is never held in memory and resuming anywhere
 * regenerates the same bytes.
 */
function* source(start: number, end = LENGTH): Generator<Buffer> {
  const BLOCK = 1024 * 1024;
  for (let at = start; at < end;) {
    const size = Math.min(BLOCK, end - at);
    const counter = Buffer.alloc(16);
    counter.writeBigUInt64BE(BigInt(Math.floor(at / 16)), 8);
    const cipher = createCipheriv('aes-128-ctr', Buffer.alloc(16, 7), counter);
    const skip = at % 16;
    const bytes = cipher.update(Buffer.alloc(skip + size)).subarray(skip);
    for (let i = at; i < Math.min(PDF_HEAD.length, at + size); i += 1) bytes[i - at] = PDF_HEAD[i]!;
    yield bytes;
    at += size;
  }
}

function sourceSha256() {
  const hash = createHash('sha256');
  for (const chunk of source(0)) hash.update(chunk);
  return hash.digest('hex');
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * One HTTP request; `onWritten` hears how many body bytes were handed to the socket so far, so a
 * test can kill the server in the middle of a PATCH.
 */
function send(
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: Iterable<Buffer>,
  onWritten?: (bytes: number) => void,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString() }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    if (!body) {
      req.end();
      return;
    }
    const chunks = body[Symbol.iterator]();
    let written = 0;
    const pump = () => {
      for (let next = chunks.next(); !next.done; next = chunks.next()) {
        written += next.value.length;
        const more = req.write(next.value);
        onWritten?.(written);
        if (req.destroyed) return;
        if (!more) {
          req.once('drain', pump);
          return;
        }
      }
      req.end();
    };
    pump();
  });
}

describe.skipIf(!existsSync(serverJs))('tus uploads survive kill -9 of the server', () => {
  if (!existsSync(serverJs)) console.warn(`skipped: ${serverJs} is missing; run npm run build first`);
  let dataDir: string | undefined;
  /** PGlite in DATA_DIR, or on the PostgreSQL run a fresh database next to TEST_DATABASE_URL. */
  let databaseUrl = '';
  let dropDatabase = async () => {};
  let child: ChildProcess | undefined;
  let port: number;
  const base = () => `http://127.0.0.1:${port}`;

  async function start() {
    child = spawn(process.execPath, [serverJs], {
      cwd: root,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        SEED_DEMO: 'true',
        SEED_DEMO_PROJECTS: '1',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const running = child;
    for (;;) {
      if (running.exitCode !== null) throw new Error(`server exited with ${running.exitCode}`);
      const ok = await send(`${base()}/api/health`, 'GET', {}).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ok) return;
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  async function kill() {
    const running = child!;
    if (running.exitCode === null && running.signalCode === null) {
      const exited = new Promise((r) => running.once('exit', r));
      running.kill('SIGKILL');
      await exited;
    }
  }

  afterAll(async () => {
    if (child) await kill();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    await dropDatabase();
  });

  it('takes 512 MiB in 8 MiB PATCHes through six kills at random moments, with the right SHA-256', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'drp-tus-kill-'));
    port = await freePort();
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (process.env.DRP_TEST_DB === 'postgres' && adminUrl) {
      const name = `drp_k_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      databaseUrl = url.toString();
      dropDatabase = async () => {
        const client = new pg.Client({ connectionString: adminUrl });
        await client.connect();
        await client.query(`drop database if exists ${name} with (force)`);
        await client.end();
      };
    }
    await start();

    // design_admin's unit fills the demo school's drawings: a code for its first design folder.
    const token = await apiSignIn(base(), 'design_admin', DEMO_PASSWORD);
    const get = async <T>(url: string, orgId?: string) => {
      const res = await send(`${base()}${url}`, 'GET', {
        authorization: `Bearer ${token}`,
        ...(orgId ? { [ORG_HEADER]: orgId } : {}),
      });
      expect(res.status, res.body).toBe(200);
      return (JSON.parse(res.body) as { detail: T }).detail;
    };
    const { members } = await get<{ members: { orgId: string }[] }>('/api/admin/account');
    const orgId = members[0]!.orgId;
    const page = await get<{ items: { id: string; name: string }[] }>(
      '/api/checkDrawings/project/pagelist?pageSize=20',
      orgId,
    );
    const projectId = page.items.find((p) => p.name === '梅溪湖第二小学新建工程')!.id;
    const at = `/api/checkDrawings/${orgId}/${projectId}`;
    const versionId = (await get<DocVersion[]>(`${at}/docRepositoryVersion/listAll`))[0]!.id;
    const tree = await get<DocFolderNode[]>(
      `${at}/docRepository/listTree?versionId=${versionId}&category=DESIGN`,
    );
    const folderId = tree[0]!.children[0]!.id;
    const { operationCode } = await get<OperationCode>(
      `${at}/docRepository/getOperationCode?versionId=${versionId}&folderId=${folderId}`,
    );

    const tus = { 'tus-resumable': '1.0.0' };
    const created = await send(`${base()}/api/files/tus`, 'POST', {
      ...tus,
      'upload-length': String(LENGTH),
      'upload-metadata': `operationCode ${Buffer.from(operationCode).toString('base64')},filename ${Buffer.from('总平面图.pdf').toString('base64')}`,
    });
    expect(created.status, created.body).toBe(201);
    const upload = `${base()}${created.headers.location}`;

    // Six PATCHes, picked at random, are cut by kill -9 after a random share of their bytes.
    const patches = LENGTH / PATCH_BYTES;
    const doomed = new Map<number, number>();
    while (doomed.size < KILLS)
      doomed.set(1 + Math.floor(Math.random() * (patches - 1)), Math.floor(Math.random() * PATCH_BYTES));
    let kills = 0;
    let offset = 0;
    for (let n = 0; offset < LENGTH; n += 1) {
      const killAt = doomed.get(n);
      const end = Math.min(offset + PATCH_BYTES, LENGTH);
      const patched = await send(
        upload,
        'PATCH',
        {
          ...tus,
          'content-type': 'application/offset+octet-stream',
          'upload-offset': String(offset),
          'content-length': String(end - offset),
        },
        source(offset, end),
        (written) => {
          if (killAt !== undefined && written >= killAt && child!.exitCode === null) void kill();
        },
      ).catch(() => undefined);
      if (killAt !== undefined) {
        await kill();
        kills += 1;
        await start();
        const head = await send(upload, 'HEAD', tus);
        expect(head.status).toBe(200);
        const resumed = Number(head.headers['upload-offset']);
        // Never more than was sent, never less than the last PATCH the server confirmed.
        expect(resumed).toBeGreaterThanOrEqual(offset);
        expect(resumed).toBeLessThanOrEqual(end);
        offset = resumed;
        continue;
      }
      expect(patched?.status, patched?.body).toBe(204);
      offset = Number(patched!.headers['upload-offset']);
      expect(offset).toBe(end);
    }
    expect(kills).toBe(KILLS);

    // The finished upload is what saveFile takes: its SHA-256 must be the source's.
    const saved = await send(
      `${base()}${at}/docRepository/saveFile`,
      'POST',
      {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
      },
      [Buffer.from(JSON.stringify({ operationCode }))],
    );
    expect(saved.status, saved.body).toBe(200);
    expect(JSON.parse(saved.body)).toMatchObject({
      detail: { name: '总平面图.pdf', size: LENGTH, sha256: sourceSha256() },
    });
    // A ceiling, not a speed check: 54–78 s on a quiet CI machine, over 110 s on one that ran the
    // whole suite at half speed (seven server restarts and half a gigabyte hashed twice).
  }, 300_000);
});
