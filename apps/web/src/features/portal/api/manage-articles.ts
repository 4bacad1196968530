import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  PortalHistoryEntry,
  SaveArticleRequest,
  StaffArticle,
  StaffArticleListQuery,
  StaffArticleSummary,
} from '@drp/domain';
import type { Page } from '../../../components/paged-table';
import { request, toQueryString } from '../../../lib/http';
import { manageArticlesKey } from './manage-keys';

export type StaffArticlePage = Page<StaffArticleSummary>;
/** What saving answers (`savedArticle`): the article, and whether the sanitiser took anything out. */
export interface SavedArticle {
  article: StaffArticle;
  bodyCleaned: boolean;
}

const articleUrl = (id: string) => `/api/info/portal/articles/${encodeURIComponent(id)}`;

/** `GET /api/info/portal/articles`: every article, drafts too, filtered and paged. */
export const manageArticlePageQuery = (query: StaffArticleListQuery) =>
  queryOptions({
    queryKey: [...manageArticlesKey, 'page', query],
    queryFn: ({ signal }) =>
      request<StaffArticlePage>(`/api/info/portal/articles?${toQueryString(query)}`, { signal }),
    placeholderData: keepPreviousData,
  });
export const useManageArticlePage = (query: StaffArticleListQuery) => useQuery(manageArticlePageQuery(query));

/** `GET /api/info/portal/articles/{id}`: one article as staff edit it. */
export const manageArticleQuery = (id: string) =>
  queryOptions({
    queryKey: [...manageArticlesKey, 'one', id],
    queryFn: ({ signal }) => request<StaffArticle>(articleUrl(id), { signal }),
  });
export const useManageArticle = (id: string | undefined) =>
  useQuery({ ...manageArticleQuery(id ?? ''), enabled: Boolean(id) });

/** `GET …/{id}/history`: who did what to the article, newest first. */
export const manageArticleHistoryQuery = (id: string) =>
  queryOptions({
    queryKey: [...manageArticlesKey, 'history', id],
    queryFn: ({ signal }) => request<PortalHistoryEntry[]>(`${articleUrl(id)}/history`, { signal }),
  });
export const useManageArticleHistory = (id: string | undefined) =>
  useQuery({ ...manageArticleHistoryQuery(id ?? ''), enabled: Boolean(id) });

/** Creates a draft (no id), or saves the named article; a published one stays published. */
export const saveManageArticle = (id: string | undefined, body: SaveArticleRequest) =>
  id
    ? request<SavedArticle>(articleUrl(id), { method: 'PUT', body })
    : request<SavedArticle>('/api/info/portal/articles', { method: 'POST', body });

export const publishManageArticle = (id: string) =>
  request<StaffArticle>(`${articleUrl(id)}/publish`, { method: 'POST' });
export const unpublishManageArticle = (id: string) =>
  request<StaffArticle>(`${articleUrl(id)}/unpublish`, { method: 'POST' });
export const deleteManageArticle = (id: string) => request<null>(articleUrl(id), { method: 'DELETE' });

/** Every article mutation refreshes every staff article answer (lists, the article, its history). */
function useArticleMutation<A, R>(fn: (arg: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: manageArticlesKey }),
  });
}

export const useSaveManageArticle = () =>
  useArticleMutation(({ id, body }: { id: string | undefined; body: SaveArticleRequest }) =>
    saveManageArticle(id, body),
  );
export const usePublishManageArticle = () => useArticleMutation(publishManageArticle);
export const useUnpublishManageArticle = () => useArticleMutation(unpublishManageArticle);
export const useDeleteManageArticle = () => useArticleMutation(deleteManageArticle);

/**
 * Where the public reads an article: a body opens as a notice detail, an item without one as
 * `emptyDetail` (title, source, date, attachments), as the public portal routes them.
 */
export const publicArticlePath = (article: { id: string; hasBody: boolean }) =>
  article.hasBody
    ? `/sys_out_sys/noticeDetail/${encodeURIComponent(article.id)}`
    : `/sys_out_sys/emptyDetail?id=${encodeURIComponent(article.id)}`;
