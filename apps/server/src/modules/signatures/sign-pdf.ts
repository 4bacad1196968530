import { SignPdf } from '@signpdf/signpdf';
import { CmsSigner } from './cms-signer.js';
import { addSignatureField, type SignatureFieldOptions } from './signature-field.js';
import type { SigningProvider } from './signing-provider.js';

/**
 * Signs a PDF once more: a new field with its seal as an incremental update, then the CMS over
 * every byte but the signature's own (PAdES B-B, or B-T when the provider has a timestamp
 * authority). Earlier signatures stay valid; the last one covers the whole document. Nothing is
 * stored here: a TSA that fails throws before the caller has a file to write.
 */
export async function signPdf(
  pdf: Uint8Array,
  provider: SigningProvider,
  field: SignatureFieldOptions,
): Promise<Buffer> {
  const prepared = await addSignatureField(pdf, field);
  // A new SignPdf each time: the shared default instance keeps the last signature on itself.
  return new SignPdf().sign(Buffer.from(prepared), new CmsSigner(provider));
}
