import { spawnWorker } from './spawn-worker.js';

/** What a PDF-building thread answers: the bytes (moved, not copied) and the page count, or why not. */
export type PdfWorkerReply = { ok: true; bytes: Uint8Array; pages: number } | { ok: false; error: string };

/**
 * Builds a PDF in a thread of its own, started for the build and stopped after it: PDFs here are
 * built a few times a day, so a thread kept waiting (and its fonts in memory) is not worth it, and
 * a build that crashes or hangs takes nothing else down. `name` is the worker module beside `here`.
 */
export function buildPdfInWorker(
  here: string,
  name: string,
  request: unknown,
  timeoutMs: number,
): Promise<{ bytes: Buffer; pages: number }> {
  const worker = spawnWorker(here, name);
  return new Promise<{ bytes: Buffer; pages: number }>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the PDF was not built within ${timeoutMs} ms`)),
      timeoutMs,
    );
    worker.once('message', (reply: PdfWorkerReply) => {
      clearTimeout(timer);
      if (reply.ok)
        resolve({
          bytes: Buffer.from(reply.bytes.buffer, reply.bytes.byteOffset, reply.bytes.byteLength),
          pages: reply.pages,
        });
      else reject(new Error(reply.error));
    });
    worker.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    worker.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the PDF worker stopped (${code})`));
    });
    worker.postMessage(request);
  }).finally(() => void worker.terminate());
}

/** The worker's side: answers one request with `build`'s PDF, its buffer moved to the caller. */
export function answerPdfRequests<R>(
  port: {
    on(event: 'message', listener: (request: R) => void): void;
    postMessage(value: unknown, transfer?: ArrayBuffer[]): void;
  },
  build: (request: R) => Promise<{ bytes: Buffer; pages: number }>,
) {
  port.on('message', (request: R) => {
    build(request).then(
      ({ bytes, pages }) => {
        // A copy that owns its buffer, moved to the main thread rather than copied again.
        const own = new Uint8Array(bytes);
        port.postMessage({ ok: true, bytes: own, pages } satisfies PdfWorkerReply, [own.buffer]);
      },
      (error: unknown) =>
        port.postMessage({
          ok: false,
          error: error instanceof Error ? error.message : String(error),
        } satisfies PdfWorkerReply),
    );
  });
}
