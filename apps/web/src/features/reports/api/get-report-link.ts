import { useQuery } from '@tanstack/react-query';
import type { ReportLink } from '@drp/domain';
import { request } from '../../../lib/http';
import { actingAs, projectUrl, type ProjectTarget } from '../../../lib/project-target';
import { retryUnlessRefused } from '../../../lib/retry-unless-refused';
import { reportsKey } from './keys';

/** `opinionReport/getSignedURL/{id}`: a link pdf.js and the print window open without the session. */
export const getReportLink = (target: ProjectTarget, id: string, signal?: AbortSignal) =>
  request<ReportLink>(projectUrl(target, `opinionReport/getSignedURL/${encodeURIComponent(id)}`), {
    headers: actingAs(target.orgId),
    ...(signal ? { signal } : {}),
  });

/** The link of a built report (`sha256` names the build, so a rebuilt report gets a new link). */
export const useReportLink = (target: ProjectTarget, id: string, sha256: string | undefined) =>
  useQuery({
    queryKey: [...reportsKey(target), 'link', id, sha256],
    queryFn: ({ signal }) => getReportLink(target, id, signal),
    enabled: sha256 !== undefined,
    retry: retryUnlessRefused,
    // The link lasts ten minutes; a fresh one well before.
    staleTime: 5 * 60_000,
    refetchInterval: 5 * 60_000,
  });
