import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClauseImportResult } from '@drp/domain';
import { request } from '../../../lib/http';
import { CLAUSES_KEY } from './keys';

/** `POST /api/admin/standards/:id/clauses/import`: the CSV file itself is the body. */
export const importClauses = (standardId: string, csv: string) =>
  request<ClauseImportResult>(`/api/admin/standards/${encodeURIComponent(standardId)}/clauses/import`, {
    method: 'POST',
    body: new Blob([csv], { type: 'text/csv' }),
    noTimeout: true,
  });

export function useImportClauses(standardId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (csv: string) => importClauses(standardId, csv),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CLAUSES_KEY }),
  });
}
