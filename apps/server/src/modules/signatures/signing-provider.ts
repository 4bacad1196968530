import { webcrypto } from 'node:crypto';
import type { TimestampClient } from './timestamp-client.js';
import { importPrivateKey } from './x509.js';

/**
 * Who actually computes a signature value. The platform's own keys are one provider; a province
 * plugs in its CA's signing service, a USBKey bridge or an e-seal vendor (SM2 included) as another,
 * and no use case changes: they hand over the DER of the CMS signed attributes and get the value
 * back, so a private key never has to leave wherever it lives.
 */
export interface SigningProvider {
  /** The signer's certificate first, then its issuers up to the root, all DER. */
  readonly chain: readonly Uint8Array[];
  /** The signature algorithm's OID as CMS names it (sha256WithRSAEncryption for the platform's keys). */
  readonly signatureAlgorithm: string;
  /** Signs `data` (the DER of the signed attributes) with SHA-256. */
  sign(data: Uint8Array): Promise<Uint8Array>;
  /**
   * The timestamp authority that stamps each signature value (PAdES B-T); without one the
   * signature is B-B. It travels with the provider because every caller of signPdf already
   * holds one, and a province's signing service may come with its own TSA.
   */
  readonly timestamps?: TimestampClient;
}

export const SHA256_WITH_RSA = '1.2.840.113549.1.1.11';

/** A provider over a private key the platform holds itself (decrypted only for this signature). */
export async function localKeyProvider(
  chain: readonly Uint8Array[],
  pkcs8: Uint8Array,
  timestamps?: TimestampClient,
): Promise<SigningProvider> {
  const key = await importPrivateKey(pkcs8);
  return {
    chain,
    signatureAlgorithm: SHA256_WITH_RSA,
    timestamps,
    async sign(data) {
      return new Uint8Array(await webcrypto.subtle.sign('RSASSA-PKCS1-v1_5', key, data));
    },
  };
}
