import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DocCategory, DocFolderNode } from '@drp/domain';
import { request, toQueryString } from '../../../lib/http';
import { actingAs, projectKey, projectUrl, type ProjectTarget } from '../../../lib/project-target';
import { retryUnlessRefused } from '../../../lib/retry-unless-refused';
import { SHEETS_KEY } from '../../../lib/sheet-query-keys';

/** `docRepository/listTree`: the version's folders of one category, beside the sheet. */
export const sheetTreeQuery = (target: ProjectTarget, versionId: string, category: DocCategory) =>
  queryOptions({
    queryKey: [...SHEETS_KEY, ...projectKey(target), 'tree', versionId, category],
    queryFn: ({ signal }) =>
      request<DocFolderNode[]>(
        projectUrl(target, `docRepository/listTree?${toQueryString({ versionId, category })}`),
        { signal, headers: actingAs(target.orgId) },
      ),
    retry: retryUnlessRefused,
  });

export const useSheetTree = (target: ProjectTarget, versionId: string, category: DocCategory) =>
  useQuery(sheetTreeQuery(target, versionId, category));
