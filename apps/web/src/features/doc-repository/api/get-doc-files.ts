import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DocFile } from '@drp/domain';
import { request, toQueryString } from '../../../lib/http';
import { actingAs, projectUrl, type ProjectTarget } from '../../../lib/project-target';
import { retryUnlessRefused } from '../../../lib/retry-unless-refused';
import { docRepositoryKey } from './keys';

/** `docRepository/queryFile`: the files of one folder. */
export const docFilesKey = (target: ProjectTarget, versionId: string, folderId: string) => [
  ...docRepositoryKey(target),
  'files',
  versionId,
  folderId,
];

export const docFilesQuery = (target: ProjectTarget, versionId: string, folderId: string) =>
  queryOptions({
    queryKey: docFilesKey(target, versionId, folderId),
    queryFn: ({ signal }) =>
      request<DocFile[]>(
        projectUrl(target, `docRepository/queryFile?${toQueryString({ versionId, folderId })}`),
        { signal, headers: actingAs(target.orgId) },
      ),
    retry: retryUnlessRefused,
  });

export const useDocFiles = (target: ProjectTarget, versionId: string, folderId: string | undefined) =>
  useQuery({ ...docFilesQuery(target, versionId, folderId ?? ''), enabled: !!folderId });
