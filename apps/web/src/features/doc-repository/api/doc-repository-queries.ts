import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  DocCategory,
  DocFeedback,
  DocFile,
  DocFolderNode,
  DocVersion,
  DocVersionState,
} from '@drp/domain';
import { request, toQueryString } from '../../../lib/http';
import {
  actingAs,
  docRepositoryKey,
  docRepositoryUrl,
  retryUnlessRefused,
  type DocRepositoryTarget,
} from './doc-repository-scope';

/**
 * `docRepositoryVersion/listAll`, newest first: UPLOADING asks for every version (the screens that
 * upload, send and receive), REVIEW only those the agency has accepted (its review lists).
 */
export const docVersionsQuery = (target: DocRepositoryTarget, businessStatus: DocVersionListStatus) =>
  queryOptions({
    queryKey: [...docRepositoryKey(target), 'versions', businessStatus],
    queryFn: ({ signal }) =>
      request<DocVersion[]>(
        docRepositoryUrl(target, `docRepositoryVersion/listAll?${toQueryString({ businessStatus })}`),
        { signal, headers: actingAs(target.orgId) },
      ),
    retry: retryUnlessRefused,
  });
export type DocVersionListStatus = 'UPLOADING' | 'REVIEW';
export const useDocVersions = (
  target: DocRepositoryTarget,
  businessStatus: DocVersionListStatus = 'UPLOADING',
) => useQuery(docVersionsQuery(target, businessStatus));

/** `docRepository/listTree`: buildings, their specialties and the units' own folders. */
export const docTreeQuery = (target: DocRepositoryTarget, versionId: string, category: DocCategory) =>
  queryOptions({
    queryKey: [...docRepositoryKey(target), 'tree', versionId, category],
    queryFn: ({ signal }) =>
      request<DocFolderNode[]>(
        docRepositoryUrl(target, `docRepository/listTree?${toQueryString({ versionId, category })}`),
        { signal, headers: actingAs(target.orgId) },
      ),
    retry: retryUnlessRefused,
  });
export const useDocTree = (target: DocRepositoryTarget, versionId: string, category: DocCategory) =>
  useQuery(docTreeQuery(target, versionId, category));

/** `docRepository/queryFile`: the files of one folder. */
export const docFilesKey = (target: DocRepositoryTarget, versionId: string, folderId: string) => [
  ...docRepositoryKey(target),
  'files',
  versionId,
  folderId,
];
export const docFilesQuery = (target: DocRepositoryTarget, versionId: string, folderId: string) =>
  queryOptions({
    queryKey: docFilesKey(target, versionId, folderId),
    queryFn: ({ signal }) =>
      request<DocFile[]>(
        docRepositoryUrl(target, `docRepository/queryFile?${toQueryString({ versionId, folderId })}`),
        { signal, headers: actingAs(target.orgId) },
      ),
    retry: retryUnlessRefused,
  });
export const useDocFiles = (target: DocRepositoryTarget, versionId: string, folderId: string | undefined) =>
  useQuery({ ...docFilesQuery(target, versionId, folderId ?? ''), enabled: !!folderId });

/** `docRepositoryOrg/getDocVersionState`: who has handed over and what the caller may do. */
export const docVersionStateQuery = (target: DocRepositoryTarget, versionId: string) =>
  queryOptions({
    queryKey: [...docRepositoryKey(target), 'state', versionId],
    queryFn: ({ signal }) =>
      request<DocVersionState>(
        docRepositoryUrl(target, `docRepositoryOrg/getDocVersionState?${toQueryString({ versionId })}`),
        { signal, headers: actingAs(target.orgId) },
      ),
    retry: retryUnlessRefused,
  });
export const useDocVersionState = (target: DocRepositoryTarget, versionId: string) =>
  useQuery(docVersionStateQuery(target, versionId));

/** `docRepositoryFeedback/query`: the agency's reasons for a return and its reminders. */
export const docFeedbackQuery = (target: DocRepositoryTarget, versionId: string) =>
  queryOptions({
    queryKey: [...docRepositoryKey(target), 'feedback', versionId],
    queryFn: ({ signal }) =>
      request<DocFeedback[]>(docRepositoryUrl(target, 'docRepositoryFeedback/query'), {
        method: 'POST',
        body: { versionId },
        signal,
        headers: actingAs(target.orgId),
      }),
    retry: retryUnlessRefused,
  });
export const useDocFeedback = (target: DocRepositoryTarget, versionId: string) =>
  useQuery(docFeedbackQuery(target, versionId));
