import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BACKGROUND_HEADER, LIMITS, type MyInvitation } from '@drp/domain';
import { request } from '../../../lib/http';
import { MESSAGES_KEY } from './get-messages';

/**
 * Under the to-do key: whatever refreshes the to-dos (the live stream, the refresh interval)
 * refreshes the invitations too.
 */
export const MY_INVITATIONS_KEY = [...MESSAGES_KEY, 'invitations'] as const;

/**
 * The signed-in person's invitations to join organisations. They are the person's own, not an
 * organisation's (the person may belong to none yet), so they come from their own endpoint rather
 * than the organisations' message list.
 */
export const useMyInvitations = (enabled: boolean) =>
  useQuery({
    queryKey: MY_INVITATIONS_KEY,
    queryFn: ({ signal }) =>
      request<MyInvitation[]>('/api/admin/account/invitations', {
        signal,
        headers: { [BACKGROUND_HEADER]: '1' },
      }),
    enabled,
    refetchInterval: LIMITS.messageRefreshMs,
    refetchIntervalInBackground: true,
  });

/** Accepting adds a membership, so the own account is read again with the invitations. */
export function useAnswerInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, answer }: { id: string; answer: 'accept' | 'decline' }) =>
      request<unknown>(`/api/admin/account/invitations/${encodeURIComponent(id)}/${answer}`, {
        method: 'POST',
      }),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: MY_INVITATIONS_KEY });
      await queryClient.invalidateQueries({ queryKey: ['account'] });
    },
  });
}
