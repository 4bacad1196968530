/**
 * Benchmark: what an authenticated call costs compared with one that touches nothing.
 *
 * Part 1, for embedded PGlite and for PostgreSQL: seed the demo data, start the app on a loopback
 * port, sign in as design_admin over HTTP (login → authorize → token, PKCE), then drive an
 * open-loop fixed rate against GET /api/health and GET /api/admin/account with the bearer token,
 * the two in turn over the same seconds. Latency is measured from each request's scheduled send
 * time, so a stalled server shows up as latency instead of as a lower request rate (no
 * coordinated omission). The load generator runs on a thread of the server's process, as a
 * single-node deployment would not, so absolute numbers are pessimistic; the account/health ratio
 * is the figure to watch.
 *
 * Part 2: how long `node apps/server/dist/server.js` takes to answer /api/health on a first start
 * (creates the PGlite database, runs migrations, seeds) and on a second start with the same
 * DATA_DIR.
 *
 * Environment:
 *   BENCH_RATE            requests per second, both endpoints together (default 200)
 *   BENCH_SECONDS         measured seconds (default 20: 2 000 calls per endpoint)
 *   BENCH_WARMUP_SECONDS  unmeasured seconds before (default 2)
 *   BENCH_DATABASE_URL    PostgreSQL server to create a scratch database on
 *                         (default postgres://postgres@127.0.0.1:5432/test; skipped when unreachable)
 *   BENCH_STARTUP         set to 0 to skip part 2
 *
 * Run with `npm run bench` (builds first, then runs this and bench-projects), or
 * `node apps/server/dist/bench/bench-account.js`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Database } from '../db/database.js';
import { DEMO_PASSWORD, seedDemo } from '../db/seed/demo-seed.js';
import {
  HOST,
  startBenchApp,
  measure,
  ms,
  numberFromEnv,
  onPglite,
  onScratchPostgres,
  percentile,
  signInOverHttp,
  table,
  type LoadShape,
  type Series,
} from './bench-harness.js';

const SHAPE: LoadShape = {
  rate: numberFromEnv('BENCH_RATE', 200),
  seconds: numberFromEnv('BENCH_SECONDS', 20),
  warmupSeconds: numberFromEnv('BENCH_WARMUP_SECONDS', 2),
};
const RUN_STARTUP = process.env.BENCH_STARTUP !== '0';

interface EngineResult {
  engine: string;
  health: Series;
  account: Series;
}

// ---------------------------------------------------------------------------------------------
// Part 1: one engine

async function benchEngine(engine: string, database: Database, dataDir: string): Promise<EngineResult> {
  await seedDemo(database.db);
  const { app, base } = await startBenchApp(database, dataDir);
  try {
    const token = await signInOverHttp(base, 'design_admin', DEMO_PASSWORD);
    const check = await fetch(`${base}/api/admin/account`, { headers: { authorization: `Bearer ${token}` } });
    if (!check.ok) throw new Error(`account check failed: ${check.status} ${await check.text()}`);
    await check.arrayBuffer();

    console.log(`  ${engine}: GET /api/health and GET /api/admin/account …`);
    const [health, account] = await measure(
      base,
      [
        { label: 'GET /api/health', endpoint: '/api/health', headers: {} },
        {
          label: 'GET /api/admin/account',
          endpoint: '/api/admin/account',
          headers: { authorization: `Bearer ${token}` },
        },
      ],
      SHAPE,
    );
    return { engine, health: health!, account: account! };
  } finally {
    await app.close();
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

function report(results: EngineResult[], startup: { first: number; second: number } | null) {
  console.log(
    `\nOpen loop, ${SHAPE.rate} req/s for ${SHAPE.seconds} s, the two endpoints in turn, after ${SHAPE.warmupSeconds} s warm-up; ` +
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
  console.log(
    `Benchmark: ${SHAPE.rate} req/s × ${SHAPE.seconds} s (+${SHAPE.warmupSeconds} s warm-up), the two endpoints in turn`,
  );
  const results: EngineResult[] = [];
  results.push(await onPglite((database, dir) => benchEngine('PGlite', database, dir)));
  const postgres = await onScratchPostgres((database, dir) => benchEngine('PostgreSQL', database, dir));
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
