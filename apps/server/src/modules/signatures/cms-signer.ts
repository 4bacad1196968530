import { createHash } from 'node:crypto';
import { Signer } from '@signpdf/utils';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { SIGNATURE_BYTES } from './signature-field.js';
import type { SigningProvider } from './signing-provider.js';
import { timestampFailed } from './timestamp-client.js';
import { parseCertificate } from './x509.js';

const ID_DATA = '1.2.840.113549.1.7.1';
const ID_SIGNED_DATA = '1.2.840.113549.1.7.2';
const SHA256 = '2.16.840.1.101.3.4.2.1';
const CONTENT_TYPE = '1.2.840.113549.1.9.3';
const MESSAGE_DIGEST = '1.2.840.113549.1.9.4';
const SIGNING_CERTIFICATE_V2 = '1.2.840.113549.1.9.16.2.47';
export const SIGNATURE_TIME_STAMP_TOKEN = '1.2.840.113549.1.9.16.2.14';

const sha256 = (data: Uint8Array) => new Uint8Array(createHash('sha256').update(data).digest());

/**
 * ESS signing-certificate-v2 (RFC 5035): binds the signature to the signer's certificate, which
 * PAdES B-B requires. The hash algorithm is SHA-256, the default, so it is left out.
 */
export function signingCertificateV2(certificate: pkijs.Certificate, der: Uint8Array): asn1js.Sequence {
  const issuerSerial = new asn1js.Sequence({
    value: [
      new pkijs.GeneralNames({ names: [new pkijs.GeneralName({ type: 4, value: certificate.issuer })] }).toSchema(),
      certificate.serialNumber,
    ],
  });
  const essCertIdV2 = new asn1js.Sequence({
    value: [new asn1js.OctetString({ valueHex: sha256(der) }), issuerSerial],
  });
  return new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [essCertIdV2] })] });
}

/**
 * Builds the detached CMS (ETSI.CAdES.detached) over the bytes @signpdf/signpdf hands it: SignedData
 * with content-type, message-digest and signing-certificate-v2 as signed attributes and no
 * signing-time (PAdES takes the time from the signature dictionary's /M). The signature value
 * itself comes from the provider, so a remote CA or seal service can compute it. When the provider
 * has a timestamp authority, its token over the signature value is added as the unsigned attribute
 * signature-time-stamp (PAdES B-T); it is asked for before anything is written, so a TSA that fails
 * fails the signing.
 */
export class CmsSigner extends Signer {
  constructor(private readonly provider: SigningProvider) {
    super();
  }

  override async sign(pdfBuffer: Buffer): Promise<Buffer> {
    const [signerDer, ...issuers] = this.provider.chain;
    if (!signerDer) throw new Error('CmsSigner: the provider has no certificate');
    const certificate = parseCertificate(signerDer);
    const signedAttrs = new pkijs.SignedAndUnsignedAttributes({
      type: 0,
      attributes: [
        new pkijs.Attribute({ type: CONTENT_TYPE, values: [new asn1js.ObjectIdentifier({ value: ID_DATA })] }),
        new pkijs.Attribute({ type: MESSAGE_DIGEST, values: [new asn1js.OctetString({ valueHex: sha256(pdfBuffer) })] }),
        new pkijs.Attribute({ type: SIGNING_CERTIFICATE_V2, values: [signingCertificateV2(certificate, signerDer)] }),
      ],
    });
    // The signature covers the attributes DER-encoded as a SET OF (RFC 5652 §5.4), not as the [0] they
    // are stored under.
    const toSign = new Uint8Array(signedAttrs.toSchema().toBER(false));
    toSign[0] = 0x31;
    const signature = await this.provider.sign(toSign);
    const token = this.provider.timestamps ? await this.provider.timestamps.stamp(signature) : null;

    const signerInfo = new pkijs.SignerInfo({
      version: 1,
      sid: new pkijs.IssuerAndSerialNumber({ issuer: certificate.issuer, serialNumber: certificate.serialNumber }),
      digestAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: SHA256 }),
      signedAttrs,
      signatureAlgorithm: new pkijs.AlgorithmIdentifier({
        algorithmId: this.provider.signatureAlgorithm,
        algorithmParams: new asn1js.Null(),
      }),
      signature: new asn1js.OctetString({ valueHex: signature }),
      ...(token
        ? {
            unsignedAttrs: new pkijs.SignedAndUnsignedAttributes({
              type: 1,
              attributes: [new pkijs.Attribute({ type: SIGNATURE_TIME_STAMP_TOKEN, values: [asn1js.fromBER(token).result] })],
            }),
          }
        : {}),
    });
    const signedData = new pkijs.SignedData({
      version: 1,
      digestAlgorithms: [new pkijs.AlgorithmIdentifier({ algorithmId: SHA256 })],
      encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: ID_DATA }),
      signerInfos: [signerInfo],
      certificates: [certificate, ...issuers.map((der) => parseCertificate(der))],
    });
    const contentInfo = new pkijs.ContentInfo({ contentType: ID_SIGNED_DATA, content: signedData.toSchema(true) });
    const der = Buffer.from(contentInfo.toSchema().toBER(false));
    // @signpdf would say only that the placeholder is too short; with a token, it is the TSA's answer.
    if (der.length > SIGNATURE_BYTES && token)
      throw timestampFailed(`a token of ${token.length} bytes leaves the signature at ${der.length}, over the ${SIGNATURE_BYTES} reserved`);
    return der;
  }
}
