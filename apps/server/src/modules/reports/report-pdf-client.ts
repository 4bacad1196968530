import type { ReportContent } from '@drp/domain';
import { buildPdfInWorker } from '../../lib/pdf-worker-client.js';
import type { ReportPdfRequest } from './report-pdf-worker.js';

/** Far above a 500-opinion report's second or two: a build that takes this long is stuck. */
const BUILD_TIMEOUT_MS = 120_000;

/** Builds a report's PDF in a thread of its own (lib/pdf-worker-client), started per build. */
export function buildReportPdfInWorker(content: ReportContent): Promise<{ bytes: Buffer; pages: number }> {
  return buildPdfInWorker(
    import.meta.url,
    'report-pdf-worker',
    { content } satisfies ReportPdfRequest,
    BUILD_TIMEOUT_MS,
  );
}
