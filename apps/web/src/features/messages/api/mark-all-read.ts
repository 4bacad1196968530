import { request } from '../../../lib/http';

/** 全部已读: every message addressed to the caller in these organisations. */
export const markAllRead = (orgIds: readonly string[]) =>
  request<{ marked: number }>('/api/message/messageReceivers/read', {
    method: 'PUT',
    body: { orgIds },
  });
