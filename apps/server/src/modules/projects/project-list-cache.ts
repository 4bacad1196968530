import fp from 'fastify-plugin';
import type { PrincipalMember, ProjectPage } from '@drp/domain';
import type { Database } from '../../db/database.js';
import { AnswerCache, followChanges, writesRecords } from '../../lib/answer-cache.js';
import type { ListPosition } from './projects.repository.js';

/** Every process is told on this channel when an application list may change (migration 0021). */
export const PROJECT_LISTS_CHANGED_CHANNEL = 'drp_project_lists_changed';

/**
 * The application lists this process answered, by organisation and query. Each area opens on its
 * list, every screen goes back to it after an action, and all members of a unit share it, while
 * applications change a few times a day each: the same page was queried again and again. A page
 * is kept until anything it shows may have changed:
 * - a writing call through this process clears every list before it is answered;
 * - a change by any process or tool reaches every process through PROJECT_LISTS_CHANGED_CHANNEL
 *   (triggers on applications, their parties and organisations); while that channel is lost or
 *   absent nothing is kept;
 * - a minute is the backstop.
 * Five thousand pages of five to a hundred summaries are a few MB at most.
 */
export const newProjectListCache = () => new AnswerCache<ProjectPage>(5000, 60_000);

/**
 * What a list depends on: the acting organisation (its kind and id decide the scope; a
 * supervising authority's region is read from it, and a change of region clears the cache) and
 * the whole query. Never the person: members of one organisation see the same list.
 */
export function projectListKey(
  member: Pick<PrincipalMember, 'orgType' | 'orgId'>,
  query: { page: number; pageSize: number; name?: string; status?: string; from?: string; to?: string },
): string {
  return JSON.stringify([
    member.orgType,
    member.orgId,
    query.page,
    query.pageSize,
    query.name ?? null,
    query.status ?? null,
    query.from ?? null,
    query.to ?? null,
  ]);
}

/**
 * Where rows of each list stand, remembered from the pages the lists showed, so that a deep page is
 * read from the index at the key of a row near it instead of walking every row above it: page 1000
 * of five skips 4 995 entries, which costs PGlite about a millisecond on each call. The page itself
 * is still queried (rows, names and total fresh); only where it begins is remembered. A change to
 * any list clears every position, as it clears the pages (`projectListCachePlugin`), and a minute
 * is the backstop. By organisation and filters, not page size: a row's place does not depend on it.
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

  /** Adds positions seen in a page read since `generation` (see AnswerCache.token). */
  remember(key: string, seen: ListPosition[], now: number, generation: number) {
    const offsets = new Set(seen.map((p) => p.offset));
    const kept = (this.get(key, now) ?? []).filter((p) => !offsets.has(p.offset));
    this.set(key, [...kept, ...seen].slice(-ProjectListPositions.PER_LIST), now, generation);
  }
}

/**
 * Keeps `ctx.projectLists` and `ctx.projectListPositions` true: cleared by this process's writes
 * and by every notification.
 */
export const projectListCachePlugin = fp(
  async (app, options: { listen?: Database['listen'] | undefined }) => {
    const { projectLists, projectListPositions } = app.ctx;
    await followChanges(app, {
      listen: options.listen,
      channel: PROJECT_LISTS_CHANGED_CHANNEL,
      cache: {
        clear: () => {
          projectLists.clear();
          projectListPositions.clear();
        },
        setEnabled: (enabled) => {
          projectLists.setEnabled(enabled);
          projectListPositions.setEnabled(enabled);
        },
      },
      whileLost: 'application lists are queried each time',
      clearOn: writesRecords,
    });
  },
  { name: 'project-list-cache' },
);
