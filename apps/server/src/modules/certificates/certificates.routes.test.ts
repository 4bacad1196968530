import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CertificateCheck,
  CertificateDetail,
  CertificatePage,
  CertificateSummary,
  SignatureVerification,
  SigningDocumentPage,
} from '@drp/domain';
import { accounts, members } from '../../db/schema/accounts.js';
import { signInFailures } from '../../db/schema/auth.js';
import { signingTasks } from '../../db/schema/signatures.js';
import { certificates } from '../../db/schema/certificates.js';
import { messageReceivers, messages } from '../../db/schema/messages.js';
import { multipartBody } from '../../test/multipart-body.js';
import { pdfsig } from '../../test/pdfsig.js';
import { accountIdOf, demoOrgIds, detailOf, projectApi } from '../../test/project-fixture.js';
import { inkIn, pdfText, renderPdfPages } from '../../test/render-pdf.js';
import { acceptedApplication, passedApplication } from '../../test/review-fixture.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { platformRootDer } from '../signatures/signing-identities.service.js';
import { certificateCheckCode } from './certificates.service.js';

function refused(res: LightMyRequestResponse, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json<{ code: string }>().code, res.body).toBe(code);
  return res.json<{ message: string }>().message;
}

const USERS = [
  'construct_admin',
  'design_admin',
  'survey_admin',
  'censor_admin',
  'censor_director',
  'censor_reviewer',
  'censor_reviewer2',
  'censor2_admin',
] as const;
type User = (typeof USERS)[number];

describe('the certificate of passing review: compiled once the review passed, signed in order, issued, checked by anyone', () => {
  let t: TestApp;
  let api: ReturnType<typeof projectApi>;
  let org: Record<string, string>;
  const tokens = {} as Record<User, string>;
  const ids = {} as Record<User, string>;
  let projectId: string;
  let certificate: CertificateSummary;
  let projectName: string;
  let signAll: (documentId: string) => Promise<void>;

  const orgOf = (user: User) =>
    user.startsWith('censor2')
      ? org.censor2!
      : user.startsWith('censor')
        ? org.censor!
        : user.startsWith('construct')
          ? org.construct!
          : user.startsWith('design')
            ? org.design!
            : org.survey!;
  const base = (user: User) => `/api/checkDrawings/${orgOf(user)}/${projectId}/certification`;
  const list = async (user: User) =>
    detailOf<CertificatePage>(await api.send('GET', base(user), tokens[user]));
  const compile = (user: User) => api.send('POST', `${base(user)}/compile`, tokens[user]);
  const issue = (user: User) => api.send('POST', `${base(user)}/issue/${certificate.id}`, tokens[user]);
  const fileOf = async () => {
    const [row] = await t.database.db.select().from(certificates).where(eq(certificates.id, certificate.id));
    return { row: row!, bytes: (await t.app.ctx.files.read(row!.fileKey!))! };
  };
  const check = (query: Record<string, string>) =>
    api.send('GET', '/api/portal/certificateCheck', undefined, { query });

  beforeAll(async () => {
    t = await createTestApp();
    api = projectApi(t);
    org = await demoOrgIds(t.database.db);
    for (const user of USERS) {
      tokens[user] = await t.signIn(user);
      ids[user] = await accountIdOf(t.database.db, user);
    }
    // censor_reviewer holds a registration; censor_reviewer2 has none recorded.
    await t.database.db
      .update(members)
      .set({ registrationType: 'STRUCTURAL_1', registrationNo: 'S43-000123' })
      .where(and(eq(members.accountId, ids.censor_reviewer), eq(members.orgId, org.censor!)));
    // An application still in review has no certificate to compile.
    const inReview = await acceptedApplication(t, {
      tokens,
      org,
      name: '湘江新区审查中公寓',
      plainDrawing: true,
    });
    const early = await api.send(
      'POST',
      `/api/checkDrawings/${org.censor}/${inReview.id}/certification/compile`,
      tokens.censor_director,
    );
    expect(refused(early, 409, 'CERTIFICATE_NOT_PASSED')).toBe(
      '该项目尚未审查合格（仍有未关闭的审查意见或合格告知书未告知），不能出具审查合格书',
    );
    const passed = await passedApplication(t, { tokens, ids, org, name: '湘江新区合格书测试公寓' });
    projectId = passed.id;
    signAll = passed.signAll;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is compiled by the director alone, numbered by region, year and running number, and printed on one page', async () => {
    expect((await list('censor_director')).compile).toEqual({ allowed: true, blocker: null });
    // A reviewer may not; the units and another agency find nothing to compile in.
    refused(await compile('censor_reviewer'), 403, 'FORBIDDEN');
    refused(await compile('construct_admin'), 403, 'FORBIDDEN');
    refused(await api.send('GET', base('censor2_admin'), tokens.censor2_admin), 404, 'NOT_FOUND');

    certificate = detailOf<CertificateSummary>(await compile('censor_director'));
    expect(certificate.status).toBe('BUILDING');
    const year = new Date(Date.now() + 8 * 3_600_000).getUTCFullYear();
    expect(certificate.certificateNo).toMatch(new RegExp(`^\\d{6}${year}00001$`));
    // Compiling twice at once: the second finds it building.
    refused(await compile('censor_admin'), 409, 'CERTIFICATE_BUILDING');
    await t.app.jobs.drain();

    const detail = detailOf<CertificateDetail>(
      await api.send('GET', `${base('censor_admin')}/${certificate.id}`, tokens.censor_admin),
    );
    expect(detail.status).toBe('READY');
    projectName = detail.content.project.name;
    expect(detail.file?.pages).toBe(1);
    expect(detail.content.firstRound).toEqual({ passed: true, mandatoryCount: 0, mandatoryClauses: [] });
    expect(detail.content.rounds).toBe(1);
    expect(detail.content.reviewers.map((r) => r.registration)).toContain('一级注册结构工程师 S43-000123');
    // censor_reviewer2 has no registration recorded: the certificate says nothing rather than guess.
    expect(detail.content.reviewers.map((r) => r.registration)).toContain(null);
    expect(detail.content.parties.map((p) => p.role)).toEqual(['CONSTRUCT', 'DESIGN', 'SURVEY', 'CENSOR']);
    expect(detail.content.checkCode).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    expect(detail.content.verifyUrl).toContain(
      `/common/verify/certificate?no=${certificate.certificateNo}&c=`,
    );
    // Each reviewer, the director (签发) and the seal sign; the reviewers are asked first.
    expect(detail.content.signing.map((s) => s.label.split('\n')[0])).toEqual([
      expect.stringMatching(/^审查人 /),
      expect.stringMatching(/^审查人 /),
      '审查机构负责人（签发）',
      '审查机构（电子印章）',
    ]);
    // The box names the registration's number; its type is in the paragraph of reviewers.
    expect(detail.content.signing.map((s) => s.label)).toContainEqual(expect.stringMatching(/\nS43-000123$/));
    const { bytes } = await fileOf();
    const text = (await pdfText(bytes)).replace(/\s+/g, '');
    for (const words of [
      '施工图设计文件审查合格书',
      `合格书编号：${certificate.certificateNo}`,
      '审查人员及审查机构签章',
      'S43-000123',
      '一次审查通过',
    ])
      expect(text, words).toContain(words);
  });

  it('stays the agency’s until issued: the units neither list nor open it', async () => {
    expect((await list('construct_admin')).items).toEqual([]);
    expect((await list('construct_admin')).compile).toEqual({ allowed: false, blocker: null });
    refused(
      await api.send('GET', `${base('construct_admin')}/${certificate.id}`, tokens.construct_admin),
      404,
      'NOT_FOUND',
    );
    refused(
      await api.send('GET', `${base('design_admin')}/getCertificate/${certificate.id}`, tokens.design_admin),
      404,
      'NOT_FOUND',
    );
    // The public check knows nothing of a certificate not issued, even with its right code.
    const [row] = await t.database.db.select().from(certificates).where(eq(certificates.id, certificate.id));
    refused(
      await check({ no: row!.certificateNo, c: certificateCheckCode(t.app.ctx, row!) }),
      404,
      'NOT_FOUND',
    );
  });

  it('is issued only once signed by every reviewer, the director and the seal, each signature valid in pdfsig', async () => {
    expect(refused(await issue('censor_director'), 409, 'CERTIFICATE_NOT_SIGNED')).toBe(
      '审查合格书还有 4 处签章未完成，全部签署后才能签发',
    );
    const documents = detailOf<SigningDocumentPage>(
      await api.send(
        'GET',
        `/api/checkDrawings/${org.censor}/${projectId}/docRepository/querySignatureFile`,
        tokens.censor_admin,
        {
          query: { kind: 'CERTIFICATE' },
        },
      ),
    ).items;
    expect(documents.map((d) => [d.kind, d.name, d.total])).toEqual([
      ['CERTIFICATE', certificate.certificateNo, 4],
    ]);
    // A password asked again counts with the sign-in failures: five wrong ones lock the account at
    // this address, for signing and signing in alike, and the right one is then refused too.
    const mine = documents[0]!.tasks.find((task) => task.role === 'REVIEWER' && task.signerName !== null)!;
    const signer = (
      await t.database.db
        .select({ username: accounts.username })
        .from(accounts)
        .innerJoin(signingTasks, eq(signingTasks.signerAccountId, accounts.id))
        .where(eq(signingTasks.id, mine.id))
    )[0]!.username as User;
    const sign = (password: string) =>
      api.send('POST', '/api/signature/task/start', tokens[signer], {
        actingOrg: org.censor,
        payload: { taskId: mine.id, password },
      });
    for (let i = 1; i < 5; i++) refused(await sign('Wrong#Pass1'), 400, 'SIGNATURE_PASSWORD_WRONG');
    expect(refused(await sign('Wrong#Pass1'), 423, 'ACCOUNT_LOCKED')).toMatch(/锁定/);
    refused(await sign('Demo@2026'), 423, 'ACCOUNT_LOCKED');
    const login = await t.app.inject({
      method: 'POST',
      url: '/uaa/login',
      payload: { username: signer, password: 'Demo@2026' },
    });
    expect(login.json<{ code: string }>().code).toBe('ACCOUNT_LOCKED');
    // Ten minutes later (here: the lock removed), the signer signs as before.
    await t.database.db.delete(signInFailures);
    await signAll(certificate.id);
    const { bytes, row } = await fileOf();
    const signatures = await pdfsig(bytes, [await platformRootDer(t.app.ctx)]);
    expect(signatures).toHaveLength(4);
    for (const s of signatures) {
      expect(s.validation, s.field).toBe('Signature is Valid.');
      expect(s.certificate, s.field).toBe('Certificate is Trusted.');
    }
    expect(signatures.at(-1)!.wholeDocument).toBe(true);
    // The seals are drawn on the certificate's own page, in the band at its foot.
    const [page] = await renderPdfPages(bytes, { first: 1, last: 1, dpi: 72 });
    expect(inkIn(page!, 420, 600, 545, 760)).toBeGreaterThan(300);
    expect(row.status).toBe('READY');
    // A changed byte breaks every signature.
    const altered = Buffer.from(bytes);
    altered[1000] = altered[1000]! ^ 1;
    for (const s of await pdfsig(altered, [await platformRootDer(t.app.ctx)]))
      expect(s.validation, s.field).not.toBe('Signature is Valid.');
  });

  it('is issued to the units, who are told, read and download it; it is final', async () => {
    refused(await issue('censor_reviewer'), 403, 'FORBIDDEN');
    const issued = detailOf<CertificateSummary>(await issue('censor_admin'));
    expect(issued).toMatchObject({ status: 'ISSUED', can: { issue: false, compile: false } });
    refused(await issue('censor_director'), 409, 'CERTIFICATE_ALREADY_ISSUED');
    refused(await compile('censor_director'), 409, 'CERTIFICATE_ALREADY_ISSUED');

    const told = await t.database.db
      .select({ orgId: messageReceivers.orgId })
      .from(messageReceivers)
      .innerJoin(messages, eq(messages.id, messageReceivers.messageId))
      .where(and(eq(messages.projectId, projectId), eq(messages.type, 'CENSOR_CERTIFICATE_ISSUED')));
    expect(told.map((r) => r.orgId).sort()).toEqual([org.construct, org.design, org.survey].sort());

    for (const user of ['construct_admin', 'design_admin', 'survey_admin'] as const) {
      const page = await list(user);
      expect(page.items.map((c) => [c.certificateNo, c.status])).toEqual([
        [certificate.certificateNo, 'ISSUED'],
      ]);
    }
    const download = await api.send(
      'GET',
      `${base('construct_admin')}/getCertificate/${certificate.id}`,
      tokens.construct_admin,
      {
        query: { download: '1' },
      },
    );
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain('attachment');
    const { bytes } = await fileOf();
    expect(download.rawPayload.equals(bytes)).toBe(true);

    // The downloaded copy is recognised as the issued certificate, byte for byte.
    const { payload, headers } = multipartBody(
      {},
      { name: 'cert.pdf', content: download.rawPayload, type: 'application/pdf' },
    );
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/signature/task/verify',
      headers: { ...headers, authorization: `Bearer ${tokens.construct_admin}` },
      payload,
    });
    expect(detailOf<SignatureVerification>(verified).issued).toEqual({
      kind: 'CERTIFICATE',
      name: certificate.certificateNo,
      projectName,
    });
  });

  it('answers the public check with the number and its code, in any case and grouping, and nothing else', async () => {
    const { row } = await fileOf();
    const code = certificateCheckCode(t.app.ctx, row);
    const typed = `${code.toLowerCase().slice(0, 8)}-${code.toLowerCase().slice(8)}`;
    const answer = detailOf<CertificateCheck>(await check({ no: row.certificateNo, c: typed }));
    expect(answer).toMatchObject({
      certificateNo: row.certificateNo,
      status: 'ISSUED',
      projectName,
      sha256: row.fileSha256,
    });
    expect(answer.signers.map((s) => s.role)).toEqual(['审查人', '审查人', '审核人', '审查机构印章']);
    expect(answer.signers.every((s) => s.serial)).toBe(true);
    // No phone numbers or other personal data: the answer's keys are the ones above.
    // (A phone number alone, not digits inside a certificate serial's hex.)
    expect(JSON.stringify(answer)).not.toMatch(/(?<![0-9a-f])1[3-9]\d{9}(?![0-9a-f])/);
    const wrong = code.slice(0, 15) + (code.endsWith('0') ? '1' : '0');
    refused(await check({ no: row.certificateNo, c: wrong }), 404, 'NOT_FOUND');
    refused(await check({ no: '430100202699999', c: code }), 404, 'NOT_FOUND');
    refused(await check({ no: row.certificateNo, c: 'short' }), 400, 'VALIDATION_FAILED');
  });

  it('is revoked by the agency with a reason: the units are told why and the public check says revoked', async () => {
    const revoke = (user: User, reason: string) =>
      api.send('POST', `${base(user)}/revoke/${certificate.id}`, tokens[user], { payload: { reason } });
    refused(await revoke('censor_reviewer', '图纸存在重大错误'), 403, 'FORBIDDEN');
    expect(refused(await revoke('censor_director', '  '), 400, 'CERTIFICATE_REVOKE_REASON_REQUIRED')).toBe(
      '撤销审查合格书时请填写撤销原因',
    );
    // The units cannot revoke what the agency issued.
    refused(
      await api.send('POST', `${base('construct_admin')}/revoke/${certificate.id}`, tokens.construct_admin, {
        payload: { reason: '不需要了' },
      }),
      403,
      'FORBIDDEN',
    );
    const revoked = detailOf<CertificateSummary>(await revoke('censor_director', '发现结构计算书与图纸不符'));
    expect(revoked).toMatchObject({
      status: 'REVOKED',
      revoked: { reason: '发现结构计算书与图纸不符' },
      can: { revoke: false, issue: false, compile: false },
    });
    expect(refused(await revoke('censor_admin', '再次撤销'), 409, 'CERTIFICATE_NOT_ISSUED')).toBe(
      '只能撤销已签发且有效的审查合格书',
    );

    const told = await t.database.db
      .select({ orgId: messageReceivers.orgId })
      .from(messageReceivers)
      .innerJoin(messages, eq(messages.id, messageReceivers.messageId))
      .where(and(eq(messages.projectId, projectId), eq(messages.type, 'CENSOR_CERTIFICATE_REVOKED')));
    expect(told.map((r) => r.orgId).sort()).toEqual([org.construct, org.design, org.survey].sort());
    // The units read it as revoked, with the reason.
    const page = await list('construct_admin');
    expect(page.items[0]).toMatchObject({
      status: 'REVOKED',
      revoked: { reason: '发现结构计算书与图纸不符' },
    });

    const { row } = await fileOf();
    const answer = detailOf<CertificateCheck>(
      await check({ no: row.certificateNo, c: certificateCheckCode(t.app.ctx, row) }),
    );
    expect(answer.status).toBe('REVOKED');
    expect(answer.revokedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
