import * as asn1js from 'asn1js';
import PDFKit from 'pdfkit';
import { beforeAll, describe, expect, it } from 'vitest';
import { pdfTimestamps } from '../../test/pdf-timestamps.js';
import { pdfsig } from '../../test/pdfsig.js';
import { renderPdfPages } from '../../test/render-pdf.js';
import { drawingSet } from '../../test/sheet-pdfs.js';
import { TEST_TSA_POLICY, startTestTsa } from '../../test/test-tsa.js';
import { SIGNATURES_CHECKED_MAX, checkPdfSignatures } from './check-pdf-signatures.js';
import { signPdf } from './sign-pdf.js';
import { SIGNATURE_BYTES } from './signature-field.js';
import { localKeyProvider, type SigningProvider } from './signing-provider.js';
import { timestampClient } from './timestamp-client.js';
import {
  certificateDer,
  exportPrivateKey,
  generateSigningKeys,
  issueCertificate,
  type DistinguishedName,
} from './x509.js';

/** A classic-xref PDF as pdfkit (and so pdfmake, the reports' generator) writes it. */
function classicPdf(): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFKit({ size: 'A4' });
    const parts: Buffer[] = [];
    doc.on('data', (b: Buffer) => parts.push(b));
    doc.on('end', () => resolve(Buffer.concat(parts)));
    doc.text('Opinion report, round 1');
    doc.addPage().text('Signatures');
    doc.end();
  });
}

const AGENCY: Omit<DistinguishedName, 'commonName'> = {
  country: 'CN',
  province: '某省',
  locality: '某市',
  organization: '某省施工图审查中心有限公司',
  unit: '审查一部',
};

describe('PAdES signatures that any reader verifies', () => {
  let rootDer: Uint8Array;
  let otherRootDer: Uint8Array;
  const signers: Record<'reviewer' | 'director' | 'agency', SigningProvider> = {} as never;

  beforeAll(async () => {
    const now = new Date('2026-11-01T00:00:00Z');
    const rootKeys = await generateSigningKeys();
    const root = await issueCertificate({
      subject: { country: 'CN', organization: '某省施工图审查平台', commonName: '某省施工图审查平台根CA' },
      publicKey: rootKeys.publicKey,
      selfKey: rootKeys.privateKey,
      notBefore: now,
      years: 20,
      ca: true,
    });
    rootDer = certificateDer(root);
    const otherKeys = await generateSigningKeys();
    otherRootDer = certificateDer(
      await issueCertificate({
        subject: { commonName: '另一个根CA' },
        publicKey: otherKeys.publicKey,
        selfKey: otherKeys.privateKey,
        notBefore: now,
        years: 20,
        ca: true,
      }),
    );
    for (const [who, cn] of [
      ['reviewer', '张三'],
      ['director', '赵六'],
      ['agency', '某省施工图审查中心有限公司电子印章'],
    ] as const) {
      const keys = await generateSigningKeys();
      const cert = await issueCertificate({
        subject: { ...AGENCY, commonName: cn },
        publicKey: keys.publicKey,
        issuer: { certificate: root, privateKey: rootKeys.privateKey },
        notBefore: now,
        years: 3,
        ca: false,
      });
      signers[who] = await localKeyProvider([certificateDer(cert), rootDer], await exportPrivateKey(keys.privateKey));
    }
  });

  /** Who signs, in order, and where: the fields, boxes and seals of the three signatures. */
  const SIGNINGS = [
    ['reviewer', '审查人员签名（建筑）', [60, 80, 70, 84], 'PERSON', '张三', '张三 2026-11-29'],
    ['director', '审核人签名', [160, 80, 70, 84], 'PERSON', '赵六', '赵六 2026-11-29'],
    ['agency', '审查机构电子印章', [380, 60, 130, 146], 'AGENCY', '某省施工图审查中心有限公司', '2026年11月29日'],
  ] as const;

  async function signThreeTimes(pdf: Uint8Array, lastPage: number, by: typeof signers = signers) {
    let signed: Uint8Array = pdf;
    for (const [who, fieldName, [x, y, width, height], kind, name, caption] of SIGNINGS)
      signed = await signPdf(signed, by[who], {
        fieldName,
        page: lastPage,
        rect: { x, y, width, height },
        seal: { kind, name, caption },
        reason: fieldName,
        location: '某市',
        signerName: name,
        signingTime: new Date('2026-11-29T02:00:00Z'),
      });
    return signed;
  }

  it.each([
    ['a classic-xref report', classicPdf, 1],
    ['a sheet written with object streams', drawingSet, 2],
  ])('signs %s three times, each signature valid and trusted, the last covering the whole file', async (_, make, lastPage) => {
    const original = await make();
    const signed = await signThreeTimes(original, lastPage);
    // Incremental: the original bytes are untouched at the start of the signed file.
    expect(Buffer.from(signed.subarray(0, original.length)).equals(original)).toBe(true);

    const checks = await pdfsig(signed, [rootDer]);
    expect(checks.map((c) => [c.field, c.commonName, c.validation, c.certificate])).toEqual([
      ['审查人员签名（建筑）', '张三', 'Signature is Valid.', 'Certificate is Trusted.'],
      ['审核人签名', '赵六', 'Signature is Valid.', 'Certificate is Trusted.'],
      ['审查机构电子印章', '某省施工图审查中心有限公司电子印章', 'Signature is Valid.', 'Certificate is Trusted.'],
    ]);
    expect(checks.map((c) => c.wholeDocument)).toEqual([false, false, true]);

    // The platform's own check (the verify screens, the public check) says the same.
    const own = await checkPdfSignatures(signed, [rootDer]);
    expect(own.map((c) => [c.field, c.signer, c.organization, c.intact, c.trusted, c.wholeFile])).toEqual([
      ['审查人员签名（建筑）', '张三', '某省施工图审查中心有限公司', true, true, false],
      ['审核人签名', '赵六', '某省施工图审查中心有限公司', true, true, false],
      ['审查机构电子印章', '某省施工图审查中心有限公司电子印章', '某省施工图审查中心有限公司', true, true, true],
    ]);
    expect(own[0]!.signedAt).toBe('2026-11-29T02:00:00.000Z');
    expect((await checkPdfSignatures(signed, [otherRootDer])).map((c) => [c.intact, c.trusted])).toEqual(
      Array(3).fill([true, false]),
    );

    // Trust comes from the platform's root, not from the signature itself.
    const elsewhere = await pdfsig(signed, [otherRootDer]);
    expect(elsewhere.map((c) => c.validation)).toEqual(Array(3).fill('Signature is Valid.'));
    expect(elsewhere.every((c) => c.certificate !== 'Certificate is Trusted.')).toBe(true);

    // One changed byte in the original content breaks every signature.
    const tampered = Buffer.from(signed);
    // Byte 200 lies in the first page's objects, long before any signature.
    tampered[200] = tampered[200]! ^ 0x01;
    const broken = await pdfsig(tampered, [rootDer]);
    expect(broken.map((c) => c.validation)).toEqual(Array(3).fill('Digest Mismatch.'));
    expect((await checkPdfSignatures(tampered, [rootDer])).map((c) => [c.signer, c.intact])).toEqual([
      ['张三', false],
      ['赵六', false],
      ['某省施工图审查中心有限公司电子印章', false],
    ]);
  });

  it('without a timestamp authority, signs B-B: no signature carries a timestamp', async () => {
    const signed = await signThreeTimes(await classicPdf(), 1);
    expect(await pdfTimestamps(signed, [])).toEqual([null, null, null]);
  });

  it('with a timestamp authority, stamps each signature (B-T): valid and trusted as before, each token over its own signature value', async () => {
    const tsa = await startTestTsa();
    try {
      const stamping = (policy: string | undefined) => {
        const timestamps = timestampClient({ url: tsa.url, policy });
        return {
          reviewer: { ...signers.reviewer, timestamps },
          director: { ...signers.director, timestamps },
          agency: { ...signers.agency, timestamps },
        };
      };
      const original = await drawingSet();
      const signed = await signThreeTimes(original, 2, stamping(undefined));

      const checks = await pdfsig(signed, [rootDer]);
      expect(checks.map((c) => [c.field, c.validation, c.certificate])).toEqual([
        ['审查人员签名（建筑）', 'Signature is Valid.', 'Certificate is Trusted.'],
        ['审核人签名', 'Signature is Valid.', 'Certificate is Trusted.'],
        ['审查机构电子印章', 'Signature is Valid.', 'Certificate is Trusted.'],
      ]);
      expect(checks.map((c) => c.wholeDocument)).toEqual([false, false, true]);
      const own = await checkPdfSignatures(signed, [rootDer]);
      expect(own.map((c) => [c.intact, c.trusted])).toEqual(Array(3).fill([true, true]));

      // One request per signature, as RFC 3161 asks over HTTP: SHA-256, a nonce, the TSA's certificate.
      expect(tsa.requests).toHaveLength(3);
      for (const { contentType, request } of tsa.requests) {
        expect(contentType).toBe('application/timestamp-query');
        expect(request.certReq).toBe(true);
        expect(request.messageImprint.hashAlgorithm.algorithmId).toBe('2.16.840.1.101.3.4.2.1');
        expect(request.nonce?.valueBlock.valueHexView.length).toBe(8);
        expect(request.reqPolicy).toBeUndefined();
      }
      expect(new Set(tsa.requests.map((r) => Buffer.from(r.request.nonce!.valueBlock.valueHexView).toString('hex'))).size).toBe(3);

      const stamps = await pdfTimestamps(signed, [tsa.rootDer]);
      expect(stamps).toHaveLength(3);
      for (const stamp of stamps) {
        expect(stamp).toMatchObject({ coversSignature: true, tsa: '某省可信时间戳服务', trusted: true });
        // OpenSSL checks what pkijs does and more: the ESS certificate binding, the critical EKU.
        expect(stamp!.openssl).toBe('Verification: OK');
        expect(Math.abs(stamp!.genTime.getTime() - Date.now())).toBeLessThan(60_000);
      }
      // Trust in a token is the TSA's root's, not the platform's.
      expect((await pdfTimestamps(signed, [rootDer])).map((s) => s!.trusted)).toEqual([false, false, false]);

      // A policy asked for is the token's policy.
      const withPolicy = await signPdf(original, stamping(TEST_TSA_POLICY).agency, {
        fieldName: '审查机构电子印章',
        page: 0,
        rect: { x: 40, y: 40, width: 130, height: 146 },
        seal: { kind: 'AGENCY', name: '某省施工图审查中心有限公司', caption: '2026年11月29日' },
        reason: '审查机构电子印章',
        location: '某市',
        signerName: '某省施工图审查中心有限公司',
        signingTime: new Date('2026-11-29T02:00:00Z'),
      });
      expect(tsa.requests.at(-1)!.request.reqPolicy).toBe(TEST_TSA_POLICY);
      expect((await pdfsig(withPolicy, [rootDer])).map((c) => c.validation)).toEqual(['Signature is Valid.']);
    } finally {
      await tsa.close();
    }
  });

  it('leaves room in the placeholder for a timestamp token and longer chains', async () => {
    const tsa = await startTestTsa();
    try {
      const sizes: number[] = [];
      for (const timestamps of [undefined, timestampClient({ url: tsa.url, policy: undefined })]) {
        const signed = await signPdf(await classicPdf(), { ...signers.agency, timestamps }, {
          fieldName: '审查机构电子印章',
          page: 1,
          rect: { x: 380, y: 60, width: 130, height: 146 },
          seal: { kind: 'AGENCY', name: '某省施工图审查中心有限公司', caption: '2026年11月29日' },
          reason: '审查机构电子印章',
          location: '某市',
          signerName: '某省施工图审查中心有限公司',
          signingTime: new Date('2026-11-29T02:00:00Z'),
        });
        const hex = /\/Contents\s*<([0-9a-fA-F]+)>/.exec(Buffer.from(signed).toString('latin1'))![1]!;
        // Where the DER ends, before the zeros that fill the rest of the placeholder.
        sizes.push(asn1js.fromBER(new Uint8Array(Buffer.from(hex, 'hex'))).offset);
      }
      const [plain, stamped] = sizes as [number, number];
      // About 2.7 kB without and 5.6 kB with a token that carries the TSA's certificate and root.
      expect(plain).toBeLessThan(3_500);
      expect(stamped - plain).toBeGreaterThan(2_500);
      // Room left for four more certificates of 2 kB: a provincial CA's chain for the signer and a
      // commercial TSA's intermediates.
      expect(SIGNATURE_BYTES - stamped).toBeGreaterThan(4 * 2_048);
    } finally {
      await tsa.close();
    }
  });

  it('reads at most SIGNATURES_CHECKED_MAX signatures from a file crafted with more', async () => {
    // One gap <00> and a hundred /ByteRange entries pointing at it: each would hash the file again.
    const head = '%PDF-1.4\n<00>\n';
    const entry = `/ByteRange [0 9 13 1]\n`;
    const crafted = new Uint8Array(Buffer.from(head + entry.repeat(100), 'latin1'));
    const checks = await checkPdfSignatures(crafted, [rootDer]);
    expect(checks).toHaveLength(SIGNATURES_CHECKED_MAX);
    expect(checks.every((c) => !c.intact && !c.trusted)).toBe(true);
  });

  it('draws the seals where they are placed, on the page they sign', async () => {
    const signed = await signThreeTimes(await classicPdf(), 1);
    const [page] = await renderPdfPages(Buffer.from(signed), { first: 2, last: 2, dpi: 36 });
    const scale = 36 / 72;
    /** Inked pixels inside a rectangle given in PDF points from the lower left. */
    const inkIn = (x0: number, y0: number, w: number, h: number) => {
      let ink = 0;
      for (let y = Math.floor(page!.height - (y0 + h) * scale); y < page!.height - y0 * scale; y++)
        for (let x = Math.floor(x0 * scale); x < (x0 + w) * scale; x++)
          if (page!.pixels[y * page!.width + x]! < 160) ink++;
      return ink;
    };
    expect(inkIn(60, 80, 70, 84)).toBeGreaterThan(40);
    expect(inkIn(160, 80, 70, 84)).toBeGreaterThan(40);
    expect(inkIn(380, 60, 130, 146)).toBeGreaterThan(150);
    expect(inkIn(250, 300, 100, 100)).toBe(0);
  });
});
