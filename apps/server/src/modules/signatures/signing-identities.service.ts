import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { AppContext } from '../../lib/app-context.js';
import type { SigningProvider } from './signing-provider.js';
import { localKeyProvider } from './signing-provider.js';
import { timestampClient } from './timestamp-client.js';
import {
  findSigningIdentity,
  insertSigningIdentity,
  type SigningIdentityRow,
} from './signing-identities.repository.js';
import {
  certificateDer,
  exportPrivateKey,
  generateSigningKeys,
  importPrivateKey,
  issueCertificate,
  parseCertificate,
  serialHex,
  type DistinguishedName,
} from './x509.js';

/**
 * The platform's own CA (issue 21): a root created at first start, and from it an agency's seal
 * certificate and each signer's personal one, issued the first time they sign. Keys never leave
 * the server: they are stored encrypted and decrypted only to compute one signature.
 */

const ROOT_KEY = 'ROOT';

/**
 * Certificates start an hour before they are issued, as CAs commonly backdate: a reader whose
 * clock is a little behind, or one that checks at a rounded time, must not find a signature made
 * in the certificate's first second "not yet valid" (NSS via pdfsig did, for same-second ones).
 */
const backdated = (now: Date) => new Date(now.getTime() - 3600_000);
const ROOT_YEARS = 20;
const SIGNER_YEARS = 3;

/** Whose key signs: the agency's seal, or a person signing for an organisation. */
export type SignerRef =
  | { kind: 'AGENCY'; orgId: string; orgName: string }
  | { kind: 'PERSON'; orgId: string; orgName: string; accountId: string; name: string };

const ownerKeyOf = (signer: SignerRef) =>
  signer.kind === 'AGENCY' ? `AGENCY:${signer.orgId}` : `PERSON:${signer.orgId}:${signer.accountId}`;

/** The key that encrypts signing keys: derived from the deployment's secret, never stored. */
function wrappingKey(ctx: AppContext): Buffer {
  return Buffer.from(hkdfSync('sha256', ctx.secrets.authKey, 'drp', 'signing keys v1', 32));
}

function seal(ctx: AppContext, ownerKey: string, pkcs8: Uint8Array): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', wrappingKey(ctx), iv);
  // Bound to its owner: a key copied into another row does not decrypt.
  cipher.setAAD(Buffer.from(ownerKey));
  const body = Buffer.concat([cipher.update(pkcs8), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

function unseal(ctx: AppContext, row: SigningIdentityRow): Uint8Array {
  const raw = Buffer.from(row.privateKey, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', wrappingKey(ctx), raw.subarray(0, 12));
  decipher.setAAD(Buffer.from(row.ownerKey));
  decipher.setAuthTag(raw.subarray(12, 28));
  return new Uint8Array(Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]));
}

function provinceName(ctx: AppContext): Pick<DistinguishedName, 'country' | 'province'> {
  return { country: 'CN', province: ctx.config.province };
}

/** The platform root, created on first use (at start-up) and the same on every instance. */
export async function platformRoot(ctx: AppContext): Promise<SigningIdentityRow> {
  const found = await findSigningIdentity(ctx.db, ROOT_KEY);
  if (found) return found;
  const keys = await generateSigningKeys();
  const name = ctx.config.platformTitle;
  const certificate = await issueCertificate({
    subject: { ...provinceName(ctx), organization: name, commonName: `${name}根证书` },
    publicKey: keys.publicKey,
    selfKey: keys.privateKey,
    notBefore: backdated(ctx.clock()),
    years: ROOT_YEARS,
    ca: true,
  });
  return insertSigningIdentity(ctx.db, {
    ownerKey: ROOT_KEY,
    kind: 'ROOT',
    commonName: `${name}根证书`,
    serial: serialHex(certificate),
    certificate: Buffer.from(certificateDer(certificate)).toString('base64'),
    privateKey: seal(ctx, ROOT_KEY, await exportPrivateKey(keys.privateKey)),
    notBefore: certificate.notBefore.value,
    notAfter: certificate.notAfter.value,
  });
}

/** The root certificate (DER) readers must trust: what the verify page offers for download. */
export async function platformRootDer(ctx: AppContext): Promise<Uint8Array> {
  return new Uint8Array(Buffer.from((await platformRoot(ctx)).certificate, 'base64'));
}

/** The signer's identity, issued by the platform root the first time they sign. */
export async function signingIdentity(ctx: AppContext, signer: SignerRef): Promise<SigningIdentityRow> {
  const ownerKey = ownerKeyOf(signer);
  const found = await findSigningIdentity(ctx.db, ownerKey);
  if (found && found.notAfter > ctx.clock()) return found;
  const root = await platformRoot(ctx);
  const rootCertificate = parseCertificate(Buffer.from(root.certificate, 'base64'));
  const rootKey = await importPrivateKey(unseal(ctx, root));
  const keys = await generateSigningKeys();
  const commonName = signer.kind === 'AGENCY' ? `${signer.orgName}电子印章` : signer.name;
  const certificate = await issueCertificate({
    subject: { ...provinceName(ctx), organization: signer.orgName, commonName },
    publicKey: keys.publicKey,
    issuer: { certificate: rootCertificate, privateKey: rootKey },
    notBefore: backdated(ctx.clock()),
    years: SIGNER_YEARS,
    ca: false,
  });
  return insertSigningIdentity(ctx.db, {
    ownerKey,
    kind: signer.kind,
    orgId: signer.orgId,
    accountId: signer.kind === 'PERSON' ? signer.accountId : null,
    commonName,
    serial: serialHex(certificate),
    certificate: Buffer.from(certificateDer(certificate)).toString('base64'),
    privateKey: seal(ctx, ownerKey, await exportPrivateKey(keys.privateKey)),
    notBefore: certificate.notBefore.value,
    notAfter: certificate.notAfter.value,
  });
}

/**
 * Where signature values come from. The platform's own CA by default; a province's CA or e-seal
 * vendor is another implementation of this one function, chosen in app.ts. With TSA_URL set, each
 * signature is also stamped by that timestamp authority (B-T).
 */
export async function platformSigningProvider(ctx: AppContext, signer: SignerRef): Promise<SigningProvider> {
  const identity = await signingIdentity(ctx, signer);
  const root = await platformRoot(ctx);
  const chain = [identity.certificate, root.certificate].map((b64) => new Uint8Array(Buffer.from(b64, 'base64')));
  const tsa = ctx.config.timestampAuthority;
  return localKeyProvider(chain, unseal(ctx, identity), tsa ? timestampClient(tsa) : undefined);
}
