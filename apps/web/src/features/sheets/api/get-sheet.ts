import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SheetInfo } from '@drp/domain';
import { request, toQueryString } from '../../../lib/http';
import { actingAs, projectUrl, type ProjectTarget } from '../../../lib/project-target';
import { retryUnlessRefused } from '../../../lib/retry-unless-refused';
import { sheetKey } from '../../../lib/sheet-query-keys';

/** Asked again this long before the links' token expires, so an image never fails on an old one. */
const REFRESH_AHEAD_MS = 60_000;
const REFRESH_MIN_MS = 10_000;

/** How long until the sheet should be asked again: before its token expires. */
export function sheetRefreshMs(sheet: Pick<SheetInfo, 'expiresAt'> | undefined, now = Date.now()) {
  if (!sheet) return false as const;
  return Math.max(REFRESH_MIN_MS, Date.parse(sheet.expiresAt) - now - REFRESH_AHEAD_MS);
}

/** `docRepository/sheet?fileId=`: the file's sheet as prepared so far, with fresh signed links. */
export const sheetQuery = (target: ProjectTarget, fileId: string) =>
  queryOptions({
    queryKey: sheetKey(target, fileId),
    queryFn: ({ signal }) =>
      request<SheetInfo>(projectUrl(target, `docRepository/sheet?${toQueryString({ fileId })}`), {
        signal,
        headers: actingAs(target.orgId),
      }),
    retry: retryUnlessRefused,
    refetchInterval: (query) => sheetRefreshMs(query.state.data),
    refetchIntervalInBackground: true,
    // The links carry a token: a focus refetch would only churn the images' URLs.
    refetchOnWindowFocus: false,
  });

export const useSheet = (target: ProjectTarget, fileId: string) => useQuery(sheetQuery(target, fileId));
