import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Dictionary, DictionaryKind } from '@drp/domain';
import { request } from '../../../lib/http';

/** A review dictionary; its content changes with a data release, not while the page is open. */
export const dictionaryQuery = (kind: DictionaryKind) =>
  queryOptions({
    queryKey: ['dictionary', kind],
    queryFn: ({ signal }) =>
      request<Dictionary>(`/api/checkDrawings/cdDictionary/${encodeURIComponent(kind)}`, { signal }),
    staleTime: Infinity,
  });

export const useDictionary = (kind: DictionaryKind) => useQuery(dictionaryQuery(kind));
