import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DrawingSetDetail,
  DrawingSetPage,
  DrawingSetSummary,
  DrawingSheetVerification,
} from '@drp/domain';
import { downloadFile, request } from '../../../lib/http';
import { actingAs, projectKey, projectUrl, type ProjectTarget } from '../../../lib/project-target';
import { retryUnlessRefused } from '../../../lib/retry-unless-refused';

/** Every cached answer about one application's sealed drawing set. */
export const drawingSetsKey = (target: ProjectTarget) => ['drawingSets', ...projectKey(target)] as const;

/** Sealing runs in the job queue after each signature: asked again while it goes on. */
const whileSigning = (status: string | undefined) => (status === 'SIGNING' ? 3000 : false);

/** `drawingSet`: the set, if any, and whether the caller may prepare it now. */
export const useDrawingSetPage = (target: ProjectTarget) =>
  useQuery({
    queryKey: [...drawingSetsKey(target), 'page'],
    queryFn: ({ signal }) =>
      request<DrawingSetPage>(projectUrl(target, 'drawingSet'), { signal, headers: actingAs(target.orgId) }),
    retry: retryUnlessRefused,
    refetchInterval: (query) => whileSigning(query.state.data?.set?.status),
  });

/** `drawingSet/{id}`: its sheets. */
export const useDrawingSet = (target: ProjectTarget, id: string) =>
  useQuery({
    queryKey: [...drawingSetsKey(target), 'detail', id],
    queryFn: ({ signal }) =>
      request<DrawingSetDetail>(projectUrl(target, `drawingSet/${encodeURIComponent(id)}`), {
        signal,
        headers: actingAs(target.orgId),
      }),
    retry: retryUnlessRefused,
    refetchInterval: (query) => whileSigning(query.state.data?.status),
  });

/** `drawingSet/sheets/{id}/verify`: one sheet's signatures, when asked. */
export const useSheetVerification = (target: ProjectTarget, sheetId: string | null) =>
  useQuery({
    queryKey: [...drawingSetsKey(target), 'verify', sheetId],
    queryFn: ({ signal }) =>
      request<DrawingSheetVerification>(
        projectUrl(target, `drawingSet/sheets/${encodeURIComponent(sheetId!)}/verify`),
        { signal, headers: actingAs(target.orgId) },
      ),
    enabled: sheetId !== null,
    retry: retryUnlessRefused,
  });

export function useCompileDrawingSet(target: ProjectTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      request<DrawingSetSummary>(projectUrl(target, 'drawingSet/compile'), {
        method: 'POST',
        headers: actingAs(target.orgId),
      }),
    // Preparing plans the signatures: the signature screens change with it.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: drawingSetsKey(target) }),
        queryClient.invalidateQueries({ queryKey: ['signatures'] }),
      ]),
  });
}

/** A sheet's current file, saved under its name. */
export const downloadSheet = (target: ProjectTarget, sheet: { id: string; name: string; signed: number }) =>
  downloadFile(
    `${projectUrl(target, `drawingSet/sheets/${encodeURIComponent(sheet.id)}/file`)}?download=1`,
    sheet.signed > 0 ? sheet.name.replace(/(\.pdf)?$/i, '（签章）.pdf') : sheet.name,
    { headers: actingAs(target.orgId) },
  );
