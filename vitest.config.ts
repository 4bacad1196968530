import { readFileSync, readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const source = { conditions: ['source'] };
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * Server test files that never open a database (a ZIP writer, a file store, an XFDF parser): the
 * PostgreSQL run would repeat them to no purpose, a minute of CI's time budget. A file counts as
 * opening one when it builds a test app or reads the engine the run is for.
 */
function databaseFreeServerTests(): string[] {
  const dir = 'apps/server/src';
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => path.join(dir, file))
    .filter(
      (file) => !/createTestApp|test-app|DRP_TEST_DB|TEST_DATABASE_URL/.test(readFileSync(file, 'utf8')),
    );
}

/**
 * One `vitest run` runs everything: pure domain tests, server tests through `inject` on PGlite
 * (and again on PostgreSQL when TEST_DATABASE_URL is set), and browser tests against the built
 * app in Debian's Chromium.
 */
export default defineConfig({
  test: {
    reporters: ['default', './scripts/summary-reporter.ts'],
    // Vitest's default is one worker fewer than the cores: one worker on CI's two, so every server
    // file ran after the other (906 s of files, 15 minutes of wall time). A server test spends much
    // of its time waiting on PostgreSQL, the disk or a child process, so a worker per core keeps
    // both cores busy: the PostgreSQL project took 282 s on two workers against 366 s on one.
    // Browser tests run apart, after the rest (the e2e project below).
    maxWorkers: availableParallelism(),
    projects: [
      { resolve: source, test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'] } },
      // The web app's pure logic (the viewer's transform and tile picking); screens are tested in e2e.
      { resolve: source, test: { name: 'web', include: ['apps/web/src/**/*.test.ts'] } },
      {
        resolve: source,
        // Vitest runs server tests in Vite's SSR environment, which reads ssr.resolve, not resolve.
        ssr: { resolve: source },
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          env: { DRP_TEST_DB: 'pglite' },
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          // Every file builds its own app on its own database, and no server test mocks a module,
          // so the files share one module graph: importing the whole app again per file took a
          // sixth of the run.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(onPostgres
        ? [
            {
              resolve: source,
              ssr: { resolve: source },
              test: {
                name: 'server-postgres',
                include: ['apps/server/src/**/*.test.ts'],
                exclude: databaseFreeServerTests(),
                env: { DRP_TEST_DB: 'postgres' },
                globalSetup: ['apps/server/src/test/global-setup.ts'],
                isolate: false,
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      {
        resolve: source,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          globalSetup: ['e2e/support/global-setup.ts'],
          // After the server projects, not beside them: every wait of a browser test is a render or a
          // round trip, which the server tests starved when both ran at once. The browser files took
          // three times as long on CI (2 089 s against 772 s alone) and a 60-second test timed out;
          // the whole run went from 2 860 s to 1 160 s. One file at a time: two at once (a server
          // each) saved only 7 % on two cores, as each file then ran slower.
          sequence: { groupOrder: 1 },
          fileParallelism: false,
          // A page reload or a server round trip on a busy two-core CI machine can take longer
          // than expect.poll's default second; this is a ceiling on waiting, not a speed check.
          expect: { poll: { timeout: 10_000 } },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
