import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestTsa, type TestTsa, type TsaBehaviour } from '../../test/test-tsa.js';
import { AppError } from '../../lib/app-error.js';
import { timestampClient } from './timestamp-client.js';

/** What a failed stamp throws: the signer's error, the reason for the log in its cause. */
async function failure(promise: Promise<unknown>): Promise<{ code: string; reason: string }> {
  const error = await promise.then(
    () => {
      throw new Error('the stamp did not fail');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return { code: (error as AppError).code, reason: String(((error as AppError).cause as Error).message) };
}

describe('the timestamp client refuses every answer but a good token for its own request', () => {
  let tsa: TestTsa;
  const value = new Uint8Array(256).fill(7);

  beforeAll(async () => {
    tsa = await startTestTsa();
  });
  afterAll(async () => {
    await tsa?.close();
  });

  it('returns the token of a granted answer', async () => {
    tsa.behaviour = 'grant';
    const token = await timestampClient({ url: tsa.url, policy: undefined }).stamp(value);
    expect(token[0]).toBe(0x30);
  });

  it.each<[TsaBehaviour, RegExp]>([
    ['http-500', /answered HTTP 500$/],
    ['garbage', /answered an answer that is not a TimeStampResp/],
    ['wrong-nonce', /answered a token with another nonce$/],
    ['wrong-imprint', /answered a token over another message imprint$/],
    ['rejection', /answered status 2 \(unsupported algorithm\)$/],
    ['bad-signature', /answered a token whose signature does not verify/],
    ['not-for-timestamping', /answered a token signed by a certificate not for time-stamping$/],
  ])('fails with SIGNATURE_TIMESTAMP_FAILED when the TSA answers %s', async (behaviour, reason) => {
    tsa.behaviour = behaviour;
    const failed = await failure(timestampClient({ url: tsa.url, policy: undefined }).stamp(value));
    expect(failed.code).toBe('SIGNATURE_TIMESTAMP_FAILED');
    expect(failed.reason).toMatch(/^timestamp authority: http:\/\/127\.0\.0\.1:\d+\/tsa /);
    expect(failed.reason).toMatch(reason);
  });

  it('gives up on a TSA that does not answer in time', async () => {
    tsa.behaviour = 'silent';
    const started = Date.now();
    const failed = await failure(
      timestampClient({ url: tsa.url, policy: undefined }, { timeoutMs: 300 }).stamp(value),
    );
    expect(failed).toMatchObject({
      code: 'SIGNATURE_TIMESTAMP_FAILED',
      reason: expect.stringMatching(/did not answer within 300 ms$/) as unknown,
    });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('fails the same way when the TSA is down, or answers without end', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const down = await failure(
      timestampClient({ url: `http://127.0.0.1:${port}/tsa`, policy: undefined }).stamp(value),
    );
    expect(down).toMatchObject({
      code: 'SIGNATURE_TIMESTAMP_FAILED',
      reason: expect.stringMatching(/could not be asked$/) as unknown,
    });

    const endless = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/timestamp-reply' });
      const chunk = Buffer.alloc(16 * 1024, 0x30);
      const write = () => {
        while (res.write(chunk));
        res.once('drain', write);
      };
      write();
    });
    await new Promise<void>((resolve) => endless.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(endless.address() as AddressInfo).port}/tsa`;
      const flood = await failure(timestampClient({ url, policy: undefined }).stamp(value));
      expect(flood.reason).toMatch(/answered an answer over 65536 bytes$/);
    } finally {
      endless.closeAllConnections();
      await new Promise((resolve) => endless.close(resolve));
    }
  });

  it('sends the credentials of the URL as Basic authentication, never in the address', async () => {
    tsa.behaviour = 'grant';
    const seen: (string | undefined)[] = [];
    const front = createServer((req, res) => {
      seen.push(req.headers.authorization);
      const parts: Buffer[] = [];
      req.on('data', (p: Buffer) => parts.push(p));
      req.on('end', () => {
        void fetch(tsa.url, {
          method: 'POST',
          body: Buffer.concat(parts),
          headers: { 'content-type': 'application/timestamp-query' },
        }).then(async (answer) => res.writeHead(answer.status).end(Buffer.from(await answer.arrayBuffer())));
      });
    });
    await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = front.address() as AddressInfo;
      await timestampClient({ url: `http://signer:p%40ss@127.0.0.1:${port}/tsa`, policy: undefined }).stamp(
        value,
      );
      expect(seen).toEqual([`Basic ${Buffer.from('signer:p@ss').toString('base64')}`]);
    } finally {
      await new Promise((resolve) => front.close(resolve));
    }
  });
});
