import fp from 'fastify-plugin';
import type { PrincipalMember, ProjectPage } from '@drp/domain';
import type { Database } from '../../db/database.js';
import { AnswerCache, followChanges, writesRecords } from '../../lib/answer-cache.js';

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
