import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DocFeedback } from '@drp/domain';
import { request } from '../../../lib/http';
import { actingAs, projectUrl, type ProjectTarget } from '../../../lib/project-target';
import { retryUnlessRefused } from '../../../lib/retry-unless-refused';
import { docRepositoryKey } from './keys';

/** `docRepositoryFeedback/query`: the agency's reasons for a return and its reminders. */
export const docFeedbackQuery = (target: ProjectTarget, versionId: string) =>
  queryOptions({
    queryKey: [...docRepositoryKey(target), 'feedback', versionId],
    queryFn: ({ signal }) =>
      request<DocFeedback[]>(projectUrl(target, 'docRepositoryFeedback/query'), {
        method: 'POST',
        body: { versionId },
        signal,
        headers: actingAs(target.orgId),
      }),
    retry: retryUnlessRefused,
  });

export const useDocFeedback = (target: ProjectTarget, versionId: string) =>
  useQuery(docFeedbackQuery(target, versionId));
