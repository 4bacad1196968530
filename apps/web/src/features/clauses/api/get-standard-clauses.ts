import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StandardClauses } from '@drp/domain';
import { request } from '../../../lib/http';
import { retryUnlessRefused } from '../../../lib/retry-unless-refused';
import { CLAUSES_KEY } from './keys';

/** `GET /api/admin/standards/:id/clauses`: a standard's clauses, each with every version. */
export const standardClausesQuery = (id: string) =>
  queryOptions({
    queryKey: [...CLAUSES_KEY, 'standard', id],
    queryFn: ({ signal }) =>
      request<StandardClauses>(`/api/admin/standards/${encodeURIComponent(id)}/clauses`, { signal }),
    retry: retryUnlessRefused,
  });

export const useStandardClauses = (id: string) => useQuery(standardClausesQuery(id));
