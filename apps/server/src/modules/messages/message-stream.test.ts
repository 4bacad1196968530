import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { BACKGROUND_HEADER, type MessageEvent } from '@drp/domain';
import { buildApp } from '../../app.js';
import { inTransaction, openDatabase, type Database } from '../../db/database.js';
import { accountIdOf, demoOrgIds } from '../../test/project-fixture.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { sendMessage, type SendMessageInput } from './messages.service.js';

/**
 * The live push of new messages, over a real socket: `GET /api/message/events` read as a browser
 * reads it. Waits are generous; nothing here asserts how fast a message arrives, and that a
 * message does NOT arrive is shown by order: the next frame after it is a later message.
 */

/** How long to wait for a frame before calling it missing. */
const WAIT_MS = 10_000;

interface Frame {
  event?: string;
  data?: string;
  retry?: number;
}

function parseFrame(block: string): Frame | null {
  const frame: Frame = {};
  let any = false;
  for (const line of block.split('\n')) {
    if (line === '' || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    any = true;
    if (field === 'event') frame.event = value;
    else if (field === 'data') frame.data = frame.data === undefined ? value : `${frame.data}\n${value}`;
    else if (field === 'retry') frame.retry = Number(value);
  }
  // A comment-only block (the keep-alive) is no frame.
  return any ? frame : null;
}

async function* framesOf(body: ReadableStream<Uint8Array>): AsyncGenerator<Frame> {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of body) {
    buffer += decoder.decode(chunk, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) !== -1) {
      const frame = parseFrame(buffer.slice(0, end));
      buffer = buffer.slice(end + 2);
      if (frame) yield frame;
    }
  }
}

interface Stream {
  response: Response;
  /** The next frame; fails after WAIT_MS. */
  next(): Promise<Frame>;
  /** The next `message` event's data. */
  nextMessage(): Promise<MessageEvent>;
  /** Resolves true once the server ends the stream (false if it sends a frame instead). */
  ended(): Promise<boolean>;
  close(): void;
}

const open: Stream[] = [];

/** Opens the stream as the page does: bearer token, marked as a background request. */
async function openStream(baseUrl: string, token: string | undefined): Promise<Stream> {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/message/events`, {
    headers: {
      accept: 'text/event-stream',
      [BACKGROUND_HEADER]: '1',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    signal: controller.signal,
  });
  const frames = response.body && response.ok ? framesOf(response.body) : null;
  const pull = () => {
    if (!frames) throw new Error(`no stream: ${response.status}`);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no frame within ${WAIT_MS} ms`)), WAIT_MS);
    });
    return Promise.race([frames.next(), timeout]).finally(() => clearTimeout(timer));
  };
  const stream: Stream = {
    response,
    next: async () => {
      const result = await pull();
      if (result.done) throw new Error('the stream ended');
      return result.value;
    },
    nextMessage: async () => {
      const frame = await stream.next();
      expect(frame.event).toBe('message');
      return JSON.parse(frame.data!) as MessageEvent;
    },
    ended: async () => (await pull()).done === true,
    close: () => controller.abort(),
  };
  open.push(stream);
  return stream;
}

/** Opens a stream and reads the greeting: the reconnect delay, then `ready`. */
async function readyStream(baseUrl: string, token: string): Promise<Stream> {
  const stream = await openStream(baseUrl, token);
  expect(stream.response.status).toBe(200);
  expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
  expect(await stream.next()).toEqual({ retry: 5000 });
  expect(await stream.next()).toEqual({ event: 'ready', data: '{}' });
  return stream;
}

afterEach(() => {
  for (const stream of open.splice(0)) stream.close();
});

async function listenOn(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

const at = () => new Date();
type Sent = Omit<SendMessageInput, 'by'> & { by?: string | null };
const sendThrough = (database: Database, input: Sent) =>
  inTransaction(database.db, (tx) => sendMessage(tx, { by: null, ...input }));

describe('the live message stream', () => {
  let t: TestApp;
  let baseUrl: string;
  let org: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    baseUrl = await listenOn(t.app);
    org = await demoOrgIds(t.database.db);
  });
  afterAll(() => t?.close());

  const send = (input: Sent) => sendThrough(t.database, input);

  it('refuses anonymous callers and dead tokens with 401 in the envelope', async () => {
    for (const token of [undefined, 'not-a-real-token']) {
      const stream = await openStream(baseUrl, token);
      expect(stream.response.status).toBe(401);
      expect(((await stream.response.json()) as { code: string }).code).toBe('UNAUTHORIZED');
    }
  });

  it('says ready, then tells a member when a message arrives for their organisation', async () => {
    const stream = await readyStream(baseUrl, await t.signIn('design_admin'));
    await send({ type: 'CENSOR_MATERIAL_REJECT', to: [{ orgId: org.design! }], at: at() });
    expect(await stream.nextMessage()).toEqual({ orgId: org.design, type: 'CENSOR_MATERIAL_REJECT' });
    // The list call then shows it.
    await send({ type: 'CENSOR_MATERIAL_ACCEPT', to: [{ orgId: org.design! }], at: at() });
    expect(await stream.nextMessage()).toEqual({ orgId: org.design, type: 'CENSOR_MATERIAL_ACCEPT' });
  });

  it('does not tell anyone about another organisation’s message', async () => {
    const design = await readyStream(baseUrl, await t.signIn('design_user'));
    const design2 = await readyStream(baseUrl, await t.signIn('design2_admin'));
    await send({ type: 'CENSOR_MATERIAL_REJECT', to: [{ orgId: org.design2! }], at: at() });
    await send({ type: 'CONSTRUCT_PROJECT_REVOKE', to: [{ orgId: org.design! }], at: at() });
    // The first thing the design org hears about is its own message.
    expect(await design.nextMessage()).toEqual({ orgId: org.design, type: 'CONSTRUCT_PROJECT_REVOKE' });
    expect(await design2.nextMessage()).toEqual({ orgId: org.design2, type: 'CENSOR_MATERIAL_REJECT' });
    await send({ type: 'CENSOR_MATERIAL_ACCEPT', to: [{ orgId: org.design2! }], at: at() });
    expect(await design2.nextMessage()).toEqual({ orgId: org.design2, type: 'CENSOR_MATERIAL_ACCEPT' });
  });

  it('tells only the named reviewer about a personal mission', async () => {
    const reviewer = await readyStream(baseUrl, await t.signIn('censor_reviewer'));
    const colleague = await readyStream(baseUrl, await t.signIn('censor_reviewer2'));
    const admin = await readyStream(baseUrl, await t.signIn('censor_admin'));
    await send({
      type: 'CENSOR_TASKING_SUBMIT',
      to: [{ orgId: org.censor!, accountId: await accountIdOf(t.database.db, 'censor_reviewer') }],
      at: at(),
    });
    await send({ type: 'CONSTRUCT_MATERIAL_SUBMIT', to: [{ orgId: org.censor! }], at: at() });
    expect(await reviewer.nextMessage()).toEqual({ orgId: org.censor, type: 'CENSOR_TASKING_SUBMIT' });
    expect(await reviewer.nextMessage()).toEqual({ orgId: org.censor, type: 'CONSTRUCT_MATERIAL_SUBMIT' });
    for (const other of [colleague, admin])
      expect(await other.nextMessage()).toEqual({ orgId: org.censor, type: 'CONSTRUCT_MATERIAL_SUBMIT' });
  });

  it('tells the colleagues of whoever did the work that their to-do is settled', async () => {
    const director = await readyStream(baseUrl, await t.signIn('censor_director'));
    const projectId = randomUUID();
    await send({ type: 'CONSTRUCT_MATERIAL_SUBMIT', to: [{ orgId: org.censor! }], at: at(), projectId });
    expect(await director.nextMessage()).toEqual({ orgId: org.censor, type: 'CONSTRUCT_MATERIAL_SUBMIT' });
    // The administrator accepts: the message goes to the construction unit, and the agency hears
    // that its request to accept is settled, so the director's list drops it without waiting.
    await send({
      type: 'CENSOR_MATERIAL_ACCEPT',
      to: [{ orgId: org.construct! }],
      at: at(),
      projectId,
      senderOrgId: org.censor!,
      by: await accountIdOf(t.database.db, 'censor_admin'),
    });
    expect(await director.nextMessage()).toEqual({ orgId: org.censor, type: 'CONSTRUCT_MATERIAL_SUBMIT' });
  });

  it('tells a person in two organisations about both, saying which', async () => {
    const stream = await readyStream(baseUrl, await t.signIn('multi_user'));
    await send({ type: 'CENSOR_MATERIAL_ACCEPT', to: [{ orgId: org.survey! }], at: at() });
    await send({ type: 'CENSOR_MATERIAL_REJECT', to: [{ orgId: org.design! }], at: at() });
    expect(await stream.nextMessage()).toEqual({ orgId: org.survey, type: 'CENSOR_MATERIAL_ACCEPT' });
    expect(await stream.nextMessage()).toEqual({ orgId: org.design, type: 'CENSOR_MATERIAL_REJECT' });
  });

  it('never pushes a message whose change was rolled back', async () => {
    const stream = await readyStream(baseUrl, await t.signIn('censor2_admin'));
    await expect(
      inTransaction(t.database.db, async (tx) => {
        await sendMessage(tx, {
          by: null,
          type: 'CONSTRUCT_MATERIAL_SUBMIT',
          to: [{ orgId: org.censor2! }],
          at: at(),
        });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await send({ type: 'CONSTRUCT_PROJECT_REVOKE', to: [{ orgId: org.censor2! }], at: at() });
    // The first thing heard is the committed message.
    expect(await stream.nextMessage()).toEqual({ orgId: org.censor2, type: 'CONSTRUCT_PROJECT_REVOKE' });
  });
});

describe('closing the server', () => {
  it('ends the open streams instead of waiting for them', async () => {
    const t = await createTestApp();
    let closed = false;
    try {
      const baseUrl = await listenOn(t.app);
      const stream = await readyStream(baseUrl, await t.signIn('design_admin'));
      await t.close();
      closed = true;
      expect(await stream.ended()).toBe(true);
    } finally {
      if (!closed) await t.close();
    }
  });
});

/** The database URL of a test app on PostgreSQL (each test file gets a database of its own). */
async function databaseUrlOf(t: TestApp): Promise<string> {
  const result: unknown = await t.database.db.execute(sql`select current_database() as name`);
  const name = (result as { rows: { name: string }[] }).rows[0]!.name;
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

describe.skipIf(process.env.DRP_TEST_DB !== 'postgres')('the live stream on PostgreSQL', () => {
  let t: TestApp;
  let baseUrl: string;
  let org: Record<string, string>;
  let admin: pg.Client;
  let databaseName: string;

  beforeAll(async () => {
    t = await createTestApp();
    baseUrl = await listenOn(t.app);
    org = await demoOrgIds(t.database.db);
    databaseName = new URL(await databaseUrlOf(t)).pathname.slice(1);
    admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await t?.close();
  });

  describe('two server instances on one database', () => {
    let second: { app: FastifyInstance; database: Database; baseUrl: string };

    beforeAll(async () => {
      const database = await openDatabase({ databaseUrl: await databaseUrlOf(t) });
      // Sessions live in the database (tokens hashed): a token from one instance works on the other.
      const app = await buildApp({
        config: t.config,
        db: database.db,
        secrets: { authKey: randomBytes(32) },
        logger: false,
        listen: (channel, handlers) => database.listen(channel, handlers),
      });
      await app.ready();
      second = { app, database, baseUrl: await listenOn(app) };
    });
    afterAll(async () => {
      await second?.app.close();
      await second?.database.close();
    });

    it('a stream on one instance hears a message sent through the other', async () => {
      const token = await t.signIn('design_admin');
      const onSecond = await readyStream(second.baseUrl, token);
      const onFirst = await readyStream(baseUrl, await t.signIn('design_user'));
      await sendThrough(t.database, {
        type: 'CENSOR_MATERIAL_REJECT',
        to: [{ orgId: org.design! }],
        at: at(),
      });
      expect(await onSecond.nextMessage()).toEqual({ orgId: org.design, type: 'CENSOR_MATERIAL_REJECT' });
      expect(await onFirst.nextMessage()).toEqual({ orgId: org.design, type: 'CENSOR_MATERIAL_REJECT' });
      // And the other way round.
      await sendThrough(second.database, {
        type: 'CENSOR_MATERIAL_ACCEPT',
        to: [{ orgId: org.design! }],
        at: at(),
      });
      expect(await onFirst.nextMessage()).toEqual({ orgId: org.design, type: 'CENSOR_MATERIAL_ACCEPT' });
      expect(await onSecond.nextMessage()).toEqual({ orgId: org.design, type: 'CENSOR_MATERIAL_ACCEPT' });
    });
  });

  describe('when the connection that listens is lost', () => {
    const listenerPids = async () =>
      (
        await admin.query<{ pid: number }>(
          "select pid from pg_stat_activity where datname = $1 and query ilike 'listen %'",
          [databaseName],
        )
      ).rows.map((r) => r.pid);

    it('ends the open streams, answers 503 until it is back, then pushes again', async () => {
      const token = await t.signIn('survey_admin');
      const before = await readyStream(baseUrl, token);
      // Keep the listener from connecting again until the test has seen the 503.
      await admin.query(`alter database ${databaseName} allow_connections false`);
      try {
        const pids = await listenerPids();
        expect(pids.length).toBeGreaterThan(0);
        for (const pid of pids) await admin.query('select pg_terminate_backend($1)', [pid]);
        expect(await before.ended()).toBe(true);
        const refused = await openStream(baseUrl, token);
        expect(refused.response.status).toBe(503);
        expect(((await refused.response.json()) as { code: string }).code).toBe('LIVE_UPDATES_UNAVAILABLE');
      } finally {
        await admin.query(`alter database ${databaseName} allow_connections true`);
      }
      // The listener reconnects by itself; until then the page keeps getting 503 and retries.
      const deadline = Date.now() + WAIT_MS;
      let again: Stream | undefined;
      while (!again) {
        const attempt = await openStream(baseUrl, token);
        if (attempt.response.status === 200) again = attempt;
        else {
          expect(attempt.response.status).toBe(503);
          await attempt.response.body?.cancel();
          if (Date.now() > deadline) throw new Error('the stream did not come back');
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      }
      expect(await again.next()).toEqual({ retry: 5000 });
      expect(await again.next()).toEqual({ event: 'ready', data: '{}' });
      await sendThrough(t.database, {
        type: 'CENSOR_MATERIAL_REJECT',
        to: [{ orgId: org.survey! }],
        at: at(),
      });
      expect(await again.nextMessage()).toEqual({ orgId: org.survey, type: 'CENSOR_MATERIAL_REJECT' });
    });
  });
});
