import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * Runs work in one transaction. Drizzle types a transaction apart from the database it came
 * from; both run the same queries, so repositories take either as a `Db`.
 */
export function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx as unknown as Db));
}

/** Receives NOTIFY payloads of one channel, and hears when the listening connection is lost. */
export interface NotificationHandlers {
  onNotify(payload: string): void;
  /** The connection dropped; it is being re-established and notifications meanwhile are lost. */
  onLost?(): void;
  /** Listening again after a loss. */
  onRestored?(): void;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * LISTENs on a channel. Every process on the same database hears a NOTIFY, and a NOTIFY sent
   * inside a transaction arrives only if it commits. Resolves to a function that stops listening.
   */
  listen: (channel: string, handlers: NotificationHandlers) => Promise<() => Promise<void>>;
  close(): Promise<void>;
}

const CHANNEL_NAME = /^[a-z_][a-z0-9_]*$/;
const RECONNECT_MS = 1000;

/**
 * A dedicated PostgreSQL connection for LISTEN (pooled connections come and go), connected again
 * RECONNECT_MS after a loss, as often as it takes.
 */
function listenOnPostgres(url: string, channel: string, handlers: NotificationHandlers) {
  let client: pg.Client | null = null;
  let stopped = false;
  let lost = false;
  let timer: NodeJS.Timeout | undefined;

  const schedule = () => {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void attempt(false);
    }, RECONNECT_MS);
  };
  const attempt = async (first: boolean) => {
    const next = new pg.Client({ connectionString: url });
    let dead = false;
    const die = () => {
      if (dead) return;
      dead = true;
      if (client === next) client = null;
      void next.end().catch(() => {});
      if (stopped) return;
      if (!lost) handlers.onLost?.();
      lost = true;
      schedule();
    };
    next.on('notification', (n) => {
      if (n.channel === channel && n.payload !== undefined) handlers.onNotify(n.payload);
    });
    next.on('error', die);
    next.on('end', die);
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
    } catch (error) {
      // The first attempt reports to the caller; later ones keep trying.
      if (first) {
        dead = true;
        client = null;
        await next.end().catch(() => {});
        throw error;
      }
      die();
      return;
    }
    if (lost) {
      lost = false;
      handlers.onRestored?.();
    }
  };
  return {
    start: () => attempt(true),
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}

export const migrationsFolder = path.resolve(import.meta.dirname, '..', '..', 'src', 'db', 'migrations');

export interface OpenDatabaseOptions {
  /** postgres://… for a server; otherwise embedded PGlite. */
  databaseUrl?: string | undefined;
  /** PGlite data directory; undefined keeps the database in memory. */
  pgliteDir?: string | undefined;
  /** In-memory PGlite started from this dumped data directory (tests copy a migrated template). */
  pgliteImage?: Blob | undefined;
}

/** Opens the database and brings its schema up to date; both engines run the same migrations. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // PostgreSQL may close an idle connection (restart, failover, pg_terminate_backend). The pool
    // drops it and connects again on demand; without a listener the 'error' event ends the process.
    pool.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder });
    const listeners = new Set<{ stop(): Promise<void> }>();
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      listen: async (channel, handlers) => {
        if (!CHANNEL_NAME.test(channel)) throw new Error(`bad channel name ${channel}`);
        const listener = listenOnPostgres(options.databaseUrl!, channel, handlers);
        await listener.start();
        listeners.add(listener);
        return async () => {
          listeners.delete(listener);
          await listener.stop();
        };
      },
      close: async () => {
        await Promise.all([...listeners].map((l) => l.stop()));
        await pool.end();
      },
    };
  }
  if (options.pgliteDir) await mkdir(options.pgliteDir, { recursive: true });
  const client = options.pgliteDir
    ? new PGlite(options.pgliteDir)
    : new PGlite(options.pgliteImage ? { loadDataDir: options.pgliteImage } : {});
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    // One embedded connection: the process hears its own NOTIFYs, at commit like PostgreSQL.
    listen: async (channel, handlers) => {
      if (!CHANNEL_NAME.test(channel)) throw new Error(`bad channel name ${channel}`);
      const unlisten = await client.listen(channel, (payload) => handlers.onNotify(payload));
      return () => unlisten();
    },
    close: () => client.close(),
  };
}
