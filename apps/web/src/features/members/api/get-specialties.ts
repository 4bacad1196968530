import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Dictionary } from '@drp/domain';
import { request } from '../../../lib/http';

/**
 * The specialty dictionary, which a reviewer's 专业 are codes of. The key is the one every
 * dictionary read uses (['dictionary', kind]), so the screens share one copy.
 */
const specialtiesQuery = () =>
  queryOptions({
    queryKey: ['dictionary', 'specialty'],
    queryFn: ({ signal }) => request<Dictionary>('/api/checkDrawings/cdDictionary/specialty', { signal }),
    staleTime: Infinity,
  });

export const useSpecialties = (enabled: boolean) => useQuery({ ...specialtiesQuery(), enabled });
