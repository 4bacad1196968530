import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  SignatureCheck,
  SignatureVerification,
  SigningDocument,
  SigningDocumentPage,
} from '@drp/domain';
import { request } from '../../../lib/http';
import {
  actingAs,
  PROJECTS_KEY,
  projectKey,
  projectUrl,
  type ProjectTarget,
} from '../../../lib/project-target';
import { retryUnlessRefused } from '../../../lib/retry-unless-refused';

/** Every cached answer about one application's signatures, as its party sees them. */
export const signaturesKey = (target: ProjectTarget) => ['signatures', ...projectKey(target)] as const;

/** `docRepository/querySignatureFile`: the application's documents with their signing tasks. */
export const useSigningDocuments = (target: ProjectTarget) =>
  useQuery(
    queryOptions({
      queryKey: [...signaturesKey(target), 'list'],
      queryFn: ({ signal }) =>
        request<SigningDocumentPage>(projectUrl(target, 'docRepository/querySignatureFile'), {
          signal,
          headers: actingAs(target.orgId),
        }),
      retry: retryUnlessRefused,
    }),
  );

export interface SigningInfo {
  document: SigningDocument;
  signatures: SignatureCheck[];
}

/** `signature/task/getVerifyInfo`: one document's tasks and each signature of its file, checked. */
export const useSigningInfo = (target: ProjectTarget, documentId: string) =>
  useQuery({
    queryKey: [...signaturesKey(target), 'info', documentId],
    queryFn: ({ signal }) =>
      request<SigningInfo>(
        `/api/signature/task/getVerifyInfo?projectId=${encodeURIComponent(target.projectId)}&documentId=${encodeURIComponent(documentId)}`,
        { signal, headers: actingAs(target.orgId) },
      ),
    retry: retryUnlessRefused,
  });

/** `signature/task/start`: signs one task with the password again. */
export function useSignTask(target: ProjectTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { taskId: string; password: string }) =>
      request<SigningDocument>('/api/signature/task/start', {
        method: 'POST',
        body: input,
        headers: actingAs(target.orgId),
        noTimeout: true,
      }),
    onSettled: async () => {
      // The report's own screens show how far its signing is, and whether it may be forwarded.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: signaturesKey(target) }),
        queryClient.invalidateQueries({ queryKey: ['opinionReports', ...projectKey(target)] }),
        queryClient.invalidateQueries({ queryKey: PROJECTS_KEY }),
      ]);
    },
  });
}

/** `signature/task/verify`: checks a PDF someone holds. */
export function useVerifyPdf(orgId: string) {
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file, file.name);
      return request<SignatureVerification>('/api/signature/task/verify', {
        method: 'POST',
        body,
        headers: actingAs(orgId),
        noTimeout: true,
      });
    },
  });
}
