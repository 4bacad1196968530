import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ForumTopic, ForumTopicSummary, PortalListQuery } from '@drp/domain';
import type { Page } from '../../../components/paged-table';
import { request, toQueryString } from '../../../lib/http';
import { manageForumKey } from './manage-keys';

const topicUrl = (id: string) => `/api/info/portal/forum/topics/${encodeURIComponent(id)}`;

/** `GET /api/info/portal/forum/topics`: every topic, hidden ones too. */
export const manageTopicPageQuery = (query: PortalListQuery) =>
  queryOptions({
    queryKey: [...manageForumKey, 'page', query],
    queryFn: ({ signal }) =>
      request<Page<ForumTopicSummary>>(`/api/info/portal/forum/topics?${toQueryString(query)}`, { signal }),
    placeholderData: keepPreviousData,
  });
export const useManageTopicPage = (query: PortalListQuery) => useQuery(manageTopicPageQuery(query));

/** One topic with all its replies, hidden ones too. */
export const useManageTopic = (id: string | undefined) =>
  useQuery({
    queryKey: [...manageForumKey, 'one', id],
    queryFn: ({ signal }) => request<ForumTopic>(topicUrl(id ?? ''), { signal }),
    enabled: Boolean(id),
  });

/** `forumModerationRequest`: hide or show again; lock a topic against replies. */
export interface Moderation {
  hidden?: boolean;
  locked?: boolean;
}

export const moderateManageTopic = (id: string, body: Moderation) =>
  request<unknown>(topicUrl(id), { method: 'PUT', body });
export const moderateManageReply = (id: string, body: { hidden: boolean }) =>
  request<unknown>(`/api/info/portal/forum/replies/${encodeURIComponent(id)}`, { method: 'PUT', body });

export function useModerateManageTopic() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: Moderation }) => moderateManageTopic(id, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: manageForumKey }),
  });
}

export function useModerateManageReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, hidden }: { id: string; hidden: boolean }) => moderateManageReply(id, { hidden }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: manageForumKey }),
  });
}
