import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrgInvitation, OrgMembersResult } from '@drp/domain';
import { request } from '../../../lib/http';

export const orgMembersQuery = (orgId: string) =>
  queryOptions({
    queryKey: ['org-members', orgId],
    queryFn: () => request<OrgMembersResult>(`/api/admin/orgs/${encodeURIComponent(orgId)}/members`),
  });

export const useOrgMembers = (orgId: string) => useQuery(orgMembersQuery(orgId));

/** The org's invitations still waiting for an answer: the usernames the admins typed, no more. */
export const orgInvitationsQuery = (orgId: string) =>
  queryOptions({
    queryKey: ['org-invitations', orgId],
    queryFn: () => request<OrgInvitation[]>(`/api/admin/orgs/${encodeURIComponent(orgId)}/invitations`),
  });

export const useOrgInvitations = (orgId: string) => useQuery(orgInvitationsQuery(orgId));
