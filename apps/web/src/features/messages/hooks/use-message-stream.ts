import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { BACKGROUND_HEADER, MESSAGE_STREAM_EVENTS } from '@drp/domain';
import { MESSAGES_KEY, type StreamState } from '../api/get-messages';

const FIRST_RETRY_MS = 5_000;
const MAX_RETRY_MS = 60_000;

/** The event name of one server-sent-event frame; comments (keep-alives) have none. */
function eventName(frame: string): string | null {
  for (const line of frame.split('\n')) if (line.startsWith('event:')) return line.slice(6).trim();
  return null;
}

/**
 * Listens to the server's message stream and refetches the to-do list whenever a message arrives,
 * so it shows within moments instead of at the next refresh. Read with fetch, not EventSource, so
 * the token travels in the Authorization header and never in a URL. Returns the stream's state;
 * while it is down, the list polls (useMessages) and the stream is tried again with back-off.
 */
export function useMessageStream(token: string | null, enabled: boolean): StreamState {
  const queryClient = useQueryClient();
  const [state, setState] = useState<StreamState>('connecting');

  useEffect(() => {
    if (!enabled || !token) return;
    const controller = new AbortController();
    let retryMs = FIRST_RETRY_MS;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refetch = () => void queryClient.invalidateQueries({ queryKey: MESSAGES_KEY });

    const connect = async () => {
      try {
        const response = await fetch('/api/message/events', {
          headers: {
            authorization: `Bearer ${token}`,
            accept: 'text/event-stream',
            [BACKGROUND_HEADER]: '1',
          },
          signal: controller.signal,
        });
        if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value.replace(/\r\n?/g, '\n');
          for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
            const name = eventName(buffer.slice(0, end));
            buffer = buffer.slice(end + 2);
            if (name === MESSAGE_STREAM_EVENTS.ready) {
              retryMs = FIRST_RETRY_MS;
              setState('live');
              // Whatever came while the stream was down.
              refetch();
            } else if (name === MESSAGE_STREAM_EVENTS.message) refetch();
          }
        }
      } catch {
        // Dropped, refused or unreachable: handled below like an ended stream.
      }
      if (controller.signal.aborted) return;
      setState('down');
      timer = setTimeout(() => void connect(), retryMs);
      retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
    };
    void connect();
    return () => {
      controller.abort();
      clearTimeout(timer);
      setState('connecting');
    };
  }, [enabled, token, queryClient]);

  return state;
}
