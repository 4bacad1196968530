import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StandardList } from '@drp/domain';
import { request } from '../../../lib/http';
import { CLAUSES_KEY } from './keys';

/** `GET /api/admin/standards`: the library's standards with their clause counts. */
export const standardsQuery = () =>
  queryOptions({
    queryKey: [...CLAUSES_KEY, 'standards'],
    queryFn: ({ signal }) => request<StandardList>('/api/admin/standards', { signal }),
  });

export const useStandards = () => useQuery(standardsQuery());
