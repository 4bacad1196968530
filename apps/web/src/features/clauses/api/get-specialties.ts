import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Dictionary } from '@drp/domain';
import { request } from '../../../lib/http';

/**
 * The specialty dictionary that a clause's specialty is a code of. The key is the one every
 * dictionary read uses (['dictionary', kind]), so the screens share one copy.
 */
const specialtiesQuery = () =>
  queryOptions({
    queryKey: ['dictionary', 'specialty'],
    queryFn: ({ signal }) => request<Dictionary>('/api/checkDrawings/cdDictionary/specialty', { signal }),
    staleTime: Infinity,
  });

export const useSpecialtyNames = () => {
  const query = useQuery(specialtiesQuery());
  return new Map((query.data?.items ?? []).map((item) => [item.code, item]));
};
