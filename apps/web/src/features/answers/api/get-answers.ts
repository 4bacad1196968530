import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AnswerDetail, AnswerListQuery, AnswerPage, Dictionary } from '@drp/domain';
import { request, toQueryString } from '../../../lib/http';
import { actingAs, projectUrl, type ProjectTarget } from '../../../lib/project-target';
import { retryUnlessRefused } from '../../../lib/retry-unless-refused';
import { answersKey } from './keys';

const enc = encodeURIComponent;

/** `opinionAnswer/pagelist`: one list's issued opinions, the caller's unit's unanswered first. */
export const answersQuery = (target: ProjectTarget, query: AnswerListQuery) =>
  queryOptions({
    queryKey: [...answersKey(target), 'list', query],
    queryFn: ({ signal }) =>
      request<AnswerPage>(`${projectUrl(target, 'opinionAnswer/pagelist')}?${toQueryString(query)}`, {
        signal,
        headers: actingAs(target.orgId),
      }),
    retry: retryUnlessRefused,
    // The counts and the table stay while the next page or filter loads.
    placeholderData: keepPreviousData,
  });

export const useAnswers = (target: ProjectTarget, query: AnswerListQuery) =>
  useQuery(answersQuery(target, query));

/** `opinionAnswer/{id}`: the opinion with every round's answer and decision. */
export const answerDetailQuery = (target: ProjectTarget, id: string) =>
  queryOptions({
    queryKey: [...answersKey(target), 'detail', id],
    queryFn: ({ signal }) =>
      request<AnswerDetail>(projectUrl(target, `opinionAnswer/${enc(id)}`), {
        signal,
        headers: actingAs(target.orgId),
      }),
    retry: retryUnlessRefused,
  });

export const useAnswerDetail = (target: ProjectTarget, id: string) => useQuery(answerDetailQuery(target, id));

/**
 * A review dictionary under the key every screen shares (the opinions feature asks the same), so
 * specialty and type codes read as names; its content changes only with a release.
 */
const useDictionary = (kind: 'opinionType' | 'specialty') =>
  useQuery({
    queryKey: ['dictionary', kind],
    queryFn: ({ signal }) => request<Dictionary>(`/api/checkDrawings/cdDictionary/${kind}`, { signal }),
    staleTime: Infinity,
  });

/** A dictionary code's name in the reader's language; the code itself until the dictionary is there. */
export function useDictionaryName(kind: 'opinionType' | 'specialty') {
  const dictionary = useDictionary(kind);
  return (code: string, locale: string) => {
    const item = dictionary.data?.items.find((i) => i.code === code);
    if (!item) return code;
    return locale === 'en-US' ? item.nameEn : item.name;
  };
}
