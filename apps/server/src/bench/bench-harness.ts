/**
 * What the benchmarks share: the open-loop load generator (on a thread of its own), percentiles, the web app's sign-in
 * over HTTP, the two engines (PGlite in a temporary directory, PostgreSQL in a scratch database)
 * and the report table.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { WEB_CLIENT_ID, WEB_REDIRECT_PATH } from '@drp/domain';
import { buildApp } from '../app.js';
import { loadConfig } from '../config/config.js';
import { openDatabase, type Database } from '../db/database.js';
import { randomToken, sha256Base64Url } from '../lib/crypto.js';
import type { OpenLoopRequest, OpenLoopResult } from './bench-open-loop.js';

export const HOST = '127.0.0.1';

/**
 * The app as the server runs it, on a loopback port: the session cache is on only where change
 * notifications are heard, so the database's LISTEN goes with it.
 */
export async function startBenchApp(database: Database, dataDir: string, options: { webDist?: string } = {}) {
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    HOST,
    PORT: '0',
    ...(options.webDist ? { WEB_DIST: options.webDist } : {}),
  });
  const app = await buildApp({
    config,
    db: database.db,
    secrets: { authKey: randomBytes(32) },
    logger: false,
    listen: database.listen,
  });
  const base = await app.listen({ host: HOST, port: 0 });
  return { app, base };
}

export function numberFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`${name} must be a positive number, got "${raw}"`);
  return value;
}

/** The PostgreSQL server scratch databases are created on. */
export const POSTGRES_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

export interface Series {
  endpoint: string;
  sent: number;
  errors: number;
  /** Milliseconds from scheduled send to the end of the body, sorted. */
  latencies: number[];
  /** Completed requests per second over the measured window. */
  achievedRate: number;
}

export interface LoadShape {
  /** Requests per second, all endpoints together. */
  rate: number;
  /** Measured seconds. */
  seconds: number;
  /** Unmeasured seconds before. */
  warmupSeconds: number;
}

let loadWorker: Worker | undefined;
let nextRequestId = 0;
const waiting = new Map<number, { resolve: (r: OpenLoopResult[]) => void; reject: (e: Error) => void }>();

/**
 * One open loop (`bench-open-loop.ts`) run on the load generator's thread, started on first use:
 * `rate` requests per second in all, to the targets in turn. The thread does not keep the process
 * alive.
 */
export function openLoop(request: OpenLoopRequest): Promise<OpenLoopResult[]> {
  if (!loadWorker) {
    loadWorker = new Worker(new URL('./bench-load-worker.js', import.meta.url));
    loadWorker.unref();
    loadWorker.on('message', (message: { id: number; result?: OpenLoopResult[]; error?: string }) => {
      const pending = waiting.get(message.id);
      waiting.delete(message.id);
      if (message.result) pending?.resolve(message.result);
      else pending?.reject(new Error(message.error));
    });
  }
  const id = nextRequestId++;
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    loadWorker!.postMessage({ id, request });
  });
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))]!;
}

export interface Target {
  label: string;
  endpoint: string;
  headers: Record<string, string>;
  /** The status that counts as an answer, when not a success (a revalidation's 304). */
  expect?: number;
}

/**
 * A warm-up, then the measured open loop: `shape.rate` requests per second in all, the targets
 * called in turn in a new random order each cycle (`bench-open-loop.ts`). Every target is measured
 * over the same seconds, so a pause of the machine or a garbage collection falls on each alike:
 * the fair ground for one endpoint's p99 against another's. Each target gets
 * rate × seconds / targets calls.
 */
export async function measure(base: string, targets: readonly Target[], shape: LoadShape): Promise<Series[]> {
  const request = (seconds: number): OpenLoopRequest => ({
    targets: targets.map((t) => ({ url: `${base}${t.endpoint}`, headers: t.headers, expect: t.expect })),
    rate: shape.rate,
    seconds,
  });
  await openLoop(request(shape.warmupSeconds));
  const results = await openLoop(request(shape.seconds));
  return results.map((r, i) => ({
    endpoint: targets[i]!.label,
    ...r,
    latencies: r.latencies.sort((a, b) => a - b),
  }));
}

/** The web app's sign-in, over HTTP: password → cookie → code (PKCE S256) → bearer token. */
export async function signInOverHttp(base: string, username: string, password: string): Promise<string> {
  const post = (pathname: string, body: unknown, cookie?: string) =>
    fetch(`${base}${pathname}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
  const login = await post('/uaa/login', { username, password });
  if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  await login.arrayBuffer();
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith('drp_login='));
  if (!cookie) throw new Error('login set no drp_login cookie');

  const verifier = randomToken(32);
  const authorize = await post(
    '/uaa/oauth/authorize',
    {
      response_type: 'code',
      client_id: WEB_CLIENT_ID,
      redirect_uri: WEB_REDIRECT_PATH,
      code_challenge: sha256Base64Url(verifier),
      code_challenge_method: 'S256',
    },
    cookie,
  );
  if (!authorize.ok) throw new Error(`authorize failed: ${authorize.status} ${await authorize.text()}`);
  const { code } = ((await authorize.json()) as { detail: { code: string } }).detail;

  const token = await post('/uaa/oauth/token', {
    grant_type: 'authorization_code',
    code,
    redirect_uri: WEB_REDIRECT_PATH,
    client_id: WEB_CLIENT_ID,
    code_verifier: verifier,
  });
  if (!token.ok) throw new Error(`token failed: ${token.status} ${await token.text()}`);
  return ((await token.json()) as { detail: { access_token: string } }).detail.access_token;
}

/** Runs `work` on a new PGlite database in a temporary directory, removed afterwards. */
export async function onPglite<T>(work: (database: Database, dataDir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'drp-bench-pglite-'));
  try {
    const database = await openDatabase({ pgliteDir: path.join(dir, 'pglite') });
    try {
      return await work(database, dir);
    } finally {
      await database.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Runs `work` on a scratch database created next to POSTGRES_URL and dropped afterwards; null
 * (with a note) when the server is unreachable.
 */
export async function onScratchPostgres<T>(
  work: (database: Database, dataDir: string) => Promise<T>,
): Promise<T | null> {
  const admin = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (error) {
    console.log(`  PostgreSQL skipped: ${redact(POSTGRES_URL)} unreachable (${(error as Error).message})`);
    await admin.end().catch(() => {});
    return null;
  }
  const name = `drp_bench_${randomBytes(6).toString('hex')}`;
  await admin.query(`create database ${name}`);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'drp-bench-pg-'));
  try {
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString() });
    try {
      return await work(database, dir);
    } finally {
      await database.close();
    }
  } finally {
    // pool.end() resolves before its sockets have closed; wait for them so the drop cuts nothing off.
    for (let i = 0; i < 200; i++) {
      const { rows } = await admin.query<{ n: number }>(
        'select count(*)::int as n from pg_stat_activity where datname = $1',
        [name],
      );
      if (rows[0]!.n === 0) break;
      await sleep(10);
    }
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    await rm(dir, { recursive: true, force: true });
  }
}

export function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(invalid URL)';
  }
}

/** A plain-text table; the first `alignLeft` columns are left-aligned, the rest right-aligned. */
export function table(head: string[], rows: string[][], alignLeft = 2): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i < alignLeft ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

export const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(2) : 'n/a');
