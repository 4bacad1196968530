import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CertificateCheck, CertificateDetail, CertificatePage, CertificateSummary } from '@drp/domain';
import { downloadFile, request, toQueryString } from '../../../lib/http';
import {
  actingAs,
  PROJECTS_KEY,
  projectKey,
  projectUrl,
  type ProjectTarget,
} from '../../../lib/project-target';
import { retryUnlessRefused } from '../../../lib/retry-unless-refused';

/** Every cached answer about one application's certificates, as its party sees them. */
export const certificatesKey = (target: ProjectTarget) => ['certificates', ...projectKey(target)] as const;

/** `certification`: the application's certificates and whether the caller may compile one now. */
export const useCertificates = (target: ProjectTarget) =>
  useQuery(
    queryOptions({
      queryKey: [...certificatesKey(target), 'list'],
      queryFn: ({ signal }) =>
        request<CertificatePage>(projectUrl(target, 'certification'), {
          signal,
          headers: actingAs(target.orgId),
        }),
      retry: retryUnlessRefused,
      // A certificate being built turns ready by itself: asked again until it has.
      refetchInterval: (query) =>
        query.state.data?.items.some((c) => c.status === 'BUILDING') ? 2000 : false,
    }),
  );

/** `certification/{id}`: one certificate with what it says; asked again while its PDF is built. */
export const useCertificate = (target: ProjectTarget, id: string) =>
  useQuery({
    queryKey: [...certificatesKey(target), 'detail', id],
    queryFn: ({ signal }) =>
      request<CertificateDetail>(projectUrl(target, `certification/${encodeURIComponent(id)}`), {
        signal,
        headers: actingAs(target.orgId),
      }),
    retry: retryUnlessRefused,
    refetchInterval: (query) => (query.state.data?.status === 'BUILDING' ? 2000 : false),
  });

/** `certification/compile`, `issue/{id}` and `revoke/{id}`: the agency's steps on the certificate. */
export type CertificateStep =
  { step: 'compile' } | { step: 'issue'; id: string } | { step: 'revoke'; id: string; reason: string };

export function useCertificateStep(target: ProjectTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CertificateStep) =>
      request<CertificateSummary>(
        projectUrl(
          target,
          input.step === 'compile'
            ? 'certification/compile'
            : `certification/${input.step}/${encodeURIComponent(input.id)}`,
        ),
        {
          method: 'POST',
          headers: actingAs(target.orgId),
          ...(input.step === 'revoke' ? { body: { reason: input.reason } } : {}),
        },
      ),
    onSettled: async () => {
      // Compiling plans the signatures: the signature screens change with it.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: certificatesKey(target) }),
        queryClient.invalidateQueries({ queryKey: ['signatures'] }),
        queryClient.invalidateQueries({ queryKey: PROJECTS_KEY }),
      ]);
    },
  });
}

/** `getCertificate/{id}?download=1`: the PDF saved under the certificate's name. */
export const downloadCertificate = (target: ProjectTarget, id: string, certificateNo: string) =>
  downloadFile(
    `${projectUrl(target, `certification/getCertificate/${encodeURIComponent(id)}`)}?download=1`,
    `施工图设计文件审查合格书 ${certificateNo}.pdf`,
    { headers: actingAs(target.orgId) },
  );

/** The public check (`/api/portal/certificateCheck`): anyone, signed in or not. */
export const useCertificateCheck = (asked: { no: string; c: string }) =>
  useQuery({
    queryKey: ['certificateCheck', asked.no, asked.c],
    queryFn: ({ signal }) =>
      request<CertificateCheck>(`/api/portal/certificateCheck?${toQueryString(asked)}`, { signal }),
    enabled: asked.no !== '' && asked.c !== '',
    retry: false,
    // A wrong number or code is an answer of this page, not a missing page (the app's 404 route).
    throwOnError: false,
  });
