import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/http';
import type { ProjectTarget } from '../../../lib/project-target';
import {
  DocTusUpload,
  discardStoredUpload,
  findInterruptedUploads,
  isUploadInUse,
  type StoredDocUpload,
} from '../api/doc-tus-upload';
import { issueOperationCode } from '../api/issue-operation-code';
import { docRepositoryKey } from '../api/keys';
import { saveUploadedFile } from '../api/save-uploaded-file';

export type UploadStatus =
  'waiting' | 'uploading' | 'paused' | 'saving' | 'done' | 'failed' | 'cancelled' | 'interrupted';

export interface UploadItem {
  key: string;
  /** The chosen file; none for an upload an earlier visit left unfinished (status 'interrupted'). */
  file?: File;
  name: string;
  size: number;
  versionId: string;
  folderId: string;
  /** The folder's name when the file was chosen, so the queue says where each file goes. */
  folderName: string;
  status: UploadStatus;
  /** How much the server has; undefined for an interrupted upload the server did not answer about. */
  percent?: number;
  error?: string;
  /** Whether 重试 is offered after a failure: not for a refusal (too large, refused type, locked). */
  retryable?: boolean;
  /** Whether it goes on from bytes sent earlier (an interrupted upload chosen again). */
  resumed?: boolean;
}

/** Where a file is chosen for: the version and folder, and the folder's name to show. */
export interface UploadDestination {
  versionId: string;
  folderId: string;
  folderName: string;
}

/** Files sent at once: a few keep the line busy without starving the page's own calls. */
const PARALLEL = 2;

/**
 * A failure worth trying again: no answer, a 5xx, or a conflict that passes (409, 423, 408,
 * 429). Any other 4xx is a refusal that stays one: too large, a refused type, a version that is
 * locked or a folder that is gone.
 */
const retryable = (error: unknown) =>
  !(error instanceof ApiError) ||
  error.status === 0 ||
  error.status >= 500 ||
  [408, 409, 423, 429].includes(error.status);

/** The run of a file: its tus upload (kept across pause and retry) and what stops the current try. */
interface Job {
  tus?: DocTusUpload;
  controller: AbortController;
  /** Counts the tries; a paused or cancelled try sees it changed and leaves the item alone. */
  attempt: number;
}

let counter = 0;

/**
 * The upload queue of the repository screen. Each file goes through tus (DocTusUpload): a new
 * operation code, the resumable upload with its progress, then `saveFile`. Files wait their turn
 * (PARALLEL at once) and, while on their way, may be paused (the server keeps the bytes) and
 * continued, or cancelled (the server drops them).
 *
 * Resuming after a reload, the UX chosen: when the screen opens, the uploads this browser left
 * unfinished in the project are listed as 未完成 with how far they got and the folder they were
 * going to; choosing the same file again (anywhere in the same version) continues it from there,
 * with its own operation code, into its original folder, and 放弃 drops it on the server. A file
 * is never read without the user choosing it again: the browser keeps no access to it.
 *
 * A refused file (too large, a refused type, a locked version) offers no 重试; a network or
 * server failure, and a cancelled file, do (a retry after a failure goes on from the server's offset).
 */
export function useUploadQueue(target: ProjectTarget) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { projectId, orgId } = target;
  const [items, setItems] = useState<UploadItem[]>([]);
  const jobs = useRef(new Map<string, Job>());
  /** Keys of the files whose try is under way (uploading or saving). */
  const running = useRef(new Set<string>());
  /** The stored uploads behind the 'interrupted' items, by item key. */
  const interrupted = useRef(new Map<string, StoredDocUpload>());

  const patch = useCallback(
    (key: string, change: Partial<UploadItem>) =>
      setItems((list) => list.map((i) => (i.key === key ? { ...i, ...change } : i))),
    [],
  );

  /** Takes the 未完成 item of a stored upload off the list once a chosen file continues it. */
  const dropInterrupted = useCallback((uploadUrl: string | null) => {
    const keys = [...interrupted.current]
      .filter(([, upload]) => upload.uploadUrl === uploadUrl)
      .map(([key]) => key);
    for (const key of keys) interrupted.current.delete(key);
    if (keys.length) setItems((list) => list.filter((i) => !keys.includes(i.key)));
  }, []);

  const run = useCallback(
    async (item: UploadItem) => {
      const { key } = item;
      const file = item.file!;
      const job = jobs.current.get(key) ?? { controller: new AbortController(), attempt: 0 };
      jobs.current.set(key, job);
      job.controller = new AbortController();
      const attempt = ++job.attempt;
      const { signal } = job.controller;
      // A paused or cancelled try says so itself; its leftovers must not overwrite that.
      const current = () => jobs.current.get(key) === job && job.attempt === attempt;
      running.current.add(key);
      patch(key, { status: 'uploading', error: undefined, retryable: undefined });
      try {
        let tus = job.tus;
        // Nothing on the server for it yet: continue an earlier upload of the file, or start one.
        if (!tus?.started) {
          tus = new DocTusUpload(
            file,
            {
              projectId,
              orgId,
              versionId: item.versionId,
              folderId: item.folderId,
              folderName: item.folderName,
            },
            (percent) => {
              if (current()) patch(key, { percent });
            },
          );
          job.tus = tus;
          const previous = await tus.findResumable(signal);
          signal.throwIfAborted();
          if (previous) {
            tus.resumeFrom(previous);
            dropInterrupted(previous.uploadUrl);
            // Its code is bound to the folder it was first chosen for: it goes there.
            patch(key, {
              versionId: previous.place.versionId,
              folderId: previous.place.folderId,
              folderName: previous.place.folderName,
              resumed: true,
            });
          } else {
            const code = await issueOperationCode(
              target,
              { versionId: item.versionId, folderId: item.folderId },
              signal,
            );
            // The platform's limit, said before a byte is sent.
            if (file.size > code.maxBytes)
              throw new ApiError(
                'TOO_LARGE',
                t('docRepository.tooLarge', { mb: Math.floor(code.maxBytes / 1024 / 1024) }),
                413,
              );
            tus.begin(code.operationCode);
            patch(key, { percent: 0 });
          }
        }
        signal.throwIfAborted();
        await tus.send();
        if (!current()) return;
        patch(key, { status: 'saving', percent: 100 });
        await saveUploadedFile(target, tus.operationCode!, signal);
        await tus.forget();
        if (current()) patch(key, { status: 'done', percent: 100 });
      } catch (error) {
        if (!current()) return;
        const again = retryable(error);
        // A refused upload is not to be resumed: this browser forgets it.
        if (!again) await job.tus?.forget();
        patch(key, {
          status: 'failed',
          error: error instanceof Error ? error.message : String(error),
          retryable: again,
        });
      } finally {
        if (current()) running.current.delete(key);
        void queryClient.invalidateQueries({ queryKey: docRepositoryKey(target) });
      }
    },
    [dropInterrupted, orgId, patch, projectId, queryClient, t, target],
  );

  // Starts waiting files while fewer than PARALLEL are on their way.
  useEffect(() => {
    const next = items
      .filter((i) => i.status === 'waiting' && !running.current.has(i.key))
      .slice(0, Math.max(0, PARALLEL - running.current.size));
    for (const item of next) void run(item);
  }, [items, run]);

  // The uploads an earlier visit left unfinished in this project, as 未完成 items.
  useEffect(() => {
    const controller = new AbortController();
    findInterruptedUploads({ projectId, orgId }, controller.signal)
      .then((found) => {
        if (controller.signal.aborted) return;
        // A file chosen again while they were being looked up may already be continuing one.
        const listed = found
          .filter(({ upload }) => !isUploadInUse(upload.uploadUrl))
          .map(({ upload, name, size, percent }): UploadItem => {
            const key = `upload-${++counter}`;
            interrupted.current.set(key, upload);
            return {
              key,
              name,
              size,
              versionId: upload.place.versionId,
              folderId: upload.place.folderId,
              folderName: upload.place.folderName,
              status: 'interrupted',
              percent,
            };
          });
        if (listed.length) setItems((list) => [...listed, ...list]);
      })
      .catch(() => {
        // Not listing them only means the user is not told: choosing the file still resumes it.
      });
    return () => controller.abort();
  }, [orgId, projectId]);

  // Leaving the page stops what is still being sent; the server keeps it, to be continued later.
  useEffect(() => {
    const current = jobs.current;
    return () =>
      current.forEach((job) => {
        job.controller.abort();
        job.tus?.release();
      });
  }, []);

  const add = useCallback(
    (files: File[], to: UploadDestination) =>
      setItems((list) => [
        ...list,
        ...files.map((file) => ({
          key: `upload-${++counter}`,
          file,
          name: file.name,
          size: file.size,
          ...to,
          status: 'waiting' as const,
          percent: 0,
        })),
      ]),
    [],
  );

  /** Stops the current try of a file: a paused or cancelled file shows so at once. */
  const stop = useCallback((key: string) => {
    const job = jobs.current.get(key);
    if (job) {
      job.attempt++;
      job.controller.abort();
    }
    running.current.delete(key);
    return job;
  }, []);

  /**
   * Cancels a file: the server drops what it has, and 重试 starts it afresh. With `'pause'`, it
   * only stops sending: the server keeps the bytes and `retry` continues from there. On an
   * interrupted upload of an earlier visit it means 放弃: the server drops it and it leaves the list.
   */
  const cancel = useCallback(
    (key: string, how: 'cancel' | 'pause' = 'cancel') => {
      const stored = interrupted.current.get(key);
      if (stored) {
        interrupted.current.delete(key);
        setItems((list) => list.filter((i) => i.key !== key));
        void discardStoredUpload(stored);
        return;
      }
      if (how === 'pause') {
        if (!running.current.has(key)) return;
        stop(key)?.tus?.pause();
        patch(key, { status: 'paused' });
        return;
      }
      const job = stop(key);
      jobs.current.delete(key);
      void job?.tus?.cancel();
      patch(key, { status: 'cancelled' });
    },
    [patch, stop],
  );

  /** Tries a failed or cancelled file again, or continues a paused one, in its turn. */
  const retry = useCallback(
    (key: string) => patch(key, { status: 'waiting', error: undefined, retryable: undefined }),
    [patch],
  );

  /** Continues a paused file (the same as `retry`, named for the button that does it). */
  const resume = retry;
  const pause = useCallback((key: string) => cancel(key, 'pause'), [cancel]);

  /** Takes finished, failed and cancelled files off the list. */
  const clearFinished = useCallback(
    () =>
      setItems((list) =>
        list.filter((i) => i.status !== 'done' && i.status !== 'failed' && i.status !== 'cancelled'),
      ),
    [],
  );

  return { items, add, cancel, pause, resume, retry, clearFinished };
}
