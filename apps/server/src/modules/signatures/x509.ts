import { createHash, randomBytes, webcrypto } from 'node:crypto';

type CryptoKey = webcrypto.CryptoKey;
type CryptoKeyPair = webcrypto.CryptoKeyPair;
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

/**
 * X.509 certificates for the platform's own CA and its signers, on pkijs over Node's WebCrypto.
 * Names are written as UTF8String so that 某省施工图审查中心 reads back as written in pdfsig,
 * Acrobat and openssl (node-forge's PrintableString/T61 handling is what breaks @signpdf/signer-p12).
 */

pkijs.setEngine('node', new pkijs.CryptoEngine({ name: 'node', crypto: webcrypto as never }));

export const RSA_SIGNING: webcrypto.RsaHashedKeyGenParams = {
  name: 'RSASSA-PKCS1-v1_5',
  modulusLength: 2048,
  publicExponent: new Uint8Array([1, 0, 1]),
  hash: 'SHA-256',
};

/** A distinguished name, most general first, as X.509 orders it. */
export interface DistinguishedName {
  country?: string;
  province?: string;
  locality?: string;
  organization?: string;
  unit?: string;
  commonName: string;
}

const NAME_OIDS: [keyof DistinguishedName, string][] = [
  ['country', '2.5.4.6'],
  ['province', '2.5.4.8'],
  ['locality', '2.5.4.7'],
  ['organization', '2.5.4.10'],
  ['unit', '2.5.4.11'],
  ['commonName', '2.5.4.3'],
];

function x509Name(name: DistinguishedName): pkijs.RelativeDistinguishedNames {
  const rdns: asn1js.Set[] = [];
  for (const [key, type] of NAME_OIDS) {
    const value = name[key];
    if (!value) continue;
    // countryName is PrintableString by definition (RFC 5280 §A.1); everything else UTF8String.
    const asn =
      key === 'country' ? new asn1js.PrintableString({ value }) : new asn1js.Utf8String({ value });
    rdns.push(new asn1js.Set({ value: [new pkijs.AttributeTypeAndValue({ type, value: asn }).toSchema()] }));
  }
  // One attribute per RDN, as every CA writes names: pkijs, building a name itself, would put them
  // all in one multi-valued RDN (C=CN+ST=…+CN=…), which NSS reads unreliably. Parsed from DER, it
  // keeps this encoding as it is.
  return pkijs.RelativeDistinguishedNames.fromBER(new asn1js.Sequence({ value: rdns }).toBER(false));
}

export function commonNameOf(certificate: pkijs.Certificate): string {
  const cn = certificate.subject.typesAndValues.find((t) => t.type === '2.5.4.3');
  return cn ? String(cn.value.valueBlock.value) : '';
}

export function serialHex(certificate: pkijs.Certificate): string {
  return Buffer.from(certificate.serialNumber.valueBlock.valueHexView).toString('hex');
}

export function parseCertificate(der: Uint8Array): pkijs.Certificate {
  return pkijs.Certificate.fromBER(der);
}

export function certificateDer(certificate: pkijs.Certificate): Uint8Array {
  return new Uint8Array(certificate.toSchema(true).toBER(false));
}

export async function generateSigningKeys(): Promise<CryptoKeyPair> {
  return (await webcrypto.subtle.generateKey(RSA_SIGNING, true, ['sign', 'verify']));
}

export async function exportPrivateKey(key: CryptoKey): Promise<Uint8Array> {
  return new Uint8Array(await webcrypto.subtle.exportKey('pkcs8', key));
}

export async function importPrivateKey(pkcs8: Uint8Array): Promise<CryptoKey> {
  return webcrypto.subtle.importKey('pkcs8', pkcs8, RSA_SIGNING, false, ['sign']);
}

function extension(extnID: string, critical: boolean, value: { toSchema(): asn1js.AsnType } | asn1js.AsnType) {
  const asn = 'toSchema' in value ? value.toSchema() : value;
  return new pkijs.Extension({ extnID, critical, extnValue: asn.toBER(false) });
}

/** The key identifier RFC 5280 §4.2.1.2 (1) describes: SHA-1 of the subjectPublicKey bits. */
function keyIdentifier(spki: pkijs.PublicKeyInfo): Uint8Array {
  return createHash('sha1').update(spki.subjectPublicKey.valueBlock.valueHexView).digest();
}

export interface IssueOptions {
  subject: DistinguishedName;
  publicKey: CryptoKey;
  /** Absent for the self-signed root. */
  issuer?: { certificate: pkijs.Certificate; privateKey: CryptoKey };
  /** The root signs itself with this key. */
  selfKey?: CryptoKey;
  notBefore: Date;
  years: number;
  ca: boolean;
  /**
   * What a certificate that is not a CA's is for: document signing unless given. A timestamp
   * authority's must say timeStamping alone, critical (RFC 3161 §2.3).
   */
  keyPurposes?: { oids: string[]; critical: boolean };
}

// emailProtection, and Microsoft's Document Signing that Acrobat accepts for signatures.
const DOCUMENT_SIGNING = { oids: ['1.3.6.1.5.5.7.3.4', '1.3.6.1.4.1.311.10.3.12'], critical: false };

/**
 * Issues a certificate: the root (self-signed, CA, keyCertSign) or a signer's (digitalSignature
 * and nonRepudiation, with the EKUs Acrobat and Windows look for on document signatures).
 */
export async function issueCertificate(options: IssueOptions): Promise<pkijs.Certificate> {
  const certificate = new pkijs.Certificate();
  certificate.version = 2;
  const serial = randomBytes(16);
  serial[0] = serial[0]! & 0x7f; // a positive INTEGER
  certificate.serialNumber = new asn1js.Integer({ valueHex: serial });
  const subject = x509Name(options.subject);
  certificate.subject = subject;
  certificate.issuer = options.issuer ? options.issuer.certificate.subject : subject;
  certificate.notBefore.value = options.notBefore;
  const notAfter = new Date(options.notBefore);
  notAfter.setUTCFullYear(notAfter.getUTCFullYear() + options.years);
  certificate.notAfter.value = notAfter;
  await certificate.subjectPublicKeyInfo.importKey(options.publicKey);

  const ownId = keyIdentifier(certificate.subjectPublicKeyInfo);
  const issuerId = options.issuer
    ? keyIdentifier(options.issuer.certificate.subjectPublicKeyInfo)
    : ownId;
  const extensions = [
    extension('2.5.29.19', true, new pkijs.BasicConstraints({ cA: options.ca })),
    extension('2.5.29.14', false, new asn1js.OctetString({ valueHex: ownId })),
    extension('2.5.29.35', false, new pkijs.AuthorityKeyIdentifier({ keyIdentifier: new asn1js.OctetString({ valueHex: issuerId }) })),
  ];
  // keyUsage bits, most significant first: digitalSignature(0) nonRepudiation(1) … keyCertSign(5) cRLSign(6).
  const usage = options.ca ? new Uint8Array([0x06]) : new Uint8Array([0xc0]);
  extensions.push(
    new pkijs.Extension({
      extnID: '2.5.29.15',
      critical: true,
      extnValue: new asn1js.BitString({ valueHex: usage, unusedBits: options.ca ? 1 : 6 }).toBER(false),
    }),
  );
  if (!options.ca) {
    const purposes = options.keyPurposes ?? DOCUMENT_SIGNING;
    extensions.push(extension('2.5.29.37', purposes.critical, new pkijs.ExtKeyUsage({ keyPurposes: purposes.oids })));
  }
  certificate.extensions = extensions;

  const signingKey = options.issuer?.privateKey ?? options.selfKey;
  if (!signingKey) throw new Error('issueCertificate: no key to sign with');
  await certificate.sign(signingKey, 'SHA-256');
  return certificate;
}
