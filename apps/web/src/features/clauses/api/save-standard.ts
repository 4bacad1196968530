import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Standard, StandardCreateRequest, StandardUpdateRequest } from '@drp/domain';
import { request } from '../../../lib/http';
import { CLAUSES_KEY } from './keys';

export const createStandard = (body: StandardCreateRequest) =>
  request<Standard>('/api/admin/standards', { method: 'POST', body });

/** `PUT /api/admin/standards/:id`: edits a standard, or withdraws it with the date and replacement. */
export const updateStandard = (id: string, body: StandardUpdateRequest) =>
  request<Standard>(`/api/admin/standards/${encodeURIComponent(id)}`, { method: 'PUT', body });

export function useCreateStandard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStandard,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CLAUSES_KEY }),
  });
}

export function useUpdateStandard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: StandardUpdateRequest }) => updateStandard(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CLAUSES_KEY }),
  });
}
