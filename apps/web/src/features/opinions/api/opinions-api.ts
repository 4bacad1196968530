import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueries,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  Dictionary,
  Opinion,
  OpinionDetail,
  OpinionKind,
  OpinionListQuery,
  OpinionPage,
  OpinionWriteRequest,
} from '@drp/domain';
import { request, toQueryString } from '../../../lib/http';
import { actingAs, projectKey, projectUrl, type ProjectTarget } from '../../../lib/project-target';
import { retryUnlessRefused } from '../../../lib/retry-unless-refused';

/**
 * Every cached answer about opinions: a save or a return changes the lists, the detail and the
 * mission's own list at once.
 */
export const OPINIONS_KEY = ['opinions'] as const;
const opinionsKey = (target: ProjectTarget) => [...OPINIONS_KEY, ...projectKey(target)] as const;
const enc = encodeURIComponent;

/** `opinions?kind=…`: one of the three lists, with the caller's open missions of that kind. */
export const useOpinions = (target: ProjectTarget, query: OpinionListQuery) =>
  useQuery(
    queryOptions({
      queryKey: [...opinionsKey(target), 'list', query],
      queryFn: ({ signal }) =>
        request<OpinionPage>(projectUrl(target, `opinions?${toQueryString(query)}`), {
          signal,
          headers: actingAs(target.orgId),
        }),
      placeholderData: keepPreviousData,
      retry: retryUnlessRefused,
    }),
  );

/** `opinions/{id}`: one opinion with its history. */
export const useOpinion = (target: ProjectTarget, id: string | undefined) =>
  useQuery(
    queryOptions({
      queryKey: [...opinionsKey(target), 'detail', id],
      queryFn: ({ signal }) =>
        request<OpinionDetail>(projectUrl(target, `opinions/${enc(id!)}`), {
          signal,
          headers: actingAs(target.orgId),
        }),
      enabled: Boolean(id),
      retry: retryUnlessRefused,
    }),
  );

/**
 * Opinions change their mission (a return sends it back, drafts block its submit): the missions'
 * answers are refreshed with them.
 */
function useInvalidate() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: OPINIONS_KEY }),
      queryClient.invalidateQueries({ queryKey: ['missions'] }),
    ]);
}

/** POST (a new one) or PUT (`id`): answers the opinion as saved. */
export function useSaveOpinion(target: ProjectTarget) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: OpinionWriteRequest }) =>
      request<Opinion>(projectUrl(target, id ? `opinions/${enc(id)}` : 'opinions'), {
        method: id ? 'PUT' : 'POST',
        headers: actingAs(target.orgId),
        body,
      }),
    onSuccess: invalidate,
  });
}

export function useDeleteOpinion(target: ProjectTarget) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) =>
      request<void>(projectUrl(target, `opinions/${enc(id)}`), {
        method: 'DELETE',
        headers: actingAs(target.orgId),
      }),
    onSuccess: invalidate,
  });
}

/** The checker sends one opinion back with a reason; its mission returns to the reviewer. */
export function useReturnOpinion(target: ProjectTarget) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      request<Opinion>(projectUrl(target, `opinions/${enc(id)}/return`), {
        method: 'POST',
        headers: actingAs(target.orgId),
        body: { reason },
      }),
    onSuccess: invalidate,
  });
}

/** A review dictionary, under the key every screen shares (its content changes with a release). */
const useDictionary = (kind: 'opinionType' | 'specialty') =>
  useQuery({
    queryKey: ['dictionary', kind],
    queryFn: ({ signal }) => request<Dictionary>(`/api/checkDrawings/cdDictionary/${kind}`, { signal }),
    staleTime: Infinity,
  });

export const useOpinionTypes = () => useDictionary('opinionType');

/** Specialty names by code, in the reader's language. */
export function useSpecialtyName() {
  const dictionary = useDictionary('specialty');
  return (code: string, locale: string) => {
    const item = dictionary.data?.items.find((i) => i.code === code);
    if (!item) return code;
    return locale === 'en-US' ? item.nameEn : item.name;
  };
}

/**
 * The caller's open missions of the kinds given (each list answers its own): where a new opinion
 * may go. The full page takes every kind; a list's new page its own.
 */
export function useWritableMissions(target: ProjectTarget, kinds: readonly OpinionKind[]) {
  const answers = useQueries({
    queries: kinds.map((kind) => ({
      queryKey: [...opinionsKey(target), 'list', { kind, page: 1, pageSize: 1 }],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        request<OpinionPage>(
          projectUrl(target, `opinions?${toQueryString({ kind, page: 1, pageSize: 1 })}`),
          {
            signal,
            headers: actingAs(target.orgId),
          },
        ),
      retry: retryUnlessRefused,
    })),
  });
  return {
    missions: answers.flatMap((a, i) =>
      (a.data?.writableMissions ?? []).map((m) => ({ ...m, kind: kinds[i]! })),
    ),
    round: answers.find((a) => a.data?.round)?.data?.round ?? null,
    isPending: answers.some((a) => a.isPending),
    error: answers.find((a) => a.error)?.error ?? null,
  };
}
