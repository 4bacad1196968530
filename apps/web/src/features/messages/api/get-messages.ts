import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  BACKGROUND_HEADER,
  LIMITS,
  type Locale,
  type MessagePage,
  type MessageQuery,
  type MessageType,
} from '@drp/domain';
import { request, toQueryString } from '../../../lib/http';

/** Every message list (the popover's and the message centre's) lives under this key. */
export const MESSAGES_KEY = ['messages'] as const;

const fetchMessages = (query: MessageQuery, signal: AbortSignal) =>
  request<MessagePage>(`/api/message/messages?${toQueryString(query)}`, {
    signal,
    // The page asks by itself: not user activity, so it does not hold off the idle timeout.
    headers: { [BACKGROUND_HEADER]: '1' },
  });

/** The server writes the texts in the caller's language, so the language is part of the key. */
export const messagesQuery = (orgIds: readonly string[], types: readonly MessageType[], locale: Locale) =>
  queryOptions({
    queryKey: [...MESSAGES_KEY, orgIds, types, locale],
    queryFn: ({ signal }) =>
      fetchMessages(
        {
          orgIds: orgIds.join(','),
          page: LIMITS.defaultPage,
          size: LIMITS.messageFetchSize,
          messageTypes: types.join(','),
        },
        signal,
      ),
  });

/** Whether the live stream is being opened, up, or down (and being tried again). */
export type StreamState = 'connecting' | 'live' | 'down';

/**
 * The popover's messages, refreshed every messageRefreshMs (spec §9), or every
 * messageFallbackPollMs while the live stream is down.
 */
export const useMessages = (
  orgIds: readonly string[],
  types: readonly MessageType[],
  locale: Locale,
  stream: StreamState,
) =>
  useQuery({
    ...messagesQuery(orgIds, types, locale),
    enabled: orgIds.length > 0,
    refetchInterval: stream === 'down' ? LIMITS.messageFallbackPollMs : LIMITS.messageRefreshMs,
    refetchIntervalInBackground: true,
  });

/**
 * One page of the message centre. Under MESSAGES_KEY too, so the live stream and the popover's
 * actions refresh it; the previous page stays on screen while the next one loads.
 */
export const useMessageCentre = (query: MessageQuery, locale: Locale, enabled: boolean) =>
  useQuery({
    queryKey: [...MESSAGES_KEY, 'centre', query, locale],
    queryFn: ({ signal }) => fetchMessages(query, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
