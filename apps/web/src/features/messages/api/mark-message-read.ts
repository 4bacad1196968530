import { request } from '../../../lib/http';

export const markMessageRead = (receiverId: string) =>
  request<{ id: string; beRead: boolean }>(
    `/api/message/messageReceivers/${encodeURIComponent(receiverId)}/read`,
    { method: 'PUT' },
  );
