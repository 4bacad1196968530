import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClauseVersionWithStandard } from '@drp/domain';
import { request } from '../../../lib/http';
import { retryUnlessRefused } from '../../../lib/retry-unless-refused';
import { CLAUSES_KEY } from './keys';

/** `GET /api/checkDrawings/clauses/versions/:id`: what an opinion cites, as it was cited. */
export const clauseVersionQuery = (id: string) =>
  queryOptions({
    queryKey: [...CLAUSES_KEY, 'version', id],
    queryFn: ({ signal }) =>
      request<ClauseVersionWithStandard>(`/api/checkDrawings/clauses/versions/${encodeURIComponent(id)}`, {
        signal,
      }),
    retry: retryUnlessRefused,
    // A version never changes; only its standard's status may.
    staleTime: 5 * 60_000,
  });

export const useClauseVersion = (id: string | undefined) =>
  useQuery({ ...clauseVersionQuery(id ?? ''), enabled: Boolean(id) });
