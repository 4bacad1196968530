import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreditKind,
  CreditScope,
  PortalHistoryEntry,
  PortalListQuery,
  SaveCreditEntryRequest,
  StaffCreditEntry,
} from '@drp/domain';
import type { Page } from '../../../components/paged-table';
import { request, toQueryString } from '../../../lib/http';
import { manageCreditKey } from './manage-keys';

/** `staffCreditListQuery`: the public list's paging and search, plus scope and kind. */
export type ManageCreditQuery = PortalListQuery & { scope?: CreditScope; kind?: CreditKind };

const entryUrl = (id: string) => `/api/info/portal/credit/${encodeURIComponent(id)}`;

/** `GET /api/info/portal/credit`: every entry, unpublished ones too. */
export const manageCreditPageQuery = (query: ManageCreditQuery) =>
  queryOptions({
    queryKey: [...manageCreditKey, 'page', query],
    queryFn: ({ signal }) =>
      request<Page<StaffCreditEntry>>(`/api/info/portal/credit?${toQueryString(query)}`, { signal }),
    placeholderData: keepPreviousData,
  });
export const useManageCreditPage = (query: ManageCreditQuery) => useQuery(manageCreditPageQuery(query));

/** `GET …/credit/{id}/history`: who added and changed the entry. */
export const useManageCreditHistory = (id: string | undefined) =>
  useQuery({
    queryKey: [...manageCreditKey, 'history', id],
    queryFn: ({ signal }) => request<PortalHistoryEntry[]>(`${entryUrl(id ?? '')}/history`, { signal }),
    enabled: Boolean(id),
  });

export const saveManageCreditEntry = (id: string | undefined, body: SaveCreditEntryRequest) =>
  id
    ? request<StaffCreditEntry>(entryUrl(id), { method: 'PUT', body })
    : request<StaffCreditEntry>('/api/info/portal/credit', { method: 'POST', body });
export const deleteManageCreditEntry = (id: string) => request<null>(entryUrl(id), { method: 'DELETE' });

export function useSaveManageCreditEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | undefined; body: SaveCreditEntryRequest }) =>
      saveManageCreditEntry(id, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: manageCreditKey }),
  });
}

export function useDeleteManageCreditEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteManageCreditEntry,
    onSettled: () => queryClient.invalidateQueries({ queryKey: manageCreditKey }),
  });
}
