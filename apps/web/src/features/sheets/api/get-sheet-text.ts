import { queryOptions, useQueries } from '@tanstack/react-query';
import type { SheetInfo, SheetText } from '@drp/domain';
import type { ProjectTarget } from '../../../lib/project-target';
import { SHEETS_KEY } from '../../../lib/sheet-query-keys';
import { projectKey } from '../../../lib/project-target';

/**
 * One page's text layer (`${assetBase}/text/{page}`), which the server read at preparation: runs
 * of characters with their boxes in page space. Signed by the link's token, so no header; the key
 * leaves the token out, as a refreshed token does not change the text.
 */
export const sheetTextQuery = (target: ProjectTarget, sheet: SheetInfo, page: number) =>
  queryOptions({
    queryKey: [...SHEETS_KEY, ...projectKey(target), 'text', sheet.fileId, page],
    queryFn: async ({ signal }): Promise<SheetText> => {
      const response = await fetch(`${sheet.assetBase}/text/${page}`, { signal });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return (await response.json()) as SheetText;
    },
    staleTime: Infinity,
    retry: 1,
  });

/** The text layers of the pages that have text, fetched only while `enabled` (a search is typed). */
export function useSheetTexts(target: ProjectTarget, sheet: SheetInfo | undefined, enabled: boolean) {
  const pages = sheet && sheet.state === 'READY' ? sheet.pages.filter((p) => p.hasText) : [];
  return useQueries({
    queries: pages.map((p) => ({ ...sheetTextQuery(target, sheet!, p.index), enabled })),
    combine: (results) => ({
      texts: results.map((r) => r.data),
      loading: results.some((r) => r.isPending),
    }),
  });
}
