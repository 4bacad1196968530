import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AnswerList } from '@drp/domain';
import { requestBytes, toQueryString } from '../../../lib/http';
import { actingAs, projectUrl, type ProjectTarget } from '../../../lib/project-target';
import { retryUnlessRefused } from '../../../lib/retry-unless-refused';
import { answersKey } from './keys';

const enc = encodeURIComponent;

/** Where a round's answer letter (意见回复单) is served; `download` asks for it as an attachment. */
export const answerLetterUrl = (
  target: ProjectTarget,
  versionId: string,
  list: AnswerList,
  download = false,
) =>
  `${projectUrl(target, `opinionAnswer/letter/${enc(versionId)}`)}?${toQueryString({ list, ...(download ? { download: '1' } : {}) })}`;

/** The letter's bytes, built by the server on request; kept with the answers (an answer changes it). */
export const useAnswerLetter = (target: ProjectTarget, versionId: string, list: AnswerList) =>
  useQuery(
    queryOptions({
      queryKey: [...answersKey(target), 'letter', versionId, list],
      queryFn: ({ signal }) =>
        requestBytes(answerLetterUrl(target, versionId, list), { signal, headers: actingAs(target.orgId) }),
      retry: retryUnlessRefused,
    }),
  );
