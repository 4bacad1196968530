import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OpinionPhrase, OpinionPhraseList, OpinionPhraseWriteRequest } from '@drp/domain';
import { request, toQueryString } from '../../../lib/http';
import { actingAs } from '../../../lib/project-target';
import { retryUnlessRefused } from '../../../lib/retry-unless-refused';

/** 常用意见 of the acting agency: the caller's own and the agency's. */
const PHRASES_KEY = ['opinionPhrases'] as const;
const base = (orgId: string) => `/api/checkDrawings/${encodeURIComponent(orgId)}/opinionPhrases`;

export const usePhrases = (orgId: string, specialty: string | undefined) =>
  useQuery({
    queryKey: [...PHRASES_KEY, orgId, specialty ?? null],
    queryFn: ({ signal }) =>
      request<OpinionPhraseList>(`${base(orgId)}?${toQueryString({ specialty })}`, {
        signal,
        headers: actingAs(orgId),
      }),
    retry: retryUnlessRefused,
  });

export function useSavePhrase(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: OpinionPhraseWriteRequest }) =>
      request<OpinionPhrase>(id ? `${base(orgId)}/${encodeURIComponent(id)}` : base(orgId), {
        method: id ? 'PUT' : 'POST',
        headers: actingAs(orgId),
        body,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PHRASES_KEY }),
  });
}

export function useDeletePhrase(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      request<void>(`${base(orgId)}/${encodeURIComponent(id)}`, {
        method: 'DELETE',
        headers: actingAs(orgId),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PHRASES_KEY }),
  });
}
