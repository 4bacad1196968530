import { useEffect, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { PORTAL_UPLOAD_PURPOSES, type PortalUpload } from '@drp/domain';
import { downloadFile, request } from '../../../lib/http';
import { sessionStore } from '../../../lib/session-store';

export type PortalUploadPurpose = (typeof PORTAL_UPLOAD_PURPOSES)[number];

/**
 * `POST /api/info/portal/uploads`, multipart: `purpose` first, then the file (the server reads no
 * field after the file). The answer's id is named in the article or credit entry saved next.
 * No timeout: a 50 MB policy document on a slow line takes its time.
 */
export function uploadManageFile(purpose: PortalUploadPurpose, file: File) {
  const body = new FormData();
  body.append('purpose', purpose);
  body.append('file', file, file.name);
  return request<PortalUpload>('/api/info/portal/uploads', { method: 'POST', body, noTimeout: true });
}

export const useUploadManageFile = () =>
  useMutation({
    mutationFn: ({ purpose, file }: { purpose: PortalUploadPurpose; file: File }) =>
      uploadManageFile(purpose, file),
  });

/** The staff copy of a portal file (drafts' too): `GET /api/info/portal/files/{id}`. */
export const manageFileUrl = (id: string) => `/api/info/portal/files/${encodeURIComponent(id)}`;

/** Saves a portal file under its own name (the bearer token rules out a plain link). */
export const downloadManageFile = (id: string, name: string) => downloadFile(manageFileUrl(id), name);

/**
 * A portal file as an object URL an `<img>` can show: the staff route wants the bearer token,
 * which an `<img src>` cannot send. Revoked when the URL changes or the component goes.
 */
export function useManageFileObjectUrl(url: string | null | undefined): string | undefined {
  const [objectUrl, setObjectUrl] = useState<string>();
  useEffect(() => {
    if (!url) {
      setObjectUrl(undefined);
      return;
    }
    const controller = new AbortController();
    let created: string | undefined;
    const token = sessionStore.token();
    fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {}, signal: controller.signal })
      .then((response) =>
        response.ok ? response.blob() : Promise.reject(new Error(String(response.status))),
      )
      .then((blob) => {
        created = URL.createObjectURL(blob);
        setObjectUrl(created);
      })
      // A cover that cannot be shown leaves the preview empty; the save still names it.
      .catch(() => setObjectUrl(undefined));
    return () => {
      controller.abort();
      if (created) URL.revokeObjectURL(created);
    };
  }, [url]);
  return objectUrl;
}

/** The id a file URL ends with (`…/files/{id}`), for naming a kept cover or document on save. */
export const fileIdOf = (url: string | null | undefined): string | null =>
  url ? (/\/files\/([^/?#]+)/.exec(url)?.[1] ?? null) : null;
