import { AnswerCache } from '../../lib/answer-cache.js';
import type { AccountRow, AuthSessionRow, MembershipRow } from './auth.repository.js';

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
 * entry `ttlMs` old is read again, as a last line of defence (AnswerCache holds these rules).
 */
export class SessionCache extends AnswerCache<CachedSession> {
  constructor(ttlMs = SESSION_CACHE_TTL_MS, maxEntries = SESSION_CACHE_MAX_ENTRIES) {
    super(maxEntries, ttlMs);
  }

  /** A touched session keeps its entry with the new last-seen time; its age is unchanged. */
  updateSession(tokenHash: string, session: AuthSessionRow) {
    this.update(tokenHash, (cached) => ({ ...cached, session }));
  }
}

declare module '../../lib/app-context.js' {
  interface AppContext {
    /** What bearer tokens resolved to; cleared whenever sessions, accounts or memberships change. */
    sessions: SessionCache;
  }
}
