import { parentPort } from 'node:worker_threads';
import type { ReportContent } from '@drp/domain';
import { answerPdfRequests } from '../../lib/pdf-worker-client.js';
import { buildReportPdf } from './report-pdf.js';

/**
 * The thread a report's PDF is built in (report-pdf-client.ts is its other end): laying out 500
 * opinions in pdfmake is a second of CPU, which on the main thread would hold every other call.
 */
export interface ReportPdfRequest {
  content: ReportContent;
}

answerPdfRequests<ReportPdfRequest>(parentPort!, (request) => buildReportPdf(request.content));
