import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { SIGNATURE_TIME_STAMP_TOKEN } from '../modules/signatures/cms-signer.js';
import { commonNameOf } from '../modules/signatures/x509.js';

const run = promisify(execFile);

/** The signature-time-stamp of one PDF signature, read from its CMS. */
export interface PdfTimestamp {
  /** The token's messageImprint is SHA-256 of this signature's value (what B-T stamps). */
  coversSignature: boolean;
  genTime: Date;
  tsa: string;
  /** pkijs: the TSA's signature holds and its certificate chains to one of the given roots. */
  trusted: boolean;
  /** What `openssl ts -verify` says of the token against the signature value and the roots. */
  openssl: string;
}

const pem = (der: Uint8Array) =>
  `-----BEGIN CERTIFICATE-----\n${Buffer.from(der).toString('base64').replace(/.{64}/g, '$&\n')}\n-----END CERTIFICATE-----\n`;

/**
 * The timestamp of each signature in a PDF, in file order (null for a signature without one).
 * pdfsig (poppler 22.12) prints nothing of timestamps, so the CMS is read here and the token
 * checked twice: by pkijs, and by OpenSSL as an outside reader.
 */
export async function pdfTimestamps(
  pdf: Uint8Array,
  tsaRoots: Uint8Array[],
): Promise<(PdfTimestamp | null)[]> {
  const text = Buffer.from(pdf).toString('latin1');
  const roots = tsaRoots.map((der) => pkijs.Certificate.fromBER(der));
  const dir = await mkdtemp(path.join(os.tmpdir(), 'drp-tst-'));
  try {
    const caFile = path.join(dir, 'roots.pem');
    await writeFile(caFile, tsaRoots.map(pem).join(''));
    const found: (PdfTimestamp | null)[] = [];
    for (const m of text.matchAll(/\/ByteRange\s*\[\s*0\s+(\d+)\s+(\d+)\s+\d+\s*\]/g)) {
      const [b, c] = [Number(m[1]), Number(m[2])];
      const der = Buffer.from(text.slice(b + 1, c - 1), 'hex');
      const signedData = new pkijs.SignedData({
        schema: new pkijs.ContentInfo({ schema: asn1js.fromBER(new Uint8Array(der)).result }).content,
      });
      const signerInfo = signedData.signerInfos[0]!;
      const attribute = signerInfo.unsignedAttrs?.attributes.find(
        (a) => a.type === SIGNATURE_TIME_STAMP_TOKEN,
      );
      if (!attribute) {
        found.push(null);
        continue;
      }
      const value = new Uint8Array(signerInfo.signature.valueBlock.valueHexView);
      const tokenDer = new Uint8Array((attribute.values[0] as asn1js.BaseBlock).toBER(false));
      const token = new pkijs.SignedData({ schema: pkijs.ContentInfo.fromBER(tokenDer).content });
      const info = pkijs.TSTInfo.fromBER(token.encapContentInfo.eContent!.getValue());
      const imprint = new Uint8Array(info.messageImprint.hashedMessage.valueBlock.valueHexView);
      const trusted = await token
        .verify({ signer: 0, data: value.slice().buffer, trustedCerts: roots, checkChain: true })
        .catch(() => false);
      const signer = token.certificates?.find(
        (cert): cert is pkijs.Certificate => cert instanceof pkijs.Certificate,
      );

      const valueFile = path.join(dir, `value-${found.length}.bin`);
      const tokenFile = path.join(dir, `token-${found.length}.der`);
      await writeFile(valueFile, value);
      await writeFile(tokenFile, tokenDer);
      const openssl = await run('openssl', [
        'ts',
        '-verify',
        '-data',
        valueFile,
        '-in',
        tokenFile,
        '-token_in',
        '-CAfile',
        caFile,
      ])
        .then(({ stdout }) => stdout.trim())
        .catch((error: { stdout?: string; stderr?: string }) =>
          `${error.stdout ?? ''}${error.stderr ?? ''}`.trim(),
        );
      found.push({
        coversSignature:
          info.messageImprint.hashAlgorithm.algorithmId === '2.16.840.1.101.3.4.2.1' &&
          Buffer.from(imprint).equals(createHash('sha256').update(value).digest()),
        genTime: info.genTime,
        tsa: signer ? commonNameOf(signer) : '',
        trusted: trusted === true,
        openssl,
      });
    }
    return found;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
