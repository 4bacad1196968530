import { currentLocale } from '../../../config/i18n';
import { ApiError } from '../../../lib/http';

/** What the upload service answered when it refused a file, in the user's language. */
function refusal(xhr: XMLHttpRequest): ApiError {
  try {
    const body = JSON.parse(xhr.responseText) as { code?: string; message?: string };
    return new ApiError(body.code ?? `HTTP_${xhr.status}`, body.message ?? `HTTP ${xhr.status}`, xhr.status);
  } catch {
    return new ApiError(`HTTP_${xhr.status}`, `HTTP ${xhr.status}`, xhr.status);
  }
}

/**
 * The multipart POST to the upload service (the operation code, then the file): the spec's one-shot
 * path. The screen's queue sends through tus instead (doc-tus-upload), which survives a broken
 * connection and a reload; this stays for a single request where resuming is not wanted. XMLHttpRequest,
 * not fetch: only it reports the request body's progress. No timeout (spec §9: none on upload);
 * the code is the credential, so no bearer token goes with it.
 */
export function postUpload(
  uploadUrl: string,
  operationCode: string,
  file: File,
  onProgress: (percent: number) => void,
  signal: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', uploadUrl);
    xhr.setRequestHeader('accept-language', currentLocale());
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) resolve();
      else reject(refusal(xhr));
    };
    xhr.onerror = () =>
      reject(
        new ApiError('NETWORK_ERROR', currentLocale() === 'zh-CN' ? '网络连接失败' : 'Network error', 0),
      );
    xhr.onabort = () => reject(new DOMException('cancelled', 'AbortError'));
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    const body = new FormData();
    body.append('operationCode', operationCode);
    body.append('file', file, file.name);
    xhr.send(body);
  });
}
