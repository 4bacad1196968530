import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/http';
import { docRepositoryKey, type DocRepositoryTarget } from '../api/doc-repository-scope';
import { fetchOperationCode, postUpload, saveDocFile } from '../api/upload-doc-file';

export type UploadStatus = 'waiting' | 'uploading' | 'saving' | 'done' | 'failed' | 'cancelled';

export interface UploadItem {
  key: string;
  file: File;
  versionId: string;
  folderId: string;
  /** The folder's name when the file was chosen, so the queue says where each file goes. */
  folderName: string;
  status: UploadStatus;
  percent: number;
  error?: string;
}

/** Files sent at once: a few keep the line busy without starving the page's own calls. */
const PARALLEL = 2;

let counter = 0;

/**
 * The upload queue of the repository screen: each file gets its own operation code, its
 * multipart POST with progress, and its `saveFile`. Files wait their turn, may be cancelled while
 * waiting or sending, and may be tried again (with a new code) when refused or cancelled.
 */
export function useUploadQueue(target: DocRepositoryTarget) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [items, setItems] = useState<UploadItem[]>([]);
  const controllers = useRef(new Map<string, AbortController>());

  const patch = useCallback(
    (key: string, change: Partial<UploadItem>) =>
      setItems((list) => list.map((i) => (i.key === key ? { ...i, ...change } : i))),
    [],
  );

  const run = useCallback(
    async (item: UploadItem) => {
      const controller = new AbortController();
      controllers.current.set(item.key, controller);
      const { signal } = controller;
      patch(item.key, { status: 'uploading', percent: 0, error: undefined });
      try {
        const code = await fetchOperationCode(
          target,
          { versionId: item.versionId, folderId: item.folderId },
          signal,
        );
        // The platform's limit, said before a byte is sent.
        if (item.file.size > code.maxBytes)
          throw new ApiError(
            'TOO_LARGE',
            t('docRepository.tooLarge', { mb: Math.floor(code.maxBytes / 1024 / 1024) }),
            413,
          );
        await postUpload(
          code.uploadUrl,
          code.operationCode,
          item.file,
          (percent) => patch(item.key, { percent }),
          signal,
        );
        patch(item.key, { status: 'saving', percent: 100 });
        await saveDocFile(target, code.operationCode, signal);
        patch(item.key, { status: 'done', percent: 100 });
      } catch (error) {
        if (signal.aborted) patch(item.key, { status: 'cancelled' });
        else
          patch(item.key, {
            status: 'failed',
            error: error instanceof Error ? error.message : String(error),
          });
      } finally {
        controllers.current.delete(item.key);
        void queryClient.invalidateQueries({ queryKey: docRepositoryKey(target) });
      }
    },
    [patch, queryClient, t, target],
  );

  // Starts waiting files while fewer than PARALLEL are on their way.
  useEffect(() => {
    const busy = items.filter((i) => i.status === 'uploading' || i.status === 'saving').length;
    // A file already started (its controller exists) is not started twice before its state shows it.
    const next = items
      .filter((i) => i.status === 'waiting' && !controllers.current.has(i.key))
      .slice(0, Math.max(0, PARALLEL - busy));
    for (const item of next) void run(item);
  }, [items, run]);

  // Leaving the page stops what is still being sent.
  useEffect(() => {
    const current = controllers.current;
    return () => current.forEach((c) => c.abort());
  }, []);

  const add = useCallback(
    (files: File[], to: { versionId: string; folderId: string; folderName: string }) =>
      setItems((list) => [
        ...list,
        ...files.map((file) => ({
          key: `upload-${++counter}`,
          file,
          ...to,
          status: 'waiting' as const,
          percent: 0,
        })),
      ]),
    [],
  );

  const cancel = useCallback(
    (key: string) => {
      const controller = controllers.current.get(key);
      if (controller) controller.abort();
      else patch(key, { status: 'cancelled' });
    },
    [patch],
  );

  const retry = useCallback(
    (key: string) => patch(key, { status: 'waiting', percent: 0, error: undefined }),
    [patch],
  );

  /** Takes finished, failed and cancelled files off the list. */
  const clearFinished = useCallback(
    () =>
      setItems((list) =>
        list.filter((i) => i.status === 'waiting' || i.status === 'uploading' || i.status === 'saving'),
      ),
    [],
  );

  return { items, add, cancel, retry, clearFinished };
}
