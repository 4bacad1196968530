/**
 * The open-loop load generator, on its own thread (`bench-load-worker.ts`): the server under test
 * keeps its event loop and its garbage collections to itself, and the client's timers are not held
 * up by the server's work, as with a load generator on another machine. Plain `node:http` with
 * keep-alive: fetch spent a millisecond of its own on each call, which every latency carried.
 */
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';

export interface OpenLoopResult {
  sent: number;
  errors: number;
  /** Milliseconds from scheduled send to the end of the body, unsorted. */
  latencies: number[];
  /** Completed requests per second over the measured window. */
  achievedRate: number;
}

export interface OpenLoopRequest {
  url: string;
  headers: Record<string, string>;
  rate: number;
  seconds: number;
  /** The status that counts as an answer, when not a success (a revalidation's 304). */
  expect?: number | undefined;
}

// As many connections as the open loop needs: a request never waits for a free socket.
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

function get(url: URL, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    request.on('error', reject);
  });
}

/**
 * Sends `rate` requests per second for `seconds`, each at its scheduled instant whether or not
 * earlier ones have answered (open loop). Latency counts from the scheduled instant (or the send,
 * when that was earlier), so a stalled server shows up as latency instead of as a lower request
 * rate (no coordinated omission). An
 * answer counts when it is a success, or when its status is `expect`.
 */
export async function openLoop(input: OpenLoopRequest): Promise<OpenLoopResult> {
  const { rate, seconds, expect } = input;
  const url = new URL(input.url);
  const total = Math.max(1, Math.round(rate * seconds));
  const interval = 1000 / rate;
  const latencies: number[] = [];
  let errors = 0;
  const inflight: Promise<void>[] = [];
  const start = performance.now() + 5;
  let lastDone = start;
  for (let i = 0; i < total; i++) {
    const due = start + i * interval;
    const wait = due - performance.now();
    if (wait >= 1) await sleep(wait);
    // A timer cannot wait less than a millisecond, so a request may leave up to one early: its
    // latency then counts from when it left. A late one counts from when it was due.
    const from = Math.min(due, performance.now());
    inflight.push(
      get(url, input.headers)
        .then((status) => {
          const done = performance.now();
          lastDone = Math.max(lastDone, done);
          const answered = expect === undefined ? status >= 200 && status < 300 : status === expect;
          if (answered) latencies.push(done - from);
          else errors++;
        })
        .catch(() => {
          errors++;
        }),
    );
  }
  await Promise.all(inflight);
  return { sent: total, errors, latencies, achievedRate: latencies.length / ((lastDone - start) / 1000) };
}
