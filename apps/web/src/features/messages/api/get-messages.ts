import { queryOptions, useQuery } from '@tanstack/react-query';
import { BACKGROUND_HEADER, LIMITS, type Locale, type MessagePage, type MessageType } from '@drp/domain';
import { request, toQueryString } from '../../../lib/http';

export const MESSAGES_KEY = ['messages'] as const;

/** The server writes the texts in the caller's language, so the language is part of the key. */
export const messagesQuery = (orgIds: readonly string[], types: readonly MessageType[], locale: Locale) =>
  queryOptions({
    queryKey: [...MESSAGES_KEY, orgIds, types, locale],
    queryFn: ({ signal }) =>
      request<MessagePage>(
        `/api/message/messages?${toQueryString({
          orgIds: orgIds.join(','),
          page: LIMITS.defaultPage,
          size: LIMITS.messageFetchSize,
          messageTypes: types.join(','),
        })}`,
        // The page asks by itself: not user activity, so it does not hold off the idle timeout.
        { signal, headers: { [BACKGROUND_HEADER]: '1' } },
      ),
  });

/** Whether the live stream is being opened, up, or down (and being tried again). */
export type StreamState = 'connecting' | 'live' | 'down';

/**
 * The to-do list, refreshed every messageRefreshMs (spec §9), or every messageFallbackPollMs while
 * the live stream is down.
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
