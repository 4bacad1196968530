import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PortalSite, SaveSiteRequest } from '@drp/domain';
import { request } from '../../../lib/http';
import { manageSiteKey } from './manage-keys';

/** `GET /api/info/portal/site`: the link lists and the footer, as staff edit them. */
export const manageSiteQuery = () =>
  queryOptions({
    queryKey: manageSiteKey,
    queryFn: ({ signal }) => request<PortalSite>('/api/info/portal/site', { signal }),
  });
export const useManageSite = () => useQuery(manageSiteQuery());

/** `PUT /api/info/portal/site`: every group's links in order and the footer, all at once. */
export const saveManageSite = (body: SaveSiteRequest) =>
  request<PortalSite>('/api/info/portal/site', { method: 'PUT', body });

export function useSaveManageSite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveManageSite,
    onSuccess: (site) => queryClient.setQueryData(manageSiteKey, site),
    onSettled: () => queryClient.invalidateQueries({ queryKey: manageSiteKey }),
  });
}
