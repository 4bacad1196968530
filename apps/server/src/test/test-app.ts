import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { WEB_CLIENT_ID, WEB_REDIRECT_PATH } from '@drp/domain';
import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../config/config.js';
import { openDatabase, type Database } from '../db/database.js';
import { DEMO_PASSWORD, seedDemo } from '../db/seed/demo-seed.js';
import { randomToken, sha256Base64Url } from '../lib/crypto.js';
import { loginPassingCaptcha } from './solve-captcha.js';
import { cloneTestDatabase, pgliteImage, withAdmin, type DatabaseTemplates } from './database-templates.js';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** Moves the app's clock; expiry rules are tested by moving time, not by waiting. */
  advance(ms: number): void;
  /** Runs the whole sign-in flow and returns a bearer token. */
  signIn(username: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * A real database for each test app: in-memory PGlite, or a new PostgreSQL database created next
 * to TEST_DATABASE_URL when DRP_TEST_DB=postgres. Never a mock. Under the server projects' global
 * setup it starts as a copy of the run's migrated (and, unless `seed: false`, demo-seeded)
 * template; without one it is migrated and seeded here.
 */
async function openTestDatabase(seed: boolean): Promise<{ database: Database; drop: () => Promise<void> }> {
  const templates = inject('databaseTemplates') as DatabaseTemplates | undefined;
  if (process.env.DRP_TEST_DB !== 'postgres') {
    const template = templates?.pglite;
    if (!template) {
      const database = await openDatabase({});
      if (seed) await seedDemo(database.db);
      return { database, drop: async () => {} };
    }
    const image = await pgliteImage(seed ? template.seeded : template.bare);
    return { database: await openDatabase({ pgliteImage: image }), drop: async () => {} };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('DRP_TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `drp_t_${randomBytes(6).toString('hex')}`;
  const template = templates?.postgres;
  let database: Database;
  if (template) {
    database = await openDatabase({
      databaseUrl: await cloneTestDatabase(adminUrl, name, seed ? template.seeded : template.bare),
    });
  } else {
    await withAdmin(adminUrl, (admin) => admin.query(`create database ${name}`));
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    database = await openDatabase({ databaseUrl: url.toString() });
    if (seed) await seedDemo(database.db);
  }
  return {
    database,
    drop: async () => {
      await withAdmin(adminUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`));
    },
  };
}

export async function createTestApp(
  options: {
    env?: Record<string, string>;
    seed?: boolean;
    /**
     * The change notifications the app's caches follow: the database's LISTEN unless given. A
     * channel that never speaks shows what the app's own writes keep true without it.
     */
    listen?: Database['listen'];
  } = {},
): Promise<TestApp> {
  const { database, drop } = await openTestDatabase(options.seed !== false);
  // Uploaded files go to a directory of this test file's own.
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'drp-test-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...options.env });
  let offset = 0;
  const app = await buildApp({
    config,
    db: database.db,
    secrets: { authKey: randomBytes(32) },
    clock: () => new Date(Date.now() + offset),
    logger: false,
    listen: options.listen ?? database.listen,
  });
  await app.ready();

  const signIn = async (username: string, password = DEMO_PASSWORD) => {
    // Answers the captcha that two failed tries from the test's address bring, as the person would.
    const login = await loginPassingCaptcha({ app, database }, { username, password });
    if (login.statusCode !== 200) throw new Error(`login ${username}: ${login.body}`);
    const cookie = login.cookies.find((c) => c.name === 'drp_login')!;
    const verifier = randomToken(32);
    const authorize = await app.inject({
      method: 'POST',
      url: '/uaa/oauth/authorize',
      cookies: { drp_login: cookie.value },
      payload: {
        response_type: 'code',
        client_id: WEB_CLIENT_ID,
        redirect_uri: WEB_REDIRECT_PATH,
        code_challenge: sha256Base64Url(verifier),
        code_challenge_method: 'S256',
      },
    });
    const code = authorize.json<{ detail: { code: string } }>().detail.code;
    const token = await app.inject({
      method: 'POST',
      url: '/uaa/oauth/token',
      payload: {
        grant_type: 'authorization_code',
        code,
        redirect_uri: WEB_REDIRECT_PATH,
        client_id: WEB_CLIENT_ID,
        code_verifier: verifier,
      },
    });
    return token.json<{ detail: { access_token: string } }>().detail.access_token;
  };

  return {
    app,
    database,
    config,
    advance: (ms) => {
      offset += ms;
    },
    signIn,
    close: async () => {
      await app.close();
      await database.close();
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
