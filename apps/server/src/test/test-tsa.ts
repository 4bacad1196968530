import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { signingCertificateV2 } from '../modules/signatures/cms-signer.js';
import { certificateDer, generateSigningKeys, issueCertificate } from '../modules/signatures/x509.js';

/**
 * A timestamp authority in the test process: RFC 3161 over HTTP, its token signed by a TSA
 * certificate of a root of its own, as a real one answers; or, when told, the ways one fails.
 */

export const TEST_TSA_POLICY = '1.2.3.4.1';
const ID_CT_TST_INFO = '1.2.840.113549.1.9.16.1.4';
const ID_SIGNED_DATA = '1.2.840.113549.1.7.2';
const CONTENT_TYPE = '1.2.840.113549.1.9.3';
const MESSAGE_DIGEST = '1.2.840.113549.1.9.4';
const ID_KP_TIME_STAMPING = '1.3.6.1.5.5.7.3.8';

export type TsaBehaviour =
  | 'grant'
  /** HTTP 500, as a TSA behind a failing proxy. */
  | 'http-500'
  /** 200 with bytes that are no DER at all. */
  | 'garbage'
  /** A well-formed token for another request (a replay, or a confused TSA). */
  | 'wrong-nonce'
  | 'wrong-imprint'
  /** status rejection with failInfo badAlg, as a TSA refusing the request. */
  | 'rejection'
  /** A token whose signature value was changed on the way. */
  | 'bad-signature'
  /** Signed by a certificate for document signing, not for time-stamping. */
  | 'not-for-timestamping'
  /** Reads the request and never answers. */
  | 'silent';

export interface TestTsa {
  url: string;
  /** The root that issued the TSA's certificate. */
  rootDer: Uint8Array;
  behaviour: TsaBehaviour;
  /** Every request received, parsed, with its Content-Type. */
  requests: { contentType: string | undefined; request: pkijs.TimeStampReq }[];
  close(): Promise<void>;
}

const sha256 = (data: Uint8Array) => new Uint8Array(createHash('sha256').update(data).digest());

export async function startTestTsa(): Promise<TestTsa> {
  const now = new Date(Date.now() - 3600_000);
  const rootKeys = await generateSigningKeys();
  const root = await issueCertificate({
    subject: { country: 'CN', organization: '某省时间戳服务中心', commonName: '某省时间戳测试根CA' },
    publicKey: rootKeys.publicKey,
    selfKey: rootKeys.privateKey,
    notBefore: now,
    years: 20,
    ca: true,
  });
  const signers = await Promise.all(
    [
      { commonName: '某省可信时间戳服务', keyPurposes: { oids: [ID_KP_TIME_STAMPING], critical: true } },
      { commonName: '不是时间戳服务', keyPurposes: undefined },
    ].map(async ({ commonName, keyPurposes }) => {
      const keys = await generateSigningKeys();
      const certificate = await issueCertificate({
        subject: { country: 'CN', organization: '某省时间戳服务中心', commonName },
        publicKey: keys.publicKey,
        issuer: { certificate: root, privateKey: rootKeys.privateKey },
        notBefore: now,
        years: 5,
        ca: false,
        ...(keyPurposes ? { keyPurposes } : {}),
      });
      return { certificate, der: certificateDer(certificate), key: keys.privateKey };
    }),
  );
  let serial = 1;

  async function answer(request: pkijs.TimeStampReq, behaviour: TsaBehaviour): Promise<Uint8Array> {
    if (behaviour === 'rejection')
      return new Uint8Array(
        new pkijs.TimeStampResp({
          status: new pkijs.PKIStatusInfo({
            status: pkijs.PKIStatus.rejection,
            statusStrings: [new asn1js.Utf8String({ value: 'unsupported algorithm' })],
            failInfo: new asn1js.BitString({ valueHex: new Uint8Array([0x80]), unusedBits: 7 }),
          }),
        })
          .toSchema()
          .toBER(false),
      );
    const signer = behaviour === 'not-for-timestamping' ? signers[1]! : signers[0]!;
    const genTime = new Date();
    genTime.setUTCMilliseconds(0);
    const imprint =
      behaviour === 'wrong-imprint'
        ? new pkijs.MessageImprint({
            hashAlgorithm: request.messageImprint.hashAlgorithm,
            hashedMessage: new asn1js.OctetString({ valueHex: sha256(new Uint8Array([1, 2, 3])) }),
          })
        : request.messageImprint;
    const info = new pkijs.TSTInfo({
      version: 1,
      policy: request.reqPolicy ?? TEST_TSA_POLICY,
      messageImprint: imprint,
      serialNumber: new asn1js.Integer({ value: serial++ }),
      genTime,
      accuracy: new pkijs.Accuracy({ seconds: 1 }),
      ...(request.nonce
        ? { nonce: behaviour === 'wrong-nonce' ? new asn1js.Integer({ value: 4242 }) : request.nonce }
        : {}),
    });
    const infoDer = new Uint8Array(info.toSchema().toBER(false));
    const signedData = new pkijs.SignedData({
      version: 3,
      encapContentInfo: new pkijs.EncapsulatedContentInfo({
        eContentType: ID_CT_TST_INFO,
        eContent: new asn1js.OctetString({ valueHex: infoDer }),
      }),
      signerInfos: [
        new pkijs.SignerInfo({
          version: 1,
          sid: new pkijs.IssuerAndSerialNumber({
            issuer: signer.certificate.issuer,
            serialNumber: signer.certificate.serialNumber,
          }),
          // RFC 3161 §2.4.2: the TSA's certificate is bound by ESS signing-certificate(-v2).
          signedAttrs: new pkijs.SignedAndUnsignedAttributes({
            type: 0,
            attributes: [
              new pkijs.Attribute({
                type: CONTENT_TYPE,
                values: [new asn1js.ObjectIdentifier({ value: ID_CT_TST_INFO })],
              }),
              new pkijs.Attribute({
                type: MESSAGE_DIGEST,
                values: [new asn1js.OctetString({ valueHex: sha256(infoDer) })],
              }),
              new pkijs.Attribute({
                type: '1.2.840.113549.1.9.16.2.47',
                values: [signingCertificateV2(signer.certificate, signer.der)],
              }),
            ],
          }),
        }),
      ],
      // Its chain up to the root, as most TSAs send it.
      ...(request.certReq ? { certificates: [signer.certificate, root] } : {}),
    });
    await signedData.sign(signer.key, 0, 'SHA-256');
    if (behaviour === 'bad-signature') {
      const value = new Uint8Array(signedData.signerInfos[0]!.signature.valueBlock.valueHexView);
      value[10] = value[10]! ^ 0xff;
      signedData.signerInfos[0]!.signature = new asn1js.OctetString({ valueHex: value });
    }
    return new Uint8Array(
      new pkijs.TimeStampResp({
        status: new pkijs.PKIStatusInfo({ status: pkijs.PKIStatus.granted }),
        timeStampToken: new pkijs.ContentInfo({
          contentType: ID_SIGNED_DATA,
          content: signedData.toSchema(true),
        }),
      })
        .toSchema()
        .toBER(false),
    );
  }

  const tsa: TestTsa = {
    url: '',
    rootDer: certificateDer(root),
    behaviour: 'grant',
    requests: [],
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (part: Buffer) => parts.push(part));
    req.on('end', () => {
      const behaviour = tsa.behaviour;
      void (async () => {
        const request = pkijs.TimeStampReq.fromBER(Buffer.concat(parts));
        tsa.requests.push({ contentType: req.headers['content-type'], request });
        if (behaviour === 'silent') return;
        if (behaviour === 'http-500') {
          res.writeHead(500, { 'content-type': 'text/plain' }).end('internal error');
          return;
        }
        const body =
          behaviour === 'garbage'
            ? new Uint8Array(Buffer.from('<html>gateway says hello</html>'))
            : await answer(request, behaviour);
        res.writeHead(200, { 'content-type': 'application/timestamp-reply' }).end(body);
      })().catch((error: unknown) => {
        res.writeHead(400, { 'content-type': 'text/plain' }).end(String(error));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  tsa.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/tsa`;
  return tsa;
}
