import { parentPort } from 'node:worker_threads';
import type { CertificateContent } from '@drp/domain';
import { answerPdfRequests } from '../../lib/pdf-worker-client.js';
import { buildCertificatePdf } from './certificate-pdf.js';

/**
 * The thread a certificate's PDF is built in (certificate-pdf-client.ts is its other end): loading
 * and subsetting the Chinese fonts is CPU the main thread's calls must not wait behind.
 */
export interface CertificatePdfRequest {
  content: CertificateContent;
}

answerPdfRequests<CertificatePdfRequest>(parentPort!, (request) => buildCertificatePdf(request.content));
