import type { AccountRow, MembershipRow } from '../accounts/accounts.repository.js';
import type { AuthSessionRow } from './auth.repository.js';

/** The channel the database's triggers (migration 0014) NOTIFY when who-may-do-what changes. */
export const AUTH_CHANGED_CHANNEL = 'drp_auth_changed';

export interface CachedSession {
  session: AuthSessionRow;
  account: AccountRow;
  memberships: MembershipRow[];
}

/** An entry is read again after this long, whatever the notifications said. */
export const SESSION_CACHE_TTL_MS = 60_000;
/** Sessions kept per process; far above the platform's concurrent users, and a few MB at most. */
export const SESSION_CACHE_MAX_ENTRIES = 20_000;

interface Entry {
  value: CachedSession;
  cachedAt: number;
}

/**
 * What a bearer token resolved to, so that a call does not begin with two queries (the session
 * and the memberships were most of a list call's cost: `npm run bench`).
 *
 * Staleness is what matters here: a revoked session, a disabled account or a removed profile must
 * stop working on the next call. So every entry is dropped when anything of the sort changes:
 * - the database's triggers NOTIFY AUTH_CHANGED_CHANNEL on every such write, whoever makes it and
 *   on whichever server process, and every process listening clears its cache (`clear`);
 * - this process also clears it before answering any call that writes (the NOTIFY of a write made
 *   here may arrive a moment after the answer, and the caller's next call must not win that race);
 * - while the listening connection is lost, or where nothing listens, the cache is off.
 * A lookup that began before a clear does not store its answer (the generation check), and an
 * entry older than `ttlMs` is read again, as a last line of defence.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private generation = 0;
  private enabled = false;

  constructor(
    private readonly ttlMs = SESSION_CACHE_TTL_MS,
    private readonly maxEntries = SESSION_CACHE_MAX_ENTRIES,
  ) {}

  /** On while the process hears the database's change notifications, off otherwise. */
  setEnabled(enabled: boolean) {
    this.enabled = enabled;
    this.clear();
  }

  clear() {
    this.generation += 1;
    this.entries.clear();
  }

  /** A token for `set`: answers looked up before a later `clear` are not stored. */
  begin(): number {
    return this.generation;
  }

  get(tokenHash: string, now: number): CachedSession | undefined {
    if (!this.enabled) return undefined;
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (now - entry.cachedAt >= this.ttlMs || now < entry.cachedAt) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry.value;
  }

  set(tokenHash: string, value: CachedSession, now: number, generation: number) {
    if (!this.enabled || generation !== this.generation) return;
    this.entries.delete(tokenHash);
    // Oldest first in a Map: past the bound, the longest-cached entries go.
    while (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    this.entries.set(tokenHash, { value, cachedAt: now });
  }

  /** A touched session keeps its entry with the new last-seen time; its age is unchanged. */
  updateSession(tokenHash: string, session: AuthSessionRow) {
    const entry = this.entries.get(tokenHash);
    if (entry) entry.value = { ...entry.value, session };
  }

  delete(tokenHash: string) {
    this.entries.delete(tokenHash);
  }
}
