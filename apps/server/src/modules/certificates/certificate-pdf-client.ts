import type { CertificateContent } from '@drp/domain';
import { buildPdfInWorker } from '../../lib/pdf-worker-client.js';
import type { CertificatePdfRequest } from './certificate-pdf-worker.js';

/** Far above a one-page build's second: a build that takes this long is stuck. */
const BUILD_TIMEOUT_MS = 60_000;

/** Builds a certificate's PDF in a thread of its own (lib/pdf-worker-client), started per build. */
export function buildCertificatePdfInWorker(
  content: CertificateContent,
): Promise<{ bytes: Buffer; pages: number }> {
  return buildPdfInWorker(
    import.meta.url,
    'certificate-pdf-worker',
    { content } satisfies CertificatePdfRequest,
    BUILD_TIMEOUT_MS,
  );
}
