import { DetailedError, Upload, defaultOptions, type PreviousUpload, type UrlStorage } from 'tus-js-client';
import { currentLocale } from '../../../config/i18n';
import { ApiError } from '../../../lib/http';

/**
 * Browser uploads through tus 1.0.0 (doc-tus.routes on the server): the operation code creates
 * the upload, its URL is then the credential, and the bytes go in PATCHes that survive a dropped
 * connection, a server restart and a page reload. After the last byte the queue still calls
 * `saveFile` with the same code, which is why the code is kept with the upload in localStorage.
 */

/** The upload service's tus endpoint; absolute, so the Location it answers resolves against it. */
const endpoint = () => new URL('/api/files/tus', window.location.origin).href;

/**
 * 8 MiB a PATCH: progress and what a broken connection costs stay small, and no proxy's body
 * limit is met; the server appends each PATCH to the part file, so more requests cost little.
 */
const CHUNK_BYTES = 8 * 1024 * 1024;

/** Waits between tries after a network error or a 5xx: about 40 s, enough for a server restart. */
const RETRY_DELAYS = [0, 1000, 3000, 5000, 10000, 20000];

/** Where an upload goes: what the queue needs to show it, and to save it, after a reload. */
export interface DocUploadPlace {
  projectId: string;
  orgId: string;
  versionId: string;
  folderId: string;
  folderName: string;
}

/** An upload tus remembers in localStorage, with the place DocUploadStorage adds to it. */
export interface StoredDocUpload extends PreviousUpload {
  place?: DocUploadPlace;
}

/** tus-js-client's localStorage (`tus::<fingerprint>::<n>` entries), shared by all uploads. */
const base: UrlStorage = defaultOptions.urlStorage;

/**
 * Upload URLs this tab is sending to (or holds paused): a second choice of the same file, or the
 * list of interrupted uploads, must not take an upload that is in use here.
 */
const inUse = new Set<string>();

/** Whether this tab is sending to (or holds paused) the upload at `url`. */
export const isUploadInUse = (url: string) => inUse.has(url);

/**
 * The url storage of one upload: the shared localStorage, plus the upload's place in each entry
 * (not in the tus metadata, which the server receives) and the key of the entry, so the queue can
 * forget it after `saveFile` or a refusal.
 */
class DocUploadStorage implements UrlStorage {
  key: string | null = null;
  constructor(readonly place: DocUploadPlace) {}
  findAllUploads() {
    return base.findAllUploads();
  }
  findUploadsByFingerprint(fingerprint: string) {
    return base.findUploadsByFingerprint(fingerprint);
  }
  async removeUpload(key: string) {
    await base.removeUpload(key);
    if (key === this.key) this.key = null;
  }
  async addUpload(fingerprint: string, upload: PreviousUpload) {
    this.key = await base.addUpload(fingerprint, { ...upload, place: this.place } as StoredDocUpload);
    return this.key;
  }
}

const networkError = () =>
  new ApiError('NETWORK_ERROR', currentLocale() === 'zh-CN' ? '网络连接失败' : 'Network error', 0);

/** A tus failure as an ApiError: the server's envelope (in the user's language) when it answered. */
export function tusErrorOf(error: unknown): Error {
  if (!(error instanceof DetailedError)) return error instanceof Error ? error : new Error(String(error));
  const response = error.originalResponse;
  if (!response) return networkError();
  const status = response.getStatus();
  try {
    const body = JSON.parse(response.getBody()) as { code?: string; message?: string };
    return new ApiError(body.code ?? `HTTP_${status}`, body.message ?? `HTTP ${status}`, status);
  } catch {
    return new ApiError(`HTTP_${status}`, `HTTP ${status}`, status);
  }
}

type TusState = { offset: number; length: number } | 'gone' | 'unknown';

/**
 * HEAD of a stored upload URL: how far it got, or 'gone' (404/410: terminated, refused, expired,
 * or the server lost its bytes), or 'unknown' (no answer or a 5xx: try it, tus will retry).
 */
async function probe(url: string, signal?: AbortSignal): Promise<TusState> {
  try {
    const res = await fetch(url, {
      method: 'HEAD',
      headers: { 'Tus-Resumable': '1.0.0', 'accept-language': currentLocale() },
      cache: 'no-store',
      signal,
    });
    if (res.status === 404 || res.status === 410) return 'gone';
    const offset = Number(res.headers.get('Upload-Offset'));
    const length = Number(res.headers.get('Upload-Length'));
    if (!res.ok || !Number.isSafeInteger(offset) || !(length > 0)) return 'unknown';
    return { offset, length };
  } catch (error) {
    if (signal?.aborted) throw error;
    return 'unknown';
  }
}

const percentOf = (sent: number, total: number) =>
  total > 0 ? Math.min(100, Math.floor((sent / total) * 100)) : 0;

/** An upload of an earlier visit that the server still has, as the queue lists it. */
export interface InterruptedDocUpload {
  upload: StoredDocUpload & { place: DocUploadPlace; uploadUrl: string };
  name: string;
  size: number;
  /** How much the server has; undefined when it did not answer. */
  percent?: number;
}

/**
 * The uploads this browser left unfinished in one project for one unit (a reload, a closed tab,
 * a network failure), newest first. The ones the server no longer has are forgotten on the way.
 */
export async function findInterruptedUploads(
  where: { projectId: string; orgId: string },
  signal?: AbortSignal,
): Promise<InterruptedDocUpload[]> {
  const all = (await base.findAllUploads()) as StoredDocUpload[];
  const mine = all.filter(
    (u): u is InterruptedDocUpload['upload'] =>
      !!u.place &&
      u.place.projectId === where.projectId &&
      u.place.orgId === where.orgId &&
      !!u.uploadUrl &&
      !inUse.has(u.uploadUrl),
  );
  mine.sort((a, b) => Date.parse(b.creationTime) - Date.parse(a.creationTime));
  const found = await Promise.all(
    mine.map(async (upload): Promise<InterruptedDocUpload | null> => {
      const state = await probe(upload.uploadUrl, signal);
      if (state === 'gone') {
        await base.removeUpload(upload.urlStorageKey);
        return null;
      }
      return {
        upload,
        name: upload.metadata.filename ?? '',
        size: upload.size ?? 0,
        percent: state === 'unknown' ? undefined : percentOf(state.offset, state.length),
      };
    }),
  );
  return found.filter((u) => u !== null);
}

/**
 * Gives up an interrupted upload: tus termination drops its bytes on the server (its code becomes
 * good again until it expires), and this browser forgets it even when the server cannot be reached.
 */
export async function discardStoredUpload(upload: StoredDocUpload): Promise<void> {
  try {
    if (upload.uploadUrl && !inUse.has(upload.uploadUrl))
      await Upload.terminate(upload.uploadUrl, {
        headers: { 'accept-language': currentLocale() },
        retryDelays: [0, 1000],
      });
  } catch {
    // Unreachable or already gone: the code expires on the server in any case.
  } finally {
    await base.removeUpload(upload.urlStorageKey);
  }
}

const stopped = () => new DOMException('The upload was stopped', 'AbortError');

/**
 * One file on its way through tus, to be paused, continued and cancelled. `send()` resolves once
 * the server has every byte; the caller then saves the file with `operationCode` and calls
 * `forget()`. The entry in localStorage stays until then on purpose (not tus'
 * removeFingerprintOnSuccess): a reload between the last byte and `saveFile` must still find the
 * code, and choosing the file again then saves it at once.
 */
export class DocTusUpload {
  /** The code the upload was created with: fetched for a new upload, or the stored one's. */
  operationCode?: string;
  private readonly storage: DocUploadStorage;
  private readonly upload: Upload;
  private pending?: { resolve: () => void; reject: (error: unknown) => void };

  constructor(
    private readonly file: File,
    place: DocUploadPlace,
    onProgress: (percent: number) => void,
  ) {
    this.storage = new DocUploadStorage(place);
    this.upload = new Upload(file, {
      endpoint: endpoint(),
      chunkSize: CHUNK_BYTES,
      retryDelays: RETRY_DELAYS,
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: false,
      urlStorage: this.storage,
      headers: { 'accept-language': currentLocale() },
      onProgress: (sent, total) => onProgress(percentOf(sent, total)),
      onUploadUrlAvailable: () => {
        if (this.upload.url) inUse.add(this.upload.url);
      },
      onSuccess: () => this.settle(),
      onError: (error) => this.settle(tusErrorOf(error)),
    });
  }

  /** Whether the server has (or had) an upload for it: then `send()` goes on from its offset. */
  get started() {
    return this.upload.url !== null;
  }

  private settle(error?: unknown) {
    const pending = this.pending;
    this.pending = undefined;
    if (!pending) return;
    if (error === undefined) pending.resolve();
    else pending.reject(error);
  }

  /**
   * An earlier upload of this file (same name, type, size and modification time; tus'
   * fingerprint) by this browser into the same version that the server still has: the newest,
   * one into the same folder first. Stored uploads the server has lost are forgotten.
   */
  async findResumable(signal?: AbortSignal): Promise<(StoredDocUpload & { place: DocUploadPlace }) | null> {
    const { place } = this.storage;
    const previous = (await this.upload.findPreviousUploads()) as StoredDocUpload[];
    const candidates = previous
      .filter(
        (u): u is StoredDocUpload & { place: DocUploadPlace; uploadUrl: string } =>
          !!u.place &&
          u.place.projectId === place.projectId &&
          u.place.orgId === place.orgId &&
          u.place.versionId === place.versionId &&
          !!u.uploadUrl &&
          !!u.metadata.operationCode &&
          !inUse.has(u.uploadUrl),
      )
      .sort(
        (a, b) =>
          Number(b.place.folderId === place.folderId) - Number(a.place.folderId === place.folderId) ||
          Date.parse(b.creationTime) - Date.parse(a.creationTime),
      );
    for (const upload of candidates) {
      signal?.throwIfAborted();
      if ((await probe(upload.uploadUrl, signal)) !== 'gone') return upload;
      await base.removeUpload(upload.urlStorageKey);
    }
    return null;
  }

  /** Continues `previous` (from `findResumable`) with its own code. */
  resumeFrom(previous: StoredDocUpload) {
    this.upload.resumeFromPreviousUpload(previous);
    this.upload.options.metadata = previous.metadata;
    this.storage.key = previous.urlStorageKey;
    this.operationCode = previous.metadata.operationCode;
    if (previous.uploadUrl) inUse.add(previous.uploadUrl);
  }

  /** A new upload with a freshly issued code. */
  begin(operationCode: string) {
    this.operationCode = operationCode;
    this.upload.options.metadata = { operationCode, filename: this.file.name };
  }

  /** Sends the bytes, or the rest of them; resolves when the server has them all. */
  send(): Promise<void> {
    this.settle(stopped());
    return new Promise<void>((resolve, reject) => {
      this.pending = { resolve, reject };
      this.upload.start();
    });
  }

  /** Stops sending; the server keeps what it has and `send()` goes on from there. */
  pause() {
    void this.upload.abort();
    this.settle(stopped());
  }

  /** Stops sending and lets another tab or visit take the upload up (leaving the page). */
  release() {
    this.pause();
    if (this.upload.url) inUse.delete(this.upload.url);
  }

  /** Stops, drops the bytes on the server (tus termination) and forgets the upload here. */
  async cancel() {
    const terminated = this.upload.abort(true);
    this.settle(stopped());
    await terminated.catch(() => {});
    await this.forget();
  }

  /** Forgets the upload in this browser: saved, refused or cancelled, it is not to be resumed. */
  async forget() {
    if (this.upload.url) inUse.delete(this.upload.url);
    const key = this.storage.key;
    this.storage.key = null;
    if (key) await base.removeUpload(key);
  }
}
