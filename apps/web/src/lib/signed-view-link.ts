import { useQuery } from '@tanstack/react-query';
import type { ReportLink } from '@drp/domain';
import { request } from './http';
import { actingAs, projectKey, projectUrl, type ProjectTarget } from './project-target';
import { retryUnlessRefused } from './retry-unless-refused';

/**
 * `signature/getViewUrl`: a link pdf.js opens without the session, to a signed document's current
 * file of any kind (a report, the certificate). `sha256` names the file: a new signature makes a
 * new file and so a new link. Shared by the signature and certificate screens.
 */
export const useSignedViewLink = (target: ProjectTarget, documentId: string, sha256: string | undefined) =>
  useQuery({
    queryKey: ['signedLink', ...projectKey(target), documentId, sha256],
    queryFn: ({ signal }) =>
      request<ReportLink>(
        `${projectUrl(target, 'signature/getViewUrl')}?documentId=${encodeURIComponent(documentId)}`,
        { signal, headers: actingAs(target.orgId) },
      ),
    enabled: sha256 !== undefined,
    retry: retryUnlessRefused,
    staleTime: 5 * 60_000,
    refetchInterval: 5 * 60_000,
  });
