import fp from 'fastify-plugin';
import type { MissionGrid, OpinionPage, PrincipalMember } from '@drp/domain';
import type { Database } from '../../db/database.js';
import { AnswerCache, followChanges, writesRecords } from '../../lib/answer-cache.js';

/** Every process is told on this channel when an opinion list or a missions grid may change (migration 0035). */
export const REVIEW_LISTS_CHANGED_CHANNEL = 'drp_review_lists_changed';

/**
 * The opinion lists and missions grids this process answered, by person, application and query.
 * A reviewer goes back to the list after every opinion and the director to the grid after every
 * step, while a round of fifty buildings makes each answer a dozen queries (issue 19's benchmark).
 * An answer is kept until anything it shows may have changed, as the application lists are
 * (project-list-cache.ts):
 * - a writing call through this process clears them all before it is answered;
 * - a change by any process or tool reaches every process through REVIEW_LISTS_CHANGED_CHANNEL
 *   (triggers on the opinions, missions, the application and its parties, buildings, the round's
 *   documents, the clause library, members and the calendar); while that channel is lost or
 *   absent nothing is kept;
 * - a minute is the backstop, and China's day is part of the key (overdue turns at midnight).
 * Refusals are not kept: a caller who may not read the application is refused each time.
 */
export interface ReviewListCaches {
  opinions: AnswerCache<OpinionPage>;
  missionGrids: AnswerCache<MissionGrid>;
}

declare module '../../lib/app-context.js' {
  interface AppContext {
    /** Opinion lists and missions grids answered; cleared whenever one may change. */
    reviewLists: ReviewListCaches;
  }
}

export const newReviewListCaches = (): ReviewListCaches => ({
  opinions: new AnswerCache<OpinionPage>(5000, 60_000),
  missionGrids: new AnswerCache<MissionGrid>(1000, 60_000),
});

/**
 * What a review answer depends on besides the data: the person (drafts are their reviewer's, and
 * what each may do with an opinion is theirs), the membership they act in, the application, the
 * query and China's day. The membership's fields are all of it: a change of role or profiles gives
 * another key, and the session cache is cleared by it.
 */
export function reviewListKey(
  member: PrincipalMember,
  accountId: string,
  projectId: string,
  day: string,
  query: unknown,
): string {
  return JSON.stringify([
    accountId,
    member.orgId,
    member.orgType,
    member.admin,
    [...member.profiles].sort(),
    projectId,
    day,
    query,
  ]);
}

/** Keeps `ctx.reviewLists` true: cleared by this process's writes and by every notification. */
export const reviewListCachePlugin = fp(
  async (app, options: { listen?: Database['listen'] | undefined }) => {
    const { opinions, missionGrids } = app.ctx.reviewLists;
    await followChanges(app, {
      listen: options.listen,
      channel: REVIEW_LISTS_CHANGED_CHANNEL,
      cache: {
        clear: () => {
          opinions.clear();
          missionGrids.clear();
        },
        setEnabled: (enabled) => {
          opinions.setEnabled(enabled);
          missionGrids.setEnabled(enabled);
        },
      },
      whileLost: 'opinion lists and missions grids are queried each time',
      clearOn: writesRecords,
    });
  },
  { name: 'review-list-cache' },
);
