import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  CreditEntry,
  CreditList,
  ForumTopic,
  ForumTopicSummary,
  PortalArticle,
  PortalArticlePage,
  PortalCategory,
  PortalHome,
  PortalSite,
  ReviewRecordBuildingDetail,
  ReviewRecordDetail,
  ReviewRecordPage,
} from '@drp/domain';
import { getPortal, queryString } from './portal-http';

/** What every list screen keeps in its URL: page (0-based, as the API), title, date range. */
export interface ListFilters {
  page: number;
  title?: string;
  from?: string;
  to?: string;
}

export const PAGE_SIZE = 10;

const listParams = (f: ListFilters) => ({
  page: f.page,
  pageSize: PAGE_SIZE,
  title: f.title,
  from: f.from,
  to: f.to,
});

// Published content changes a few times a day; a minute keeps paging back and forth instant.
const FRESH = 60_000;

export const siteQuery = queryOptions({
  queryKey: ['portal', 'site'],
  queryFn: ({ signal }) => getPortal<PortalSite>('/api/portal/site', signal),
  staleTime: 5 * FRESH,
});

export const homeQuery = queryOptions({
  queryKey: ['portal', 'home'],
  queryFn: ({ signal }) => getPortal<PortalHome>('/api/portal/home', signal),
  staleTime: FRESH,
});

export const articleListQuery = (category: PortalCategory, filters: ListFilters) =>
  queryOptions({
    queryKey: ['portal', 'articles', category, filters],
    queryFn: ({ signal }) =>
      getPortal<PortalArticlePage>(
        `/api/portal/articles${queryString({ category, ...listParams(filters) })}`,
        signal,
      ),
    staleTime: FRESH,
    placeholderData: keepPreviousData,
  });

export const articleQuery = (id: string) =>
  queryOptions({
    queryKey: ['portal', 'article', id],
    queryFn: ({ signal }) =>
      getPortal<PortalArticle>(`/api/portal/articles/${encodeURIComponent(id)}`, signal),
    staleTime: FRESH,
  });

export const creditListQuery = (list: CreditList, filters: ListFilters) =>
  queryOptions({
    queryKey: ['portal', 'credit', list, filters],
    queryFn: ({ signal }) =>
      getPortal<{ total: number; items: CreditEntry[] }>(
        `/api/portal/credit${queryString({ list, ...listParams(filters) })}`,
        signal,
      ),
    staleTime: FRESH,
    placeholderData: keepPreviousData,
  });

export const forumTopicsQuery = (filters: ListFilters) =>
  queryOptions({
    queryKey: ['portal', 'forum', 'topics', filters],
    queryFn: ({ signal }) =>
      getPortal<{ total: number; items: ForumTopicSummary[] }>(
        `/api/portal/forum/topics${queryString(listParams(filters))}`,
        signal,
      ),
    staleTime: FRESH,
    placeholderData: keepPreviousData,
  });

export const forumTopicQuery = (id: string) =>
  queryOptions({
    queryKey: ['portal', 'forum', 'topic', id],
    queryFn: ({ signal }) =>
      getPortal<ForumTopic>(`/api/portal/forum/topics/${encodeURIComponent(id)}`, signal),
    staleTime: 0,
  });

/** The public review record's search fields and page, as its URL keeps them. */
export interface ReviewRecordFilters {
  page: number;
  projectName?: string;
  projectCode?: string;
  certificateNo?: string;
  agencyName?: string;
  constructName?: string;
}

// A record changes when an authority confirms a filing or an agency revokes a certificate: rare.
export const reviewRecordsQuery = (filters: ReviewRecordFilters) =>
  queryOptions({
    queryKey: ['portal', 'reviewRecords', filters],
    queryFn: ({ signal }) =>
      getPortal<ReviewRecordPage>(
        `/api/portal/reviewRecords${queryString({ ...filters, pageSize: PAGE_SIZE })}`,
        signal,
      ),
    staleTime: FRESH,
    placeholderData: keepPreviousData,
  });

export const reviewRecordQuery = (id: string) =>
  queryOptions({
    queryKey: ['portal', 'reviewRecord', id],
    queryFn: ({ signal }) =>
      getPortal<ReviewRecordDetail>(`/api/portal/reviewRecords/${encodeURIComponent(id)}`, signal),
    staleTime: FRESH,
  });

export const reviewBuildingQuery = (id: string) =>
  queryOptions({
    queryKey: ['portal', 'reviewBuilding', id],
    queryFn: ({ signal }) =>
      getPortal<ReviewRecordBuildingDetail>(
        `/api/portal/reviewRecords/buildings/${encodeURIComponent(id)}`,
        signal,
      ),
    staleTime: FRESH,
  });
