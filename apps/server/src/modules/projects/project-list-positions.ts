import type { PrincipalMember } from '@drp/domain';
import { AnswerCache } from '../../lib/answer-cache.js';
import type { ListPosition } from './project-list.repository.js';

/**
 * Where rows of each list stand, remembered from the pages the lists showed, so that a deep page is
 * read from the index at the key of a row near it instead of walking every row above it: page 1000
 * of five skips 4 995 entries, which costs PGlite about a millisecond on each call. The page itself
 * is still queried (rows, names and total fresh); only where it begins is remembered. A change to
 * any list clears every position, as it clears the pages (`projectListCachePlugin` in
 * project-list-cache.ts), and a minute is the backstop. By organisation and filters, not page size: a row's place does not depend on it.
 */
export class ProjectListPositions extends AnswerCache<ListPosition[]> {
  /** Positions kept per list: the pages a unit moves between, not every page it ever opened. */
  static readonly PER_LIST = 64;

  constructor() {
    super(5000, 60_000);
  }

  static key(
    member: Pick<PrincipalMember, 'orgType' | 'orgId'>,
    filter: { status?: string | undefined },
  ): string {
    return JSON.stringify([member.orgType, member.orgId, filter.status ?? null]);
  }

  /** The remembered row nearest above `offset` (at most at it), when one is below the top. */
  nearest(key: string, offset: number, now: number): ListPosition | undefined {
    let best: ListPosition | undefined;
    for (const p of this.get(key, now) ?? [])
      if (p.offset > 0 && p.offset <= offset && (!best || p.offset > best.offset)) best = p;
    return best;
  }

  /**
   * Adds positions seen in a page read since `generation` (see AnswerCache.token). A list's
   * positions keep the age of its first one, so the minute's backstop holds while it is paged.
   */
  remember(key: string, seen: ListPosition[], now: number, generation: number) {
    if (generation !== this.token()) return;
    if (!this.get(key, now)) return this.set(key, seen, now, generation);
    const offsets = new Set(seen.map((p) => p.offset));
    this.update(key, (kept) =>
      [...kept.filter((p) => !offsets.has(p.offset)), ...seen].slice(-ProjectListPositions.PER_LIST),
    );
  }
}
