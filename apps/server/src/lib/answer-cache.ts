import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/database.js';
import { API_PATH } from './api-path.js';
import { markKept } from './kept-serializer.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A GET that changes state, as the spec makes some hand-over steps: it clears the caches of
     * what it may change, as any POST, PUT or DELETE does.
     */
    writes?: boolean;
  }
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether a call may change data: every method but a read's, and the GETs marked `writes`. */
export function isWritingCall(request: FastifyRequest): boolean {
  return !READ_METHODS.has(request.method) || request.routeOptions.config?.writes === true;
}

/** Uploads (a drawing set is hundreds of tus PATCHes) store bytes; they change no record a cache keeps. */
const FILE_PATH = /^\/api\/files\//;

/** A writing call of the API that may change the records the caches keep (see `isWritingCall`). */
export function writesRecords(request: FastifyRequest): boolean {
  return API_PATH.test(request.url) && !FILE_PATH.test(request.url) && isWritingCall(request);
}

/**
 * Finished answers a process keeps because readers far outnumber writers, by a key that holds
 * everything the answer depends on. Correctness is the caller's part: it clears the cache on
 * every change that could alter an answer (`followChanges`). The cache's own rules:
 * - off until enabled, and off again whenever the change notifications are lost;
 * - an answer computed across a clear is not stored (the generation from `token`);
 * - an answer `maxAgeMs` old is computed again, the backstop for a change nothing reported;
 * - past `maxEntries`, the least recently used answer goes;
 * - callers that miss while the same answer is being computed wait for it instead of computing
 *   it again (`through`, `running`/`track`): when an answer expires under load, one query runs,
 *   not one per caller. Only computations begun since the last clear are joined.
 */
export class AnswerCache<V> {
  /** How long a caller waits for another's computation before computing its own. */
  static readonly JOIN_WAIT_MS = 2000;
  private readonly entries = new Map<string, { value: V; storedAt: number }>();
  private readonly computing = new Map<string, Promise<unknown>>();
  private generation = 0;
  private enabled = false;

  constructor(
    readonly maxEntries: number,
    readonly maxAgeMs: number,
  ) {}

  setEnabled(enabled: boolean) {
    this.enabled = enabled;
    this.clear();
  }

  clear() {
    this.generation += 1;
    this.entries.clear();
    this.computing.clear();
  }

  /** A token for `set`: answers computed before a later `clear` are not stored. */
  token(): number {
    return this.generation;
  }

  get(key: string, now: number): V | undefined {
    const entry = this.enabled ? this.entries.get(key) : undefined;
    if (!entry) return undefined;
    if (now - entry.storedAt >= this.maxAgeMs || now < entry.storedAt) {
      this.entries.delete(key);
      return undefined;
    }
    // Most recently used last: the oldest is the first to go when the map is full.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V, now: number, generation: number) {
    if (!this.enabled || generation !== this.generation) return;
    markKept(value);
    this.entries.delete(key);
    this.entries.set(key, { value, storedAt: now });
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  /** Changes a kept answer in place (a session touched), keeping its age. */
  update(key: string, change: (value: V) => V) {
    const entry = this.entries.get(key);
    if (entry) entry.value = change(entry.value);
  }

  delete(key: string) {
    this.entries.delete(key);
  }

  /** The computation of `key` begun since the last clear, to wait for; settles within JOIN_WAIT_MS. */
  running(key: string): Promise<unknown> | undefined {
    const computing = this.enabled ? this.computing.get(key) : undefined;
    if (!computing) return undefined;
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise((resolve) => (timer = setTimeout(resolve, AnswerCache.JOIN_WAIT_MS)));
    return Promise.race([computing.catch(() => undefined), deadline]).finally(() => clearTimeout(timer));
  }

  /** Notes that `key` is being computed until `done` is called (or `settled` settles). */
  track(key: string, settled?: Promise<unknown>): () => void {
    let done!: () => void;
    const computing = new Promise<void>((resolve) => (done = resolve));
    if (this.enabled) this.computing.set(key, settled ?? computing);
    return () => {
      done();
      if (this.computing.get(key) === (settled ?? computing)) this.computing.delete(key);
    };
  }

  /** The answer kept under `key`, or `compute`'s, kept for the next caller. */
  async through(key: string, now: () => number, compute: () => Promise<V>): Promise<V> {
    const kept = this.get(key, now());
    if (kept !== undefined) return kept;
    const running = this.running(key);
    if (running) {
      await running;
      const joined = this.get(key, now());
      if (joined !== undefined) return joined;
    }
    const generation = this.token();
    const computing = compute();
    const done = this.track(key, computing);
    try {
      const value = await computing;
      this.set(key, value, now(), generation);
      return value;
    } finally {
      done();
    }
  }
}

/** What `followChanges` needs of a cache: the session cache is one, every AnswerCache another. */
export interface ChangeFollower {
  clear(): void;
  setEnabled(enabled: boolean): void;
}

/**
 * Keeps a process's cache true to the database: cleared by every NOTIFY on `channel` (the
 * database's triggers send one for any change, whichever process or tool made it), and on only
 * while that channel is heard. Without a LISTEN (`listen` undefined) the cache stays off. The
 * process's own writes (`clearOn`) clear it too, before they are answered: the NOTIFY of a write
 * made here may arrive a moment after the answer, and the writer's next call must not win that race.
 */
export async function followChanges(
  app: FastifyInstance,
  options: {
    listen: Database['listen'] | undefined;
    channel: string;
    cache: ChangeFollower;
    /** Logged when the channel is lost: what is computed each time until it is back. */
    whileLost: string;
    /** The calls of this process that clear the cache before they are answered. */
    clearOn: (request: FastifyRequest) => boolean;
  },
) {
  const { listen, channel, cache } = options;
  app.addHook('onSend', async (request, _reply, payload) => {
    if (options.clearOn(request)) cache.clear();
    return payload;
  });
  if (!listen) return;
  const unlisten = await listen(channel, {
    onNotify: () => cache.clear(),
    onLost: () => {
      app.log.warn(`${channel} notifications lost; ${options.whileLost} until restored`);
      cache.setEnabled(false);
    },
    onRestored: () => cache.setEnabled(true),
  });
  cache.setEnabled(true);
  app.addHook('preClose', async () => {
    cache.setEnabled(false);
    await unlisten();
  });
}
