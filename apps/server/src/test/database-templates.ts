import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { migrationsFolder, openDatabase } from '../db/database.js';
import { seedDemo } from '../db/seed/demo-seed.js';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}

/**
 * Migrating a fresh database costs seconds (about 15 on PGlite on a busy two-core machine), and
 * nearly every test file builds one or more test apps. So a run migrates once, seeds once, and each
 * test app starts from a copy: PGlite from a dumped data directory, PostgreSQL by CREATE DATABASE
 * … TEMPLATE. The copy is the same database the old way made; only the time to make it differs.
 */
export interface DatabaseTemplates {
  /** PGlite: dumped data directories (uncompressed tar files). */
  pglite?: { bare: string; seeded: string };
  /** PostgreSQL: database names next to TEST_DATABASE_URL. */
  postgres?: { bare: string; seeded: string };
}

/**
 * What the migrated schema depends on. A template built from other migrations (or, for PGlite,
 * another PGlite) has another name, so a stale one is never used.
 */
async function migrationsKey(extra: string): Promise<string> {
  const hash = createHash('sha256').update(extra);
  const visit = async (dir: string) => {
    for (const entry of (await readdir(dir, { withFileTypes: true })).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await visit(full);
      else hash.update(`${path.relative(migrationsFolder, full)}\n`).update(await readFile(full));
    }
  };
  await visit(migrationsFolder);
  return hash.digest('hex').slice(0, 16);
}

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

const pgliteOf = (database: { db: unknown }) => (database.db as { $client: PGlite }).$client;

/** Writes a file whole or not at all, so a concurrent run never reads half a template. */
async function writeAtomically(file: string, data: Blob) {
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(partial, new Uint8Array(await data.arrayBuffer()));
  await rename(partial, file);
}

/**
 * PGlite: the migrated data directory is kept in the temp directory across runs (keyed by the
 * migrations); the demo seed is made again each run, since its rows carry the time they were made
 * (password ages, for instance) and tests move the clock from now.
 */
export async function preparePgliteTemplates(): Promise<DatabaseTemplates['pglite'] & {}> {
  const pglitePackage = path.join(
    path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')),
    '..',
    'package.json',
  );
  const { version } = JSON.parse(await readFile(pglitePackage, 'utf8')) as { version: string };
  const key = await migrationsKey(`pglite ${version}`);
  const bare = path.join(os.tmpdir(), `drp-pglite-template-${key}.tar`);
  const seeded = path.join(os.tmpdir(), `drp-pglite-seeded-${key}-${process.pid}.tar`);
  const database = (await exists(bare))
    ? await openDatabase({ pgliteImage: new Blob([await readFile(bare)]) })
    : await openDatabase({});
  try {
    if (!(await exists(bare))) await writeAtomically(bare, await pgliteOf(database).dumpDataDir('none'));
    await seedDemo(database.db);
    await writeAtomically(seeded, await pgliteOf(database).dumpDataDir('none'));
  } finally {
    await database.close();
  }
  return { bare, seeded };
}

const databaseUrl = (adminUrl: string, name: string) => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/** Runs `work` on a connection of its own to the server's admin database. */
export async function withAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * PostgreSQL: the migrated template database stays on the server across runs (keyed by the
 * migrations; built under another name and renamed, so a concurrent run sees it whole or not at
 * all); the seeded one is this run's own and dropped at the end. No session stays connected to
 * either, since CREATE DATABASE … TEMPLATE refuses a template somebody is connected to.
 */
export async function preparePostgresTemplates(
  adminUrl: string,
): Promise<DatabaseTemplates['postgres'] & {}> {
  const key = await migrationsKey('postgres');
  const bare = `drp_template_${key}`;
  const seeded = `drp_seeded_${key}_${randomBytes(4).toString('hex')}`;
  await withAdmin(adminUrl, async (admin) => {
    // Two runs starting together build the template once.
    await admin.query('select pg_advisory_lock(20261127)');
    try {
      const found = await admin.query('select 1 from pg_database where datname = $1', [bare]);
      if (found.rowCount === 0) {
        const building = `${bare}_${randomBytes(4).toString('hex')}`;
        await admin.query(`create database ${building}`);
        const database = await openDatabase({ databaseUrl: databaseUrl(adminUrl, building) });
        await database.close();
        await admin.query(`alter database ${building} rename to ${bare}`);
      }
    } finally {
      await admin.query('select pg_advisory_unlock(20261127)');
    }
    await admin.query(`create database ${seeded} template ${bare}`);
  });
  const database = await openDatabase({ databaseUrl: databaseUrl(adminUrl, seeded) });
  try {
    await seedDemo(database.db);
  } finally {
    await database.close();
  }
  return { bare, seeded };
}

/** A new PostgreSQL database copied from a template; answers its URL. */
export async function cloneTestDatabase(adminUrl: string, name: string, template: string): Promise<string> {
  await withAdmin(adminUrl, (admin) => admin.query(`create database ${name} template ${template}`));
  return databaseUrl(adminUrl, name);
}

/** The template's dumped data directory, read once per worker. */
const images = new Map<string, Promise<Blob>>();
export function pgliteImage(file: string): Promise<Blob> {
  let image = images.get(file);
  if (!image) {
    image = readFile(file).then((bytes) => new Blob([bytes]));
    images.set(file, image);
  }
  return image;
}
