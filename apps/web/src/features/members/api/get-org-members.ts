import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrgMembersResult } from '@drp/domain';
import { request } from '../../../lib/http';

export const orgMembersQuery = (orgId: string) =>
  queryOptions({
    queryKey: ['org-members', orgId],
    queryFn: () => request<OrgMembersResult>(`/api/admin/orgs/${encodeURIComponent(orgId)}/members`),
  });

export const useOrgMembers = (orgId: string) => useQuery(orgMembersQuery(orgId));
