import { execFile } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import type { DatabaseTemplates } from './database-templates.js';

/**
 * Migrates (and seeds) the project's engine once per run, in a child process (see
 * prepare-templates.ts); each test app then starts from a copy. Drops this run's seeded copy at
 * the end; the migrated template stays for the next run with the same migrations.
 */
export default async function setup(project: TestProject) {
  const engine = project.config.env.DRP_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      '--conditions',
      'source',
      '--import',
      'tsx',
      path.join(import.meta.dirname, 'prepare-templates.ts'),
      engine,
    ],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  const templates = JSON.parse(stdout.trim().split('\n').at(-1)!) as DatabaseTemplates;
  project.provide('databaseTemplates', templates);
  return async () => {
    if (templates.pglite) await rm(templates.pglite.seeded, { force: true });
    if (templates.postgres) {
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      try {
        await admin.query(`drop database if exists ${templates.postgres.seeded} with (force)`);
      } finally {
        await admin.end();
      }
    }
  };
}
