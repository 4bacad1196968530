/**
 * Benchmark: what an authenticated call costs compared with one that touches nothing.
 *
 * Part 1, for embedded PGlite and for PostgreSQL: seed the demo data, start the app on a loopback
 * port, sign in as design_admin over HTTP (login → authorize → token, PKCE), then drive an
 * open-loop fixed rate against GET /api/health and then GET /api/admin/account with the bearer
 * token. Latency is measured from each request's scheduled send time, so a stalled server shows
 * up as latency instead of as a lower request rate (no coordinated omission). The load
 * generator runs in the same process as the server, as a single-node deployment would not,
 * so absolute numbers are pessimistic; the account/health ratio is the figure to watch.
 *
 * Part 2: how long `node apps/server/dist/server.js` takes to answer /api/health on a first start
 * (creates the PGlite database, runs migrations, seeds) and on a second start with the same
 * DATA_DIR.
 *
 * Environment:
 *   BENCH_RATE            requests per second (default 200)
 *   BENCH_SECONDS         measured seconds per endpoint (default 10)
 *   BENCH_WARMUP_SECONDS  unmeasured seconds before each endpoint (default 2)
 *   BENCH_DATABASE_URL    PostgreSQL server to create a scratch database on
 *                         (default postgres://postgres@127.0.0.1:5432/test; skipped when unreachable)
 *   BENCH_STARTUP         set to 0 to skip part 2
 *
 * Run with `npm run bench` (builds first), or `node apps/server/dist/bench/bench-account.js`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { WEB_CLIENT_ID, WEB_REDIRECT_PATH } from '@drp/domain';
import { buildApp } from '../app.js';
import { loadConfig } from '../config/config.js';
import { openDatabase, type Database } from '../db/database.js';
import { DEMO_PASSWORD, seedDemo } from '../db/seed/demo-seed.js';
import { randomToken, sha256Base64Url } from '../lib/crypto.js';

function numberFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`${name} must be a positive number, got "${raw}"`);
  return value;
}

const RATE = numberFromEnv('BENCH_RATE', 200);
const SECONDS = numberFromEnv('BENCH_SECONDS', 10);
const WARMUP_SECONDS = numberFromEnv('BENCH_WARMUP_SECONDS', 2);
const POSTGRES_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const RUN_STARTUP = process.env.BENCH_STARTUP !== '0';
const HOST = '127.0.0.1';

interface Series {
  endpoint: string;
  sent: number;
  errors: number;
  /** Milliseconds from scheduled send to the end of the body. */
  latencies: number[];
  /** Completed requests per second over the measured window. */
  achievedRate: number;
}

interface EngineResult {
  engine: string;
  health: Series;
  account: Series;
}

// ---------------------------------------------------------------------------------------------
// Load generation

/**
 * Sends `rate` requests per second for `seconds`, each at its scheduled instant whether or not
 * earlier ones have answered (open loop). Node's fetch keeps connections alive and opens more
 * when all are busy.
 */
async function openLoop(
  url: string,
  headers: Record<string, string>,
  rate: number,
  seconds: number,
): Promise<Omit<Series, 'endpoint'>> {
  const total = Math.max(1, Math.round(rate * seconds));
  const interval = 1000 / rate;
  const latencies: number[] = [];
  let errors = 0;
  const inflight: Promise<void>[] = [];
  const start = performance.now() + 5;
  let lastDone = start;
  for (let i = 0; i < total; i++) {
    const due = start + i * interval;
    const wait = due - performance.now();
    if (wait >= 1) await sleep(wait);
    inflight.push(
      fetch(url, { headers })
        .then(async (res) => {
          await res.arrayBuffer();
          const done = performance.now();
          lastDone = Math.max(lastDone, done);
          if (res.ok) latencies.push(done - due);
          else errors++;
        })
        .catch(() => {
          errors++;
        }),
    );
  }
  await Promise.all(inflight);
  return { sent: total, errors, latencies, achievedRate: latencies.length / ((lastDone - start) / 1000) };
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))]!;
}

async function measure(base: string, endpoint: string, headers: Record<string, string>): Promise<Series> {
  const url = `${base}${endpoint}`;
  await openLoop(url, headers, RATE, WARMUP_SECONDS);
  const result = await openLoop(url, headers, RATE, SECONDS);
  result.latencies.sort((a, b) => a - b);
  return { endpoint: `GET ${endpoint}`, ...result };
}

// ---------------------------------------------------------------------------------------------
// Part 1: one engine

/** The web app's sign-in, over HTTP: password → cookie → code (PKCE S256) → bearer token. */
async function signInOverHttp(base: string, username: string, password: string): Promise<string> {
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

async function benchEngine(engine: string, database: Database, dataDir: string): Promise<EngineResult> {
  await seedDemo(database.db);
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', HOST, PORT: '0' });
  const app = await buildApp({
    config,
    db: database.db,
    secrets: { authKey: randomBytes(32) },
    logger: false,
  });
  try {
    const base = await app.listen({ host: HOST, port: 0 });
    const token = await signInOverHttp(base, 'design_admin', DEMO_PASSWORD);
    const check = await fetch(`${base}/api/admin/account`, { headers: { authorization: `Bearer ${token}` } });
    if (!check.ok) throw new Error(`account check failed: ${check.status} ${await check.text()}`);
    await check.arrayBuffer();

    console.log(`  ${engine}: GET /api/health …`);
    const health = await measure(base, '/api/health', {});
    console.log(`  ${engine}: GET /api/admin/account …`);
    const account = await measure(base, '/api/admin/account', { authorization: `Bearer ${token}` });
    return { engine, health, account };
  } finally {
    await app.close();
  }
}

async function benchPglite(): Promise<EngineResult> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'drp-bench-pglite-'));
  try {
    const database = await openDatabase({ pgliteDir: path.join(dir, 'pglite') });
    try {
      return await benchEngine('PGlite', database, dir);
    } finally {
      await database.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Runs on a scratch database next to POSTGRES_URL; null (with a note) when the server is unreachable. */
async function benchPostgres(): Promise<EngineResult | null> {
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
      return await benchEngine('PostgreSQL', database, dir);
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

function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(invalid URL)';
  }
}

// ---------------------------------------------------------------------------------------------
// Part 2: start-up time of the built server

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** Spawns the server and returns the milliseconds until /api/health answers 200. */
async function timeStart(serverJs: string, dataDir: string): Promise<number> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of ['DATABASE_URL', 'AUTH_SECRET', 'WEB_DIST', 'TRUST_PROXY']) delete env[key];
  Object.assign(env, { DATA_DIR: dataDir, PORT: String(port), HOST, LOG_LEVEL: 'warn', SEED_DEMO: 'true' });

  const started = performance.now();
  const child = spawn(process.execPath, [serverJs], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  try {
    const deadline = started + 120_000;
    while (performance.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${stderr.trim()}`);
      try {
        const res = await fetch(`http://${HOST}:${port}/api/health`, {
          signal: AbortSignal.timeout(2000),
          headers: { connection: 'close' },
        });
        await res.arrayBuffer();
        if (res.ok) return performance.now() - started;
      } catch {
        // Not listening yet.
      }
      await sleep(10);
    }
    throw new Error(`server did not answer /api/health within 120 s: ${stderr.trim()}`);
  } finally {
    await stop(child);
  }
}

async function benchStartup(): Promise<{ first: number; second: number } | null> {
  const serverJs = path.resolve(import.meta.dirname, '..', 'server.js');
  if (!existsSync(serverJs)) {
    console.log(`  start-up skipped: ${serverJs} not built (run \`npm run build\`)`);
    return null;
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'drp-bench-start-'));
  try {
    console.log('  start-up: first start (new DATA_DIR) …');
    const first = await timeStart(serverJs, dataDir);
    console.log('  start-up: second start (same DATA_DIR) …');
    const second = await timeStart(serverJs, dataDir);
    return { first, second };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// Report

function table(head: string[], rows: string[][], alignLeft = 2): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i < alignLeft ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(2) : 'n/a');

function report(results: EngineResult[], startup: { first: number; second: number } | null) {
  console.log(
    `\nOpen loop, ${RATE} req/s for ${SECONDS} s per endpoint after ${WARMUP_SECONDS} s warm-up; ` +
      `latency from scheduled send, in ms; Node ${process.version}, ${os.cpus().length} CPU(s)\n`,
  );
  const rows: string[][] = [];
  for (const { engine, health, account } of results) {
    for (const s of [health, account]) {
      rows.push([
        engine,
        s.endpoint,
        String(s.sent),
        String(s.errors),
        s.achievedRate.toFixed(0),
        ms(percentile(s.latencies, 50)),
        ms(percentile(s.latencies, 99)),
        ms(s.latencies.at(-1) ?? Number.NaN),
      ]);
    }
    const ratio = (p: number) =>
      `${(percentile(account.latencies, p) / percentile(health.latencies, p)).toFixed(2)}x`;
    rows.push([engine, 'ratio account/health', '', '', '', ratio(50), ratio(99), '']);
  }
  console.log(table(['engine', 'endpoint', 'sent', 'errors', 'req/s', 'p50', 'p99', 'max'], rows));
  if (startup) {
    console.log('\nStart-up of node apps/server/dist/server.js until /api/health answers (PGlite):\n');
    console.log(
      table(
        ['start', 'ms'],
        [
          ['first (new DATA_DIR: create, migrate, seed)', startup.first.toFixed(0)],
          ['second (same DATA_DIR)', startup.second.toFixed(0)],
        ],
        1,
      ),
    );
  }
}

async function main() {
  console.log(`Benchmark: ${RATE} req/s × ${SECONDS} s (+${WARMUP_SECONDS} s warm-up) per endpoint`);
  const results: EngineResult[] = [];
  results.push(await benchPglite());
  const postgres = await benchPostgres();
  if (postgres) results.push(postgres);
  const startup = RUN_STARTUP ? await benchStartup() : null;
  report(results, startup);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
