import { parentPort } from 'node:worker_threads';
import type { ReportContent } from '@drp/domain';
import { buildReportPdf } from './report-pdf.js';

/**
 * The thread a report's PDF is built in (report-pdf-client.ts is its other end): laying out 500
 * opinions in pdfmake is a second of CPU, which on the main thread would hold every other call.
 */
export interface ReportPdfRequest {
  content: ReportContent;
}
export type ReportPdfReply = { ok: true; bytes: Uint8Array; pages: number } | { ok: false; error: string };

parentPort!.on('message', (request: ReportPdfRequest) => {
  buildReportPdf(request.content).then(
    ({ bytes, pages }) => {
      // A copy that owns its buffer, moved to the main thread rather than copied again.
      const own = new Uint8Array(bytes);
      parentPort!.postMessage({ ok: true, bytes: own, pages } satisfies ReportPdfReply, [own.buffer]);
    },
    (error: unknown) =>
      parentPort!.postMessage({
        ok: false,
        error: error instanceof Error ? error.message : String(error),
      } satisfies ReportPdfReply),
  );
});
