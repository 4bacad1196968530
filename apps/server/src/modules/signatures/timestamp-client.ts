import { createHash, randomBytes } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import type { TimestampAuthorityConfig } from '../../config/config.js';
import { AppError } from '../../lib/app-error.js';

/**
 * An RFC 3161 timestamp authority's client: what turns a PAdES B-B signature into B-T. The token
 * vouches that the signature value existed at the TSA's time, so a signature stays datable after
 * the signer's certificate expires or is revoked, whatever the platform's own clock said.
 */

const SHA256 = '2.16.840.1.101.3.4.2.1';
const ID_SIGNED_DATA = '1.2.840.113549.1.7.2';
/** id-ct-TSTInfo: the content of a timestamp token. */
export const ID_CT_TST_INFO = '1.2.840.113549.1.9.16.1.4';
const EXTENDED_KEY_USAGE = '2.5.29.37';
const ID_KP_TIME_STAMPING = '1.3.6.1.5.5.7.3.8';

/** Long enough for a TSA across the province's network, short enough that a signer is not left waiting. */
export const TIMESTAMP_TIMEOUT_MS = 10_000;
/** A token with a long chain is a few kB; more is not a TSA's answer and must not be read into memory. */
const RESPONSE_BYTES_MAX = 64 * 1024;

export interface TimestampClient {
  /** The DER TimeStampToken (a ContentInfo) over SHA-256 of `data`, checked against the request. */
  stamp(data: Uint8Array): Promise<Uint8Array>;
}

/**
 * The error a signer sees for any failure of the TSA (down, slow, refusing, answering nonsense);
 * the reason goes to the log as its cause, not to the signer, who can only try again later.
 */
export function timestampFailed(reason: string, cause?: unknown): AppError {
  const error = new AppError('SIGNATURE_TIMESTAMP_FAILED');
  error.cause = new Error(`timestamp authority: ${reason}`, { cause });
  return error;
}

class TimestampRefused extends Error {}

const sha256 = (data: Uint8Array) => new Uint8Array(createHash('sha256').update(data).digest());
const sameBytes = (a: Uint8Array, b: Uint8Array) => Buffer.from(a).equals(Buffer.from(b));

async function readCapped(response: Response): Promise<Uint8Array> {
  if (Number(response.headers.get('content-length') ?? 0) > RESPONSE_BYTES_MAX)
    throw new TimestampRefused(`an answer of ${response.headers.get('content-length')} bytes`);
  const parts: Uint8Array[] = [];
  let size = 0;
  if (!response.body) return new Uint8Array();
  for await (const part of response.body as AsyncIterable<Uint8Array>) {
    size += part.length;
    if (size > RESPONSE_BYTES_MAX) throw new TimestampRefused(`an answer over ${RESPONSE_BYTES_MAX} bytes`);
    parts.push(part);
  }
  return new Uint8Array(Buffer.concat(parts));
}

/** Checks a TimeStampResp against its request and returns the token's DER, exactly as the TSA signed it. */
async function checkedToken(
  body: Uint8Array,
  expected: { data: Uint8Array; digest: Uint8Array; nonce: asn1js.Integer; policy: string | undefined },
): Promise<Uint8Array> {
  const asn = asn1js.fromBER(body);
  if (asn.offset === -1 || !(asn.result instanceof asn1js.Sequence))
    throw new TimestampRefused('an answer that is not a TimeStampResp');
  let response: pkijs.TimeStampResp;
  try {
    response = new pkijs.TimeStampResp({ schema: asn.result });
  } catch (error) {
    throw new TimestampRefused(`an answer that is not a TimeStampResp (${(error as Error).message})`);
  }
  const { status } = response.status;
  if (status !== pkijs.PKIStatus.granted && status !== pkijs.PKIStatus.grantedWithMods) {
    const text = (response.status.statusStrings ?? []).map((s) => s.valueBlock.value).join('; ');
    throw new TimestampRefused(`status ${status}${text ? ` (${text})` : ''}`);
  }
  const token = response.timeStampToken;
  if (!token || token.contentType !== ID_SIGNED_DATA)
    throw new TimestampRefused('a granted answer without a token');
  const tokenAsn = asn.result.valueBlock.value[1]!;
  const tokenDer = new Uint8Array(tokenAsn.valueBeforeDecodeView);
  // The token goes into our CMS through asn1js again: it must come out byte for byte as signed.
  if (!sameBytes(new Uint8Array(tokenAsn.toBER(false)), tokenDer))
    throw new TimestampRefused('a token that does not encode back as received');

  const signedData = new pkijs.SignedData({ schema: token.content });
  const eContent = signedData.encapContentInfo.eContent;
  if (signedData.encapContentInfo.eContentType !== ID_CT_TST_INFO || !eContent)
    throw new TimestampRefused('a token whose content is not a TSTInfo');
  const info = pkijs.TSTInfo.fromBER(eContent.getValue());
  if (
    info.messageImprint.hashAlgorithm.algorithmId !== SHA256 ||
    !sameBytes(info.messageImprint.hashedMessage.valueBlock.valueHexView, expected.digest)
  )
    throw new TimestampRefused('a token over another message imprint');
  if (!info.nonce?.isEqual(expected.nonce)) throw new TimestampRefused('a token with another nonce');
  if (expected.policy && info.policy !== expected.policy)
    throw new TimestampRefused(`a token under policy ${info.policy}, not ${expected.policy}`);

  // pkijs checks the imprint against `data` again, the message digest and the TSA's signature.
  const verified = await signedData
    .verify({ signer: 0, data: new Uint8Array(expected.data).buffer, extendedMode: true })
    .catch((error: unknown) => {
      if (error instanceof pkijs.SignedDataVerifyError) return error;
      throw error;
    });
  if (verified.signatureVerified !== true)
    throw new TimestampRefused(`a token whose signature does not verify (${verified.message})`);
  // certReq was true, so the TSA's certificate is in the token; it must be one for time-stamping.
  const purposes = verified.signerCertificate?.extensions?.find((e) => e.extnID === EXTENDED_KEY_USAGE)
    ?.parsedValue as pkijs.ExtKeyUsage | undefined;
  if (!purposes?.keyPurposes.includes(ID_KP_TIME_STAMPING))
    throw new TimestampRefused('a token signed by a certificate not for time-stamping');
  return tokenDer;
}

export function timestampClient(
  config: TimestampAuthorityConfig,
  options: { timeoutMs?: number } = {},
): TimestampClient {
  const timeoutMs = options.timeoutMs ?? TIMESTAMP_TIMEOUT_MS;
  // fetch refuses a URL with credentials in it; a TSA that wants them gets Basic authentication.
  const target = new URL(config.url);
  const headers: Record<string, string> = {
    'content-type': 'application/timestamp-query',
    accept: 'application/timestamp-reply',
  };
  if (target.username || target.password) {
    const pair = `${decodeURIComponent(target.username)}:${decodeURIComponent(target.password)}`;
    headers.authorization = `Basic ${Buffer.from(pair).toString('base64')}`;
    target.username = '';
    target.password = '';
  }
  const url = target.toString();

  return {
    async stamp(data) {
      const digest = sha256(data);
      const nonceBytes = randomBytes(8);
      // Positive and minimally encoded: the high bit clear, the first byte never zero.
      nonceBytes[0] = (nonceBytes[0]! & 0x7f) | 0x40;
      const nonce = new asn1js.Integer({ valueHex: nonceBytes });
      const request = new pkijs.TimeStampReq({
        version: 1,
        messageImprint: new pkijs.MessageImprint({
          hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: SHA256 }),
          hashedMessage: new asn1js.OctetString({ valueHex: digest }),
        }),
        ...(config.policy ? { reqPolicy: config.policy } : {}),
        nonce,
        certReq: true,
      });
      let body: Uint8Array;
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers,
          body: new Uint8Array(request.toSchema().toBER(false)),
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (!response.ok) {
          await response.body?.cancel();
          throw new TimestampRefused(`HTTP ${response.status}`);
        }
        body = await readCapped(response);
      } catch (error) {
        if (error instanceof TimestampRefused) throw timestampFailed(`${url} answered ${error.message}`);
        if (error instanceof Error && error.name === 'TimeoutError')
          throw timestampFailed(`${url} did not answer within ${timeoutMs} ms`, error);
        throw timestampFailed(`${url} could not be asked`, error);
      }
      try {
        return await checkedToken(body, { data, digest, nonce, policy: config.policy });
      } catch (error) {
        const what = error instanceof TimestampRefused ? error.message : 'an answer that could not be read';
        throw timestampFailed(`${url} answered ${what}`, error);
      }
    },
  };
}
