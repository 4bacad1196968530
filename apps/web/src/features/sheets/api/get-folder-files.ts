import { queryOptions, useQueries } from '@tanstack/react-query';
import type { DocFile } from '@drp/domain';
import { request, toQueryString } from '../../../lib/http';
import { actingAs, projectKey, projectUrl, type ProjectTarget } from '../../../lib/project-target';
import { retryUnlessRefused } from '../../../lib/retry-unless-refused';
import { SHEETS_KEY } from '../../../lib/sheet-query-keys';

/** `docRepository/queryFile`: the files of one folder, in the order the units set. */
export const folderFilesQuery = (target: ProjectTarget, versionId: string, folderId: string) =>
  queryOptions({
    queryKey: [...SHEETS_KEY, ...projectKey(target), 'files', versionId, folderId],
    queryFn: ({ signal }) =>
      request<DocFile[]>(
        projectUrl(target, `docRepository/queryFile?${toQueryString({ versionId, folderId })}`),
        { signal, headers: actingAs(target.orgId) },
      ),
    retry: retryUnlessRefused,
  });

/** The files of every folder named, each folder one call (the tree says which hold any). */
export const useFolderFiles = (target: ProjectTarget, versionId: string, folderIds: readonly string[]) =>
  useQueries({
    queries: folderIds.map((id) => folderFilesQuery(target, versionId, id)),
    combine: (results) => ({
      lists: results.map((r) => r.data),
      pending: results.some((r) => r.isPending),
      error: results.find((r) => r.error)?.error ?? null,
    }),
  });
