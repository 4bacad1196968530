import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AddMemberRequest,
  InvitationSent,
  InviteMemberRequest,
  PasswordResetResult,
  UpdateMemberInput,
} from '@drp/domain';
import { request } from '../../../lib/http';

const base = (orgId: string) => `/api/admin/orgs/${encodeURIComponent(orgId)}/members`;

export const addMember = (orgId: string, body: AddMemberRequest) =>
  request<{ id: string }>(base(orgId), { method: 'POST', body });
export const updateMember = (orgId: string, memberId: string, body: UpdateMemberInput) =>
  request<null>(`${base(orgId)}/${memberId}`, { method: 'PUT', body });
export const resetMemberPassword = (orgId: string, memberId: string) =>
  request<PasswordResetResult>(`${base(orgId)}/${memberId}/password-reset`, { method: 'POST' });
export const unlockMember = (orgId: string, memberId: string) =>
  request<null>(`${base(orgId)}/${memberId}/unlock`, { method: 'POST' });

const invitations = (orgId: string) => `/api/admin/orgs/${encodeURIComponent(orgId)}/invitations`;
export const inviteMember = (orgId: string, body: InviteMemberRequest) =>
  request<InvitationSent>(invitations(orgId), { method: 'POST', body });
export const cancelInvitation = (orgId: string, invitationId: string) =>
  request<null>(`${invitations(orgId)}/${invitationId}/cancel`, { method: 'POST' });

/**
 * Every change refreshes the list and the waiting invitations, and the own account, whose
 * profiles may be what changed.
 */
function useMemberMutation<A extends unknown[], R>(
  orgId: string,
  fn: (orgId: string, ...args: A) => Promise<R>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (args: A) => fn(orgId, ...args),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: ['org-members', orgId] });
      await queryClient.invalidateQueries({ queryKey: ['org-invitations', orgId] });
      await queryClient.invalidateQueries({ queryKey: ['account'] });
      // A one-time password settles the person's 忘记密码 to-do: the bell's lists (the messages
      // feature's ['messages'] key) read it again.
      await queryClient.invalidateQueries({ queryKey: ['messages'] });
    },
  });
}

export const useAddMember = (orgId: string) => useMemberMutation(orgId, addMember);
export const useUpdateMember = (orgId: string) => useMemberMutation(orgId, updateMember);
export const useResetMemberPassword = (orgId: string) => useMemberMutation(orgId, resetMemberPassword);
export const useUnlockMember = (orgId: string) => useMemberMutation(orgId, unlockMember);
export const useInviteMember = (orgId: string) => useMemberMutation(orgId, inviteMember);
export const useCancelInvitation = (orgId: string) => useMemberMutation(orgId, cancelInvitation);
