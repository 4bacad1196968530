import type { SignatureCheck } from '@drp/domain';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { SIGNATURE_TIME_STAMP_TOKEN } from './cms-signer.js';
import { ID_CT_TST_INFO } from './timestamp-client.js';
import { commonNameOf, parseCertificate, serialHex } from './x509.js';

/**
 * The platform's own reading of a PDF's signatures, for the verification screens and the public
 * check: each /ByteRange with the CMS in the gap it leaves, checked as a reader does (the covered
 * bytes' digest, the signature value, the chain up to the platform root). pdfsig says the same in
 * the tests; this is what the server can say without a system tool.
 */

const latin1 = (bytes: Uint8Array, from = 0, to = bytes.length) =>
  Buffer.from(bytes.subarray(from, to)).toString('latin1');

/** A PDF text string: UTF-16BE hex (<FEFF…>), or a literal (ASCII here). */
function pdfText(raw: string | undefined): string {
  if (!raw) return '';
  if (raw.startsWith('<')) {
    const hex = raw.slice(1, -1).replace(/\s+/g, '');
    const bytes = Buffer.from(hex, 'hex');
    if (bytes[0] === 0xfe && bytes[1] === 0xff) return bytes.subarray(2).swap16().toString('utf16le');
    return bytes.toString('latin1');
  }
  return raw.slice(1, -1).replace(/\\([()\\])/g, '$1');
}

/** D:20261129100000+08'00' as an ISO time. */
function pdfDate(raw: string): string | null {
  const m = /D:(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})([+-])(\d{2})'?(\d{2})?/.exec(raw);
  if (!m) return null;
  const iso = `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}${m[7]}${m[8]}:${m[9] ?? '00'}`;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

function nameValue(certificate: pkijs.Certificate, type: string, of: 'subject' | 'issuer' = 'subject') {
  const found = certificate[of].typesAndValues.find((t) => t.type === type);
  return found ? String(found.value.valueBlock.value) : '';
}

/** Whether the bytes look like a PDF at all (a header in the first kilobyte, as readers accept). */
export function looksLikePdf(bytes: Uint8Array): boolean {
  return latin1(bytes, 0, Math.min(bytes.length, 1024)).includes('%PDF-');
}

/**
 * At most this many signatures are read from one file: a document of ours has a few dozen at the
 * very most, and a file crafted with thousands would make each check hash the whole file again.
 */
export const SIGNATURES_CHECKED_MAX = 64;

/**
 * The timestamp token of the CMS's signer, read as a reader does: the time it states, the TSA
 * that signed it, and whether it is over this signature value (its imprint) and its own signature
 * verifies. Null when the signature carries none; a token that cannot be read is not intact.
 */
async function readTimestamp(signedData: pkijs.SignedData): Promise<SignatureCheck['timestamp']> {
  const signer = signedData.signerInfos[0];
  const attribute = signer?.unsignedAttrs?.attributes.find((a) => a.type === SIGNATURE_TIME_STAMP_TOKEN);
  if (!signer || !attribute) return null;
  try {
    const token = new pkijs.ContentInfo({ schema: attribute.values[0] });
    const tokenData = new pkijs.SignedData({ schema: token.content });
    const eContent = tokenData.encapContentInfo.eContent;
    if (tokenData.encapContentInfo.eContentType !== ID_CT_TST_INFO || !eContent)
      throw new Error('no TSTInfo');
    const info = pkijs.TSTInfo.fromBER(eContent.getValue());
    const value = new Uint8Array(signer.signature.valueBlock.valueHexView);
    // pkijs hashes `data` with the imprint's algorithm, compares it, and checks the TSA's signature.
    const verified = await tokenData
      .verify({ signer: 0, data: value.buffer, extendedMode: true })
      .catch((error: unknown) => {
        if (error instanceof pkijs.SignedDataVerifyError) return error;
        throw error;
      });
    const tsa = verified.signerCertificate ?? null;
    return {
      time: info.genTime.toISOString(),
      authority: tsa ? commonNameOf(tsa) || nameValue(tsa, '2.5.4.10') : '',
      intact: verified.signatureVerified === true,
    };
  } catch {
    return { time: '', authority: '', intact: false };
  }
}

export async function checkPdfSignatures(
  pdf: Uint8Array,
  trustedRoots: Uint8Array[],
): Promise<SignatureCheck[]> {
  const text = latin1(pdf);
  const roots = trustedRoots.map((der) => parseCertificate(der));
  const checks: SignatureCheck[] = [];
  const ranges = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g;
  for (let m = ranges.exec(text); m && checks.length < SIGNATURES_CHECKED_MAX; m = ranges.exec(text)) {
    const [a, b, c, d] = [m[1], m[2], m[3], m[4]].map(Number) as [number, number, number, number];
    if (a !== 0 || b <= 0 || c <= b || c + d > pdf.length || pdf[b] !== 0x3c || pdf[c - 1] !== 0x3e) continue;
    // The signature dictionary around this /ByteRange: its object number, /Name and /M.
    const objStart = text.lastIndexOf(' obj', m.index);
    const header = /(\d+)\s+(\d+)\s+obj\s*$/.exec(text.slice(Math.max(0, objStart - 24), objStart + 4));
    const objEnd = text.indexOf('endobj', c);
    const dict = text.slice(objStart, objEnd < 0 ? c + 4096 : objEnd).replace(text.slice(b, c), '');
    const field = header
      ? (new RegExp(
          `/V\\s+${header[1]}\\s+${header[2]}\\s+R[\\s\\S]{0,400}?/T\\s*(<[0-9A-Fa-f\\s]*>|\\((?:\\\\.|[^\\\\)])*\\))`,
        ).exec(text) ??
          new RegExp(
            `/T\\s*(<[0-9A-Fa-f\\s]*>|\\((?:\\\\.|[^\\\\)])*\\))[\\s\\S]{0,400}?/V\\s+${header[1]}\\s+${header[2]}\\s+R`,
          ).exec(text))?.[1]
      : undefined;
    const signedAtRaw = /\/M\s*\(([^)]*)\)/.exec(dict)?.[1];

    const signed = Buffer.concat([pdf.subarray(0, b), pdf.subarray(c, c + d)]);
    const check: SignatureCheck = {
      field: pdfText(field),
      signer: pdfText(/\/Name\s*(<[0-9A-Fa-f\s]*>|\((?:\\.|[^\\)])*\))/.exec(dict)?.[1]),
      organization: '',
      signedAt: signedAtRaw ? pdfDate(signedAtRaw) : null,
      certificateSerial: '',
      issuer: '',
      intact: false,
      trusted: false,
      wholeFile: c + d === pdf.length,
      timestamp: null,
    };
    try {
      const der = Buffer.from(text.slice(b + 1, c - 1), 'hex');
      const asn = asn1js.fromBER(new Uint8Array(der));
      if (asn.offset === -1) throw new Error('not BER');
      const info = new pkijs.ContentInfo({ schema: asn.result });
      const signedData = new pkijs.SignedData({ schema: info.content });
      // pkijs throws (a SignedDataVerifyError, still naming the certificate) when the digest differs.
      const result: pkijs.SignedDataVerifyResult = await signedData
        .verify({ signer: 0, data: new Uint8Array(signed).buffer, extendedMode: true })
        .catch((error: unknown) => {
          if (error instanceof pkijs.SignedDataVerifyError) return error;
          throw error;
        });
      const certificate = result.signerCertificate ?? null;
      if (certificate) {
        check.signer = commonNameOf(certificate) || check.signer;
        check.organization = nameValue(certificate, '2.5.4.10');
        check.certificateSerial = serialHex(certificate);
        check.issuer = nameValue(certificate, '2.5.4.3', 'issuer');
      }
      check.intact = result.signatureVerified === true;
      check.timestamp = await readTimestamp(signedData);
      if (check.intact && roots.length > 0) {
        try {
          const chained = await signedData.verify({
            signer: 0,
            data: new Uint8Array(signed).buffer,
            trustedCerts: roots,
            checkChain: true,
            extendedMode: true,
          });
          check.trusted = chained.signerCertificateVerified === true;
        } catch {
          check.trusted = false;
        }
      }
    } catch {
      // A digest that does not match throws in pkijs: not intact, whatever else it says.
      check.intact = false;
    }
    checks.push(check);
  }
  return checks;
}
