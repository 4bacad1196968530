import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DocCategory, DocFolderNode } from '@drp/domain';
import { request, toQueryString } from '../../../lib/http';
import { actingAs, projectUrl, type ProjectTarget } from '../../../lib/project-target';
import { retryUnlessRefused } from '../../../lib/retry-unless-refused';
import { docRepositoryKey } from './keys';

/** `docRepository/listTree`: buildings, their specialties and the units' own folders. */
export const docTreeQuery = (target: ProjectTarget, versionId: string, category: DocCategory) =>
  queryOptions({
    queryKey: [...docRepositoryKey(target), 'tree', versionId, category],
    queryFn: ({ signal }) =>
      request<DocFolderNode[]>(
        projectUrl(target, `docRepository/listTree?${toQueryString({ versionId, category })}`),
        { signal, headers: actingAs(target.orgId) },
      ),
    retry: retryUnlessRefused,
  });

export const useDocTree = (target: ProjectTarget, versionId: string, category: DocCategory) =>
  useQuery(docTreeQuery(target, versionId, category));
