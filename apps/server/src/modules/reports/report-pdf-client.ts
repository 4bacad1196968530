import type { ReportContent } from '@drp/domain';
import { spawnWorker } from '../../lib/spawn-worker.js';
import type { ReportPdfReply } from './report-pdf-worker.js';

/** Far above a 500-opinion report's second or two: a build that takes this long is stuck. */
const BUILD_TIMEOUT_MS = 120_000;

/**
 * Builds a report's PDF in a thread of its own, started for the build and stopped after it:
 * reports are built a few times a day, so a thread kept waiting (and its fonts in memory) is not
 * worth it, and a build that crashes or hangs takes nothing else down.
 */
export function buildReportPdfInWorker(content: ReportContent): Promise<{ bytes: Buffer; pages: number }> {
  const worker = spawnWorker(import.meta.url, 'report-pdf-worker');
  return new Promise<{ bytes: Buffer; pages: number }>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the report was not built within ${BUILD_TIMEOUT_MS} ms`)),
      BUILD_TIMEOUT_MS,
    );
    worker.once('message', (reply: ReportPdfReply) => {
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
      reject(new Error(`the report worker stopped (${code})`));
    });
    worker.postMessage({ content });
  }).finally(() => void worker.terminate());
}
