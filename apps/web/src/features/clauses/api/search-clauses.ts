import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ClausePage, ClauseSearchQuery } from '@drp/domain';
import { request, toQueryString } from '../../../lib/http';
import { CLAUSES_KEY } from './keys';

/** `GET /api/checkDrawings/clauses/search`: current clause versions of the standards in force. */
export const clauseSearchQueryOptions = (query: ClauseSearchQuery) =>
  queryOptions({
    queryKey: [...CLAUSES_KEY, 'search', query],
    queryFn: ({ signal }) =>
      request<ClausePage>(`/api/checkDrawings/clauses/search?${toQueryString(query)}`, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export const useClauseSearch = (query: ClauseSearchQuery) => useQuery(clauseSearchQueryOptions(query));
