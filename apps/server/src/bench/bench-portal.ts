/**
 * Benchmark: the public portal (issue 7, "Performance and quality").
 *
 * Part 1, for embedded PGlite and for PostgreSQL (a scratch database): seed the demo data and the
 * demo portal, add published notices and provincial commendations so the lists run to several
 * pages, ANALYZE, start the app on a loopback port, then drive a fixed open-loop rate at all of
 * these together, each request to the next of them in a new random order each cycle, so that every
 * endpoint is measured over the same seconds and a pause of the machine falls on all alike:
 *   - GET /api/health, the bare route;
 *   - the notices' list on page 1 and on its last page, a title search in it, the provincial
 *     commendations (`creditInformation/commendationList`) and the home page;
 *   - the first notice page again with the ETag it answered (If-None-Match: the 304 path);
 *   - one article, shown beside them (a detail, not a list).
 * It reports p50 and p99, and the issue's goal: each list call's p99 at most 2× the bare route's
 * in the same run at 500 req/s (held for the lists, the search, home and the 304 path; the detail
 * is shown beside them). It also reports whether each public answer carries an ETag and a
 * Cache-Control that lets a browser or proxy store it ("public content is cacheable": `public`,
 * or a max-age; `public, no-cache` counts, as it is stored and revalidated with the ETag).
 *
 * Part 2: Lighthouse (the `lighthouse` package, Debian Chromium headless) on `home` and on an
 * article's detail page (`noticeDetail/{id}`), performance and accessibility, with Lighthouse's
 * default mobile settings (simulated slow 4G and a 4× slower CPU) and with its desktop preset;
 * the goal is ≥ 95 for both categories. Each page is measured `BENCH_LIGHTHOUSE_RUNS` times and
 * the run with the median performance score is reported, as Lighthouse's own guidance on
 * variability advises. It also lists the scripts `home` loaded, to show the portal pulled in no
 * chunk of the signed-in app (`app-*`). The server serves a copy of apps/web/dist taken before
 * the runs, so a build running meanwhile cannot swap the files under Lighthouse, and a run that
 * never loaded the portal's chunk (a page left on index.html's placeholder) fails instead of
 * scoring. When Lighthouse cannot run here it says why and part 1 still counts.
 *
 * Environment (rate, seconds and the PostgreSQL server as in bench-account):
 *   BENCH_RATE             requests per second, all endpoints together (default 500, the issue's)
 *   BENCH_SECONDS          measured seconds (default 80: 5 000 calls per endpoint)
 *   BENCH_WARMUP_SECONDS   unmeasured seconds before (default 2)
 *   BENCH_ARTICLES         published notices added to the demo ones (default 200)
 *   BENCH_CREDIT           provincial commendations added to the demo ones (default 100)
 *   BENCH_SEARCH           the title fragment searched among the notices (default 消防)
 *   BENCH_DATABASE_URL     PostgreSQL server for the scratch database
 *                          (default postgres://postgres@127.0.0.1:5432/test; skipped when unreachable)
 *   BENCH_ENGINES          pglite, postgres or both (default both)
 *   BENCH_LIGHTHOUSE       set to 0 to skip part 2
 *   BENCH_LIGHTHOUSE_RUNS  runs per page and form factor (default 3)
 *   BENCH_CHROME_PATH      the browser (default /usr/bin/chromium)
 *
 * Run with `npm run bench` (builds first), or `node apps/server/dist/bench/bench-portal.js` after
 * `npm run build` (part 2 needs the built web app in apps/web/dist).
 */
import { existsSync } from 'node:fs';
import { cp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import { loadConfig } from '../config/config.js';
import type { Database } from '../db/database.js';
import { accounts } from '../db/schema/accounts.js';
import { creditEntries, portalArticles } from '../db/schema/portal.js';
import { seedDemoPortal } from '../db/seed/demo-portal-seed.js';
import { seedDemo } from '../db/seed/demo-seed.js';
import {
  measure,
  ms,
  numberFromEnv,
  onPglite,
  onScratchPostgres,
  percentile,
  startBenchApp,
  table,
  type LoadShape,
  type Series,
} from './bench-harness.js';

const SHAPE: LoadShape = {
  rate: numberFromEnv('BENCH_RATE', 500),
  seconds: numberFromEnv('BENCH_SECONDS', 80),
  warmupSeconds: numberFromEnv('BENCH_WARMUP_SECONDS', 2),
};
const ARTICLES = Math.round(numberFromEnv('BENCH_ARTICLES', 200));
const CREDIT = Math.round(numberFromEnv('BENCH_CREDIT', 100));
const SEARCH = process.env.BENCH_SEARCH || '消防';
const ENGINES = process.env.BENCH_ENGINES || 'both';
const RUN_LIGHTHOUSE = process.env.BENCH_LIGHTHOUSE !== '0';
const LIGHTHOUSE_RUNS = Math.round(numberFromEnv('BENCH_LIGHTHOUSE_RUNS', 3));
const CHROME_PATH = process.env.BENCH_CHROME_PATH || '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu'];

/** The issue's goals: a list call's p99 against the bare route's; Lighthouse scores. */
const LIST_GOAL = 2;
const LIGHTHOUSE_GOAL = 95;
/** The public lists' default page size (portalListQuery). */
const PAGE_SIZE = 10;

// ---------------------------------------------------------------------------------------------
// Seeding: enough published items that the lists page

const TOPICS = ['消防', '人防', '节能', '抗震', '海绵城市', '装配式建筑', '绿色建筑', '无障碍'];
const CITIES = ['长沙市', '株洲市', '湘潭市', '衡阳市', '岳阳市', '常德市', '郴州市', '永州市'];

const daysAgo = (now: Date, days: number) =>
  new Date(now.getTime() - days * 86_400_000).toISOString().slice(0, 10);

/**
 * Published notices and provincial commendations written straight into the tables (a bench's
 * shortcut: no files, no audit), marked as demonstration like the demo seed's, dates spread over
 * two years so the order has something to sort.
 */
async function seedBenchContent(database: Database) {
  const db = database.db;
  const [staff] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.username, 'info_staff'));
  if (!staff) throw new Error('the demo seed has no info_staff account');
  const now = new Date();
  const articles = Array.from({ length: ARTICLES }, (_, i) => {
    const topic = TOPICS[i % TOPICS.length]!;
    const city = CITIES[Math.floor(i / TOPICS.length) % CITIES.length]!;
    const createdAt = new Date(now.getTime() - (ARTICLES - i) * 60_000);
    return {
      category: 'NOTICE' as const,
      title: `【演示·压测】关于${city}${topic}专项审查要点的第${i + 1}号通知`,
      source: '湖南省住房和城乡建设厅（演示数据）',
      summary: `${city}${topic}专项审查的补充说明（演示数据）`,
      publishDate: daysAgo(now, (i * 7) % 730),
      bodyHtml: `<p>【演示数据】${city}${topic}专项审查要点，第${i + 1}号。</p>`,
      status: 'PUBLISHED' as const,
      publishedAt: createdAt,
      createdBy: staff.id,
      updatedBy: staff.id,
      createdAt,
      updatedAt: createdAt,
    };
  });
  const credit = Array.from({ length: CREDIT }, (_, i) => ({
    kind: 'COMMENDATION' as const,
    scope: 'PROVINCE' as const,
    orgName: `${CITIES[i % CITIES.length]}演示施工图审查机构第${i + 1}所（演示数据）`,
    creditCode: `91430100DEMO${String(i).padStart(6, '0')}`,
    reason: `${TOPICS[i % TOPICS.length]}专项审查质量优良（演示数据）`,
    issuer: '湖南省住房和城乡建设厅',
    issuedOn: daysAgo(now, (i * 11) % 730),
    documentNo: `湘建演〔2026〕${i + 1}号`,
    published: true,
    createdBy: staff.id,
    updatedBy: staff.id,
  }));
  for (let i = 0; i < articles.length; i += 100)
    await db.insert(portalArticles).values(articles.slice(i, i + 100));
  for (let i = 0; i < credit.length; i += 100)
    await db.insert(creditEntries).values(credit.slice(i, i + 100));
  await db.execute(sql`analyze`);
}

// ---------------------------------------------------------------------------------------------
// The app, with a snapshot of the built web app

/** Where the server finds the built web app: WEB_DIST, else apps/web/dist as the config has it. */
const WEB_DIST = loadConfig({ DATA_DIR: os.tmpdir(), WEB_DIST: process.env.WEB_DIST }).webDist;

/**
 * A copy of the built web app that a `npm run build` running meanwhile cannot change under
 * Lighthouse (vite empties apps/web/dist first, and the server then answers a missing chunk with
 * index.html). A copy taken mid-build is taken again: every file index.html and the entry chunk
 * name must be in it. Null when there is no built web app.
 */
async function snapshotWeb(into: string): Promise<string | null> {
  if (!existsSync(path.join(WEB_DIST, 'index.html'))) return null;
  for (let attempt = 0; attempt < 24; attempt++) {
    await rm(into, { recursive: true, force: true });
    await cp(WEB_DIST, into, { recursive: true }).catch(() => {});
    const html = await readFile(path.join(into, 'index.html'), 'utf8').catch(() => '');
    const named = [...html.matchAll(/\/assets\/([\w.-]+\.(?:js|css))/g)].map((m) => m[1]!);
    const entries = await Promise.all(
      named.map((name) => readFile(path.join(into, 'assets', name), 'utf8').catch(() => null)),
    );
    const imported = entries.flatMap((code) =>
      code === null
        ? []
        : [...code.matchAll(/["'`](?:\.\/|assets\/)([\w.-]+\.(?:js|css))["'`]/g)].map((m) => m[1]!),
    );
    const complete =
      named.length > 0 &&
      entries.every((code) => code !== null) &&
      imported.every((name) => existsSync(path.join(into, 'assets', name)));
    if (complete) return into;
    await sleep(5000);
  }
  throw new Error(`${WEB_DIST} stayed incomplete for two minutes: is a build writing it?`);
}

/** bench-harness's `startBenchApp`, serving the web app from `webDist`. */
interface Endpoint {
  key: string;
  label: string;
  path: string;
  headers: Record<string, string>;
  /** The status that counts as an answer. */
  expect: number;
  /** Held to the goal against the bare route. */
  held: boolean;
  /** A page of a list: its total is shown. */
  list: boolean;
}

/** The harness's open loop over all endpoints in turn, each counted by the status it expects. */
const measureEndpoints = (base: string, endpoints: readonly Endpoint[]): Promise<Series[]> =>
  measure(
    base,
    endpoints.map((e) => ({ label: e.label, endpoint: e.path, headers: e.headers, expect: e.expect })),
    SHAPE,
  );

// ---------------------------------------------------------------------------------------------
// Part 1: one engine

interface Caching {
  etag: string | null;
  cacheControl: string | null;
  status: number;
}

interface EngineResult {
  engine: string;
  endpoints: Endpoint[];
  totals: Record<string, number>;
  caching: Record<string, Caching>;
  series: Record<string, Series>;
  lighthouse: LighthouseOutcome | null;
}

interface ArticlePage {
  detail: { total: number; items: { id: string; title: string; hasBody: boolean }[] };
}

const articles = (query: Record<string, string | number>) =>
  `/api/portal/articles?${new URLSearchParams(
    Object.entries({ category: 'NOTICE', page: 0, ...query }).map(([k, v]): [string, string] => [
      k,
      String(v),
    ]),
  ).toString()}`;

async function getJson<T>(base: string, path: string): Promise<T> {
  const res = await fetch(`${base}${path}`);
  if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function benchEngine(
  engine: string,
  database: Database,
  dataDir: string,
  withLighthouse: boolean,
): Promise<EngineResult> {
  await seedDemo(database.db);
  const webDist = withLighthouse ? await snapshotWeb(path.join(dataDir, 'web')) : null;
  const { app, base } = await startBenchApp(database, dataDir, {
    webDist: webDist ?? path.join(dataDir, 'no-web'),
  });
  try {
    // The demo portal needs the app's file store, as server.ts seeds it.
    if (!(await seedDemoPortal(app.ctx))) throw new Error('the demo portal was not seeded');
    await seedBenchContent(database);

    const first = await getJson<ArticlePage>(base, articles({}));
    const lastPage = Math.max(0, Math.ceil(first.detail.total / PAGE_SIZE) - 1);
    const detailId = first.detail.items.find((i) => i.hasBody)?.id;
    if (!detailId) throw new Error('no published notice with a body');
    const etag = (await fetch(`${base}${articles({})}`)).headers.get('etag');
    if (!etag) throw new Error('GET /api/portal/articles answered no ETag: the 304 path cannot be measured');

    const endpoints: Endpoint[] = [
      { key: 'health', label: 'bare route: GET /api/health', path: '/api/health' },
      { key: 'notice', label: 'notices, page 1', path: articles({}), list: true },
      {
        key: 'notice-last',
        label: `notices, page ${lastPage + 1} (the last)`,
        path: articles({ page: lastPage }),
        list: true,
      },
      {
        key: 'search',
        label: `notices, title search "${SEARCH}"`,
        path: articles({ title: SEARCH }),
        list: true,
      },
      {
        key: 'credit',
        label: 'credit: commendationList, page 1',
        path: '/api/portal/credit?list=commendationList&page=0',
        list: true,
      },
      { key: 'home', label: 'home', path: '/api/portal/home' },
      {
        key: 'conditional',
        label: 'notices, page 1, If-None-Match (304)',
        path: articles({}),
        headers: { 'if-none-match': etag },
        expect: 304,
      },
      {
        key: 'detail',
        label: 'article detail (not a list)',
        path: `/api/portal/articles/${detailId}`,
        held: false,
      },
    ].map((e) => ({
      headers: {},
      expect: 200,
      held: e.key !== 'health',
      list: false,
      ...e,
    }));

    // Every call answers as expected; the lists are as long as they should be; the headers.
    const totals: Record<string, number> = {};
    const caching: Record<string, Caching> = {};
    for (const e of endpoints) {
      const res = await fetch(`${base}${e.path}`, { headers: e.headers });
      const text = await res.text();
      if (res.status !== e.expect) throw new Error(`${e.label}: ${res.status} ${text}`);
      caching[e.key] = {
        etag: res.headers.get('etag'),
        cacheControl: res.headers.get('cache-control'),
        status: res.status,
      };
      if (e.list) {
        const detail = (JSON.parse(text) as { detail: { total: number; items: unknown[] } }).detail;
        totals[e.key] = detail.total;
        if (detail.items.length === 0) throw new Error(`${e.label}: an empty page`);
      }
    }

    console.log(`  ${engine}: ${endpoints.length} endpoints in turn at ${SHAPE.rate} req/s in all …`);
    const measured = await measureEndpoints(base, endpoints);
    const series = Object.fromEntries(endpoints.map((e, i) => [e.key, measured[i]!]));

    let lighthouse: LighthouseOutcome | null = null;
    if (withLighthouse) {
      const detailPath = `/sys_out_sys/noticeDetail/${encodeURIComponent(detailId)}`;
      console.log(`  ${engine}: Lighthouse on /sys_out_sys/home and ${detailPath} …`);
      lighthouse = await runLighthouse(base, [
        { label: 'home', path: '/sys_out_sys/home' },
        { label: 'noticeDetail', path: detailPath },
      ]);
    }
    return { engine, endpoints, totals, caching, series, lighthouse };
  } finally {
    await app.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Part 2: Lighthouse

interface LighthouseRow {
  page: string;
  formFactor: 'mobile' | 'desktop';
  performance: number;
  accessibility: number;
  /** Every run's performance score, the reported one is their median. */
  runs: number[];
  metrics: Record<string, string>;
  /** Accessibility audits that failed: their ids. */
  failedA11y: string[];
  /** Scripts the page loaded: file name and bytes transferred. */
  scripts: { name: string; bytes: number }[];
}

type Result = import('lighthouse').Result;
type LighthouseOutcome = { rows: LighthouseRow[] } | { skipped: string };

const METRICS: Record<string, string> = {
  FCP: 'first-contentful-paint',
  LCP: 'largest-contentful-paint',
  TBT: 'total-blocking-time',
  CLS: 'cumulative-layout-shift',
  SI: 'speed-index',
};

/** The scripts a run loaded, from its network-requests audit. */
function scriptsOf(lhr: Result) {
  type Item = { url: string; resourceType?: string; mimeType?: string; transferSize?: number };
  const details = lhr.audits['network-requests']?.details as { items?: Item[] } | undefined;
  return (details?.items ?? [])
    .filter((item) => item.resourceType === 'Script')
    .map((item) => ({
      name: item.url.split('/').pop() ?? item.url,
      mimeType: item.mimeType ?? '',
      transferSize: item.transferSize ?? 0,
    }));
}

/**
 * Why a run did not measure the portal, or null: a page that never loads its `portal-*` chunk
 * (or got HTML for a script) stays on index.html's placeholder logo, which scores well and means
 * nothing.
 */
function unrenderedPortal(lhr: Result): string | null {
  const scripts = scriptsOf(lhr);
  const notScript = scripts.filter((s) => !s.mimeType.includes('javascript'));
  if (notScript.length > 0)
    return `scripts answered as ${notScript.map((s) => `${s.name} (${s.mimeType})`).join(', ')}`;
  if (!scripts.some((s) => s.name.startsWith('portal-')))
    return `the portal's chunk was never loaded (scripts: ${scripts.map((s) => s.name).join(', ')})`;
  return null;
}

async function runLighthouse(
  base: string,
  pages: { label: string; path: string }[],
): Promise<LighthouseOutcome> {
  if (!existsSync(CHROME_PATH)) return { skipped: `no browser at ${CHROME_PATH} (set BENCH_CHROME_PATH)` };
  const html = await fetch(`${base}/sys_out_sys/home`);
  const body = await html.text();
  if (!html.ok || !body.includes('<script'))
    return { skipped: `${base}/sys_out_sys/home serves no web app (run \`npm run build\` first)` };

  // Loaded here, not at the top: part 1 must run where these root dev dependencies cannot load.
  let lighthouse: typeof import('lighthouse').default;
  let desktopConfig: typeof import('lighthouse').desktopConfig;
  let launch: typeof import('chrome-launcher').launch;
  try {
    ({ default: lighthouse, desktopConfig } = await import('lighthouse'));
    ({ launch } = await import('chrome-launcher'));
  } catch (error) {
    return {
      skipped: `the lighthouse or chrome-launcher package does not load: ${(error as Error).message}`,
    };
  }

  let chrome: Awaited<ReturnType<typeof launch>>;
  try {
    chrome = await launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  } catch (error) {
    return { skipped: `${CHROME_PATH} did not start: ${(error as Error).message}` };
  }
  try {
    const rows: LighthouseRow[] = [];
    for (const formFactor of ['mobile', 'desktop'] as const)
      for (const page of pages) {
        const results: Result[] = [];
        for (let run = 0; run < LIGHTHOUSE_RUNS; run++) {
          const result = await lighthouse(
            `${base}${page.path}`,
            {
              port: chrome.port,
              logLevel: 'error',
              output: 'json',
              onlyCategories: ['performance', 'accessibility'],
            },
            formFactor === 'desktop' ? desktopConfig : undefined,
          );
          if (!result) throw new Error(`Lighthouse returned nothing for ${page.path}`);
          if (result.lhr.runtimeError)
            throw new Error(`Lighthouse on ${page.path}: ${result.lhr.runtimeError.message}`);
          const invalid = unrenderedPortal(result.lhr);
          if (invalid) throw new Error(`${page.path} (${formFactor}): ${invalid}`);
          results.push(result.lhr);
        }
        const score = (lhr: Result, category: string) =>
          Math.round((lhr.categories[category]?.score ?? 0) * 100);
        const sorted = [...results].sort((a, b) => score(a, 'performance') - score(b, 'performance'));
        const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
        rows.push({
          page: page.label,
          formFactor,
          performance: score(median, 'performance'),
          accessibility: score(median, 'accessibility'),
          runs: results.map((lhr) => score(lhr, 'performance')),
          metrics: Object.fromEntries(
            Object.entries(METRICS).map(([name, id]) => [name, median.audits[id]?.displayValue ?? 'n/a']),
          ),
          failedA11y: (median.categories.accessibility?.auditRefs ?? [])
            .filter((ref) => ref.weight > 0 && median.audits[ref.id]?.score === 0)
            .map((ref) => ref.id),
          scripts: scriptsOf(median).map((item) => ({ name: item.name, bytes: item.transferSize })),
        });
      }
    return { rows };
  } catch (error) {
    return { skipped: `Lighthouse failed: ${(error as Error).message}` };
  } finally {
    chrome.kill();
  }
}

// ---------------------------------------------------------------------------------------------
// Report

/** "1.32x met" or "2.40x MISSED" against a goal. */
const against = (ratio: number, goal: number) => `${ratio.toFixed(2)}x ${ratio <= goal ? 'met' : 'MISSED'}`;

/** The reader's caches may keep it: `public` or `max-age`/`s-maxage` > 0, and not `no-store`. */
const cacheable = (value: string | null) =>
  value !== null && !/no-store|private/.test(value) && /public|s-maxage=[1-9]|max-age=[1-9]/.test(value);

function report(results: EngineResult[]) {
  console.log(
    `\nPublic portal: demo content plus ${ARTICLES} published notices and ${CREDIT} provincial ` +
      `commendations; page size ${PAGE_SIZE}.\n` +
      `Open loop, ${SHAPE.rate} req/s in all for ${SHAPE.seconds} s, the endpoints in turn, ` +
      `after ${SHAPE.warmupSeconds} s warm-up; latency from scheduled send, in ms; load generator on ` +
      `a thread of its own; Node ${process.version}, ${os.cpus().length} CPU(s), load average ` +
      `${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}.\n` +
      `Goal: each portal call's p99 at most ${LIST_GOAL}x the bare route's (/api/health); ` +
      `public answers carry an ETag and a cacheable Cache-Control.\n`,
  );
  const rows: string[][] = [];
  const missed: string[] = [];
  for (const { engine, endpoints, totals, caching, series } of results) {
    const p99 = (key: string) => percentile(series[key]!.latencies, 99);
    for (const e of endpoints) {
      const s = series[e.key]!;
      const ratio = p99(e.key) / p99('health');
      const c = caching[e.key]!;
      const isPublic = e.key !== 'health';
      rows.push([
        engine,
        e.label,
        e.list ? String(totals[e.key]) : '',
        String(s.sent),
        String(s.errors),
        s.achievedRate.toFixed(0),
        ms(percentile(s.latencies, 50)),
        ms(p99(e.key)),
        ms(s.latencies.at(-1) ?? Number.NaN),
        e.held ? against(ratio, LIST_GOAL) : isPublic ? `${ratio.toFixed(2)}x` : '',
        isPublic ? (c.etag ? 'yes' : 'NO') : '',
        isPublic ? (c.cacheControl ?? 'NONE') : '',
      ]);
      if (e.held && !(ratio <= LIST_GOAL))
        missed.push(`${engine}: ${e.label}, p99 ${ratio.toFixed(2)}x the bare route's`);
      if (s.errors > 0) missed.push(`${engine}: ${e.label}, ${s.errors} of ${s.sent} requests failed`);
      if (isPublic && e.expect === 200 && !(c.etag && cacheable(c.cacheControl)))
        missed.push(
          `${engine}: ${e.label} is not cacheable (ETag ${c.etag ?? 'none'}, ${c.cacheControl ?? 'none'})`,
        );
    }
  }
  console.log(
    table(
      [
        'engine',
        'endpoint',
        'total',
        'sent',
        'errors',
        'req/s',
        'p50',
        'p99',
        'max',
        'p99 vs bare',
        'ETag',
        'Cache-Control',
      ],
      rows,
    ),
  );

  const lighthouse = results.find((r) => r.lighthouse)?.lighthouse;
  if (!RUN_LIGHTHOUSE) console.log('\nLighthouse skipped (BENCH_LIGHTHOUSE=0).');
  else if (!lighthouse) console.log('\nLighthouse not run: no engine ran.');
  else if ('skipped' in lighthouse) {
    console.log(`\nLighthouse NOT RUN: ${lighthouse.skipped}`);
    missed.push(`Lighthouse could not run: ${lighthouse.skipped}`);
  } else {
    console.log(
      `\nLighthouse ${LIGHTHOUSE_RUNS === 1 ? '(one run' : `(median of ${LIGHTHOUSE_RUNS} runs by performance`}` +
        ` per row; ${CHROME_PATH} ${CHROME_FLAGS.join(' ')}; mobile: Lighthouse's defaults, ` +
        `simulated slow 4G and 4x CPU slowdown; desktop: its desktop preset). Goal: ≥ ${LIGHTHOUSE_GOAL}.\n`,
    );
    const verdict = (score: number) => `${score} ${score >= LIGHTHOUSE_GOAL ? 'met' : 'MISSED'}`;
    console.log(
      table(
        ['page', 'form factor', 'performance', 'runs', 'accessibility', ...Object.keys(METRICS)],
        lighthouse.rows.map((r) => [
          r.page,
          r.formFactor,
          verdict(r.performance),
          r.runs.join(' '),
          verdict(r.accessibility),
          ...Object.keys(METRICS).map((m) => r.metrics[m]!),
        ]),
      ),
    );
    for (const r of lighthouse.rows) {
      if (r.performance < LIGHTHOUSE_GOAL)
        missed.push(`Lighthouse ${r.formFactor} ${r.page}: performance ${r.performance}`);
      if (r.accessibility < LIGHTHOUSE_GOAL)
        missed.push(`Lighthouse ${r.formFactor} ${r.page}: accessibility ${r.accessibility}`);
      if (r.failedA11y.length > 0)
        console.log(`  ${r.formFactor} ${r.page}: failed accessibility audits: ${r.failedA11y.join(', ')}`);
    }
    const home = lighthouse.rows.find((r) => r.page === 'home' && r.formFactor === 'mobile');
    if (home) {
      const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
      const total = home.scripts.reduce((sum, s) => sum + s.bytes, 0);
      console.log(
        `\nScripts home loaded (transferred): ${kb(total)} in ${home.scripts.length} files: ` +
          home.scripts.map((s) => `${s.name} ${kb(s.bytes)}`).join(', '),
      );
      const appChunks = home.scripts.filter((s) => s.name.startsWith('app-'));
      if (appChunks.length > 0)
        missed.push(`home loaded the signed-in app's chunks: ${appChunks.map((s) => s.name).join(', ')}`);
      else
        console.log(
          "No chunk of the signed-in app (app-*) among them: the portal's pages are its own chunks.",
        );
    }
  }
  console.log(missed.length === 0 ? '\nAll goals met.' : `\nGoals missed:\n  ${missed.join('\n  ')}`);
}

async function main() {
  console.log(
    `Public portal benchmark: ${SHAPE.rate} req/s × ${SHAPE.seconds} s (+${SHAPE.warmupSeconds} s warm-up), ` +
      `the endpoints in turn; Lighthouse ${RUN_LIGHTHOUSE ? `${LIGHTHOUSE_RUNS} run(s) per page and form factor` : 'skipped'}`,
  );
  const results: EngineResult[] = [];
  // Lighthouse measures the web app, which is the same on either engine: once, on the first.
  if (ENGINES !== 'postgres')
    results.push(await onPglite((db, dir) => benchEngine('PGlite', db, dir, RUN_LIGHTHOUSE)));
  if (ENGINES !== 'pglite') {
    const postgres = await onScratchPostgres((db, dir) =>
      benchEngine('PostgreSQL', db, dir, RUN_LIGHTHOUSE && results.length === 0),
    );
    if (postgres) results.push(postgres);
  }
  report(results);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
