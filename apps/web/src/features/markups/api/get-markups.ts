import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MarkupList } from '@drp/domain';
import { request, toQueryString } from '../../../lib/http';
import { actingAs, projectUrl, type ProjectTarget } from '../../../lib/project-target';
import { retryUnlessRefused } from '../../../lib/retry-unless-refused';
import { markupsKey } from './keys';

/** `docRepository/markups?fileId=`: the file's markups the caller may see, and whether it may draw. */
export const markupsQuery = (target: ProjectTarget, fileId: string) =>
  queryOptions({
    queryKey: markupsKey(target, fileId),
    queryFn: ({ signal }) =>
      request<MarkupList>(projectUrl(target, `docRepository/markups?${toQueryString({ fileId })}`), {
        signal,
        headers: actingAs(target.orgId),
      }),
    retry: retryUnlessRefused,
  });

export const useMarkupList = (target: ProjectTarget, fileId: string) =>
  useQuery({ ...markupsQuery(target, fileId), enabled: fileId !== '' });
