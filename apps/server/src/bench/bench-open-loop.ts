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

export interface OpenLoopTarget {
  url: string;
  headers: Record<string, string>;
  /** The status that counts as an answer, when not a success (a revalidation's 304). */
  expect?: number | undefined;
}

export interface OpenLoopRequest {
  /** Called in turn, in a new random order each cycle; one result per target. */
  targets: OpenLoopTarget[];
  /** Requests per second, all targets together. */
  rate: number;
  seconds: number;
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

/** 0 … n-1 in a random order (Fisher–Yates). */
function shuffled(n: number): number[] {
  const order = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

/**
 * Sends `rate` requests per second for `seconds`, each at its scheduled instant whether or not
 * earlier ones have answered (open loop). With several targets the requests go to each in turn,
 * in a new random order every cycle: the targets share every instant of the run, so a pause of
 * the machine or a garbage collection falls on each alike, and none always follows another.
 * Latency counts from the scheduled instant (or the send, when that was earlier), so a stalled
 * server shows up as latency instead of as a lower request rate (no coordinated omission). An
 * answer counts when it is a success, or when its status is the target's `expect`.
 */
export async function openLoop(input: OpenLoopRequest): Promise<OpenLoopResult[]> {
  const { rate, seconds } = input;
  const targets = input.targets.map((t) => ({ ...t, parsed: new URL(t.url) }));
  const results = targets.map((): OpenLoopResult => ({ sent: 0, errors: 0, latencies: [], achievedRate: 0 }));
  const total = Math.max(1, Math.round(rate * seconds));
  const interval = 1000 / rate;
  const inflight: Promise<void>[] = [];
  const start = performance.now() + 5;
  let lastDone = start;
  let order: number[] = [];
  for (let i = 0; i < total; i++) {
    if (order.length === 0) order = shuffled(targets.length);
    const which = order.pop()!;
    const target = targets[which]!;
    const result = results[which]!;
    const due = start + i * interval;
    const wait = due - performance.now();
    if (wait >= 1) await sleep(wait);
    // A timer cannot wait less than a millisecond, so a request may leave up to one early: its
    // latency then counts from when it left. A late one counts from when it was due.
    const from = Math.min(due, performance.now());
    result.sent++;
    inflight.push(
      get(target.parsed, target.headers)
        .then((status) => {
          const done = performance.now();
          lastDone = Math.max(lastDone, done);
          const answered =
            target.expect === undefined ? status >= 200 && status < 300 : status === target.expect;
          if (answered) result.latencies.push(done - from);
          else result.errors++;
        })
        .catch(() => {
          result.errors++;
        }),
    );
  }
  await Promise.all(inflight);
  const elapsed = (lastDone - start) / 1000;
  for (const result of results) result.achievedRate = result.latencies.length / elapsed;
  return results;
}
