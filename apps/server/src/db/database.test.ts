import { setImmediate as nextTurn } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/test-app.js';

/**
 * PostgreSQL may close idle connections at any time (restart, failover, pg_terminate_backend).
 * The server must shrug that off: an unhandled pool 'error' event would end the process.
 * Vitest fails the run on such an unhandled error, so this test also guards against that.
 */
describe.skipIf(process.env.DRP_TEST_DB !== 'postgres')(
  'PostgreSQL connections dropped by the server',
  () => {
    let t: TestApp;
    let admin: pg.Client;
    beforeAll(async () => {
      t = await createTestApp();
      admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
    });
    afterAll(async () => {
      await admin.end();
      await t.close();
    });

    it('keeps answering after every idle connection is terminated', async () => {
      const token = await t.signIn('design_admin');
      const account = () =>
        t.app.inject({ url: '/api/admin/account', headers: { authorization: `Bearer ${token}` } });
      expect((await account()).statusCode).toBe(200);

      const current: unknown = await t.database.db.execute(sql`select current_database() as name`);
      const name = (current as { rows: { name: string }[] }).rows[0]!.name;
      const backends = async () =>
        (
          await admin.query<{ n: number }>(
            'select count(*)::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
            [name],
          )
        ).rows[0]!.n;
      expect(await backends()).toBeGreaterThan(0);
      await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [name],
      );
      while ((await backends()) > 0) await nextTurn();
      // Let the pool read the termination notices before the next call.
      await nextTurn();

      const res = await account();
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<{ detail: { account: { username: string } } }>().detail.account.username).toBe(
        'design_admin',
      );
    });
  },
);
