import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { SHEET_SIGNAL_EVENTS } from '@drp/domain';
import { request, toQueryString } from '../../../lib/http';
import { actingAs, projectUrl, type ProjectTarget } from '../../../lib/project-target';
import { markupsKey, sheetKey } from '../../../lib/sheet-query-keys';

/** The answer's shape (`signalUrl` in the domain's sheet contracts). */
export interface SignalUrl {
  url: string;
  expiresAt: string;
}

/** `docRepository/getSignalUrl?fileId=`: a short-lived link to the file's live channel. */
export const fetchSignalUrl = (target: ProjectTarget, fileId: string, signal?: AbortSignal) =>
  request<SignalUrl>(projectUrl(target, `docRepository/getSignalUrl?${toQueryString({ fileId })}`), {
    signal,
    headers: actingAs(target.orgId),
  });

const RETRY_MS = 15_000;
/** The channel is opened again this long before its link expires. */
const RENEW_AHEAD_MS = 30_000;

/**
 * Listens on the file's live channel while the viewer is open: `sheet` (its preparation finished
 * or failed) refetches the sheet, `markups` refreshes the markups. The link carries its own
 * short-lived token (EventSource sends no header), so it is asked for again before it expires and
 * after the channel drops; the channel carries no content, so a missed event costs only a refetch.
 */
export function useSheetSignals(target: ProjectTarget, fileId: string) {
  const queryClient = useQueryClient();
  const { orgId, projectId } = target;
  useEffect(() => {
    const at = { orgId, projectId };
    const controller = new AbortController();
    let source: EventSource | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const handlers: Record<(typeof SHEET_SIGNAL_EVENTS)[number], () => void> = {
      sheet: () => void queryClient.invalidateQueries({ queryKey: sheetKey(at, fileId) }),
      markups: () => void queryClient.invalidateQueries({ queryKey: markupsKey(at, fileId) }),
    };
    const later = (ms: number) => {
      clearTimeout(timer);
      timer = setTimeout(() => void open(), ms);
    };
    const open = async () => {
      source?.close();
      source = undefined;
      try {
        const link = await fetchSignalUrl(at, fileId, controller.signal);
        if (controller.signal.aborted) return;
        const next = new EventSource(link.url);
        for (const event of SHEET_SIGNAL_EVENTS) next.addEventListener(event, handlers[event]);
        // What changed while the channel was being opened: asked once it is.
        next.addEventListener('open', handlers.sheet, { once: true });
        next.onerror = () => {
          // The browser would retry with the same (soon expired) link: a new link instead.
          if (next.readyState === EventSource.CLOSED || source !== next) return;
          next.close();
          later(RETRY_MS);
        };
        source = next;
        later(Math.max(RETRY_MS, Date.parse(link.expiresAt) - Date.now() - RENEW_AHEAD_MS));
      } catch {
        if (!controller.signal.aborted) later(RETRY_MS);
      }
    };
    void open();
    return () => {
      controller.abort();
      clearTimeout(timer);
      source?.close();
    };
  }, [orgId, projectId, fileId, queryClient]);
}
