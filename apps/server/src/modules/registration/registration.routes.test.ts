import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APPLICATION_TOKEN_HEADER,
  LICENCE_MAX_BYTES,
  creditCodeCheckChar,
  type AccountDetail,
  type ApplicationPage,
  type AuditEvent,
  type CompanyPage,
  type LicenceUploadResult,
  type OrgApplication,
} from '@drp/domain';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { loginPassingCaptcha } from '../../test/solve-captcha.js';

const code = (first17: string) => {
  const check = creditCodeCheckChar(first17);
  if (!check) throw new Error(`no check character for ${first17}`);
  return `${first17}${check}`;
};

/** A credit code whose check character is wrong. */
const wrongCheck = (first17: string) => `${first17}${code(first17).endsWith('0') ? '1' : '0'}`;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000dIHDR-not-a-real-image'),
]);

/** A multipart/form-data body with one file field, built by hand. */
function multipart(fileName: string, content: Buffer, contentType = 'application/octet-stream') {
  const boundary = `----drp-test-${randomBytes(8).toString('hex')}`;
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
    `Content-Type: ${contentType}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const PASSWORD = 'Xiang#Jiang2026';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe('organisation registration', () => {
  let t: TestApp;
  let sysadmin: string;
  let designAdmin: string;
  let pdfFileId: string;
  let applicationId: string;

  beforeAll(async () => {
    t = await createTestApp();
    sysadmin = await t.signIn('sysadmin');
    designAdmin = await t.signIn('design_admin');
  });
  afterAll(() => t?.close());

  const call = (
    token: string | undefined,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    options: { query?: Record<string, string>; payload?: object; headers?: Record<string, string> } = {},
  ) =>
    t.app.inject({
      method,
      url,
      ...options,
      headers: { ...options.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
  const upload = (fileName: string, content: Buffer, contentType?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/register/licence',
      ...multipart(fileName, content, contentType),
    });
  // Answers the captcha that two failed tries bring (captcha.routes.test.ts covers it).
  const login = (username: string, password: string) => loginPassingCaptcha(t, { username, password });

  const application = (overrides: Record<string, unknown> = {}, admin: Record<string, unknown> = {}) => ({
    orgType: 'DESIGN',
    name: '湖南湘江建筑设计有限公司',
    creditCode: code('91430104MA4R5T6Y7'),
    regionCode: '430104',
    address: '长沙市岳麓区麓谷大道 658 号',
    legalRepresentative: '谭志',
    contactName: '谭志',
    contactPhone: '0731-85551234',
    qualificationType: 'DESIGN_INDUSTRY',
    qualificationNo: 'A243000123',
    qualificationGrade: '甲级',
    qualificationValidUntil: '2030-12-31',
    licenceFileId: pdfFileId,
    agreementAccepted: true,
    admin: { username: 'xj_admin', name: '谭志', phone: '13907310088', password: PASSWORD, ...admin },
    ...overrides,
  });
  const errorOf = (res: { json: <T>() => T }) =>
    res.json<{ code: string; message: string; detail?: Record<string, unknown> }>();

  describe('uploading the business licence', () => {
    it('keeps a PDF and a PNG, recognised by their bytes', async () => {
      const pdf = await upload('营业执照.pdf', PDF, 'application/pdf');
      expect(pdf.statusCode, pdf.body).toBe(200);
      const pdfResult = pdf.json<{ detail: LicenceUploadResult }>().detail;
      expect(pdfResult).toMatchObject({
        fileName: '营业执照.pdf',
        size: PDF.length,
        contentType: 'application/pdf',
      });
      pdfFileId = pdfResult.fileId;
      // The declared type does not matter, the bytes do.
      const png = await upload('licence.bin', PNG, 'application/octet-stream');
      expect(png.statusCode, png.body).toBe(200);
      expect(png.json<{ detail: LicenceUploadResult }>().detail).toMatchObject({
        size: PNG.length,
        contentType: 'image/png',
      });
    });

    it('keeps no bidirectional or invisible characters in the file name, and refuses a name of nothing else', async () => {
      const bidi = await upload('invoice\u202Efdp.exe', PDF, 'application/pdf');
      expect(bidi.statusCode, bidi.body).toBe(200);
      expect(bidi.json<{ detail: LicenceUploadResult }>().detail.fileName).toBe('invoicefdp.exe');
      const empty = await upload('\u202E\u200B\uFEFF', PDF, 'application/pdf');
      expect([empty.statusCode, errorOf(empty).code]).toEqual([400, 'FILE_NAME_EMPTY']);
    });

    it('refuses a text file named .pdf', async () => {
      const res = await upload('licence.pdf', Buffer.from('just some text, not a PDF'), 'application/pdf');
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).code).toBe('UNSUPPORTED_FILE');
    });

    it('refuses a file over 10 MB', async () => {
      const big = Buffer.alloc(LICENCE_MAX_BYTES + 1, 0x20);
      PDF.copy(big);
      const res = await upload('big.pdf', big, 'application/pdf');
      expect(res.statusCode).toBe(413);
      expect(errorOf(res).code).toBe('FILE_TOO_LARGE');
    });

    it('refuses a body that is not multipart without crashing', async () => {
      const json = await call(undefined, 'POST', '/api/register/licence', { payload: { file: 'x' } });
      expect([400, 415]).toContain(json.statusCode);
      const text = await t.app.inject({
        method: 'POST',
        url: '/api/register/licence',
        payload: '%PDF-1.4',
        headers: { 'content-type': 'text/plain' },
      });
      expect([400, 415]).toContain(text.statusCode);
      const empty = await t.app.inject({ method: 'POST', url: '/api/register/licence' });
      expect([400, 415]).toContain(empty.statusCode);
    });
  });

  describe('submitting an application', () => {
    it('takes a valid application as PENDING; the applicant is told it waits, a wrong password is not', async () => {
      const res = await call(undefined, 'POST', '/api/register/applications', { payload: application() });
      expect(res.statusCode, res.body).toBe(200);
      const detail = res.json<{ detail: { id: string; status: string } }>().detail;
      expect(detail.status).toBe('PENDING');
      applicationId = detail.id;

      const pending = await login('xj_admin', PASSWORD);
      expect(pending.statusCode).toBe(403);
      expect(errorOf(pending)).toMatchObject({ code: 'APPLICATION_PENDING', detail: { applicationId } });
      const wrong = await login('xj_admin', 'Wrong#Password2026');
      expect(wrong.statusCode).toBe(401);
      expect(errorOf(wrong).code).toBe('LOGIN_FAILED');
      expect(errorOf(wrong).detail).toBeUndefined();
    });

    it('refuses an application without the agreement, with a bad credit code, or for a CONTROL org', async () => {
      const fresh = { creditCode: code('91430104MA4R5T6Y8') };
      const freshAdmin = { username: 'xj_other' };
      for (const overrides of [
        { agreementAccepted: false },
        { creditCode: wrongCheck('91430104MA4R5T6Y8') },
        { orgType: 'CONTROL' },
        { licenceFileId: 'not-a-uuid' },
      ]) {
        const res = await call(undefined, 'POST', '/api/register/applications', {
          payload: application({ ...fresh, ...overrides }, freshAdmin),
        });
        expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
        expect(errorOf(res).code).toBe('VALIDATION_FAILED');
      }
    });

    it('refuses a credit code or username an organisation, an account or a pending application holds', async () => {
      const companies = await call(sysadmin, 'POST', '/api/admin/company/pasau/getAllCompany', {
        query: { name: '湖南省建筑设计院' },
      });
      const demoCode = companies.json<{ detail: CompanyPage }>().detail.items[0]!.creditCode!;
      const cases: [Record<string, unknown>, Record<string, unknown>, string, string][] = [
        [{ creditCode: demoCode }, { username: 'xj_other' }, 'CREDIT_CODE_TAKEN', 'creditCode'],
        [
          { creditCode: code('91430104MA4R5T6Y8') },
          { username: 'design_user' },
          'USERNAME_TAKEN',
          'admin.username',
        ],
        // The pending application above claims both of these.
        [{}, { username: 'xj_other' }, 'CREDIT_CODE_TAKEN', 'creditCode'],
        [{ creditCode: code('91430104MA4R5T6Y8') }, {}, 'USERNAME_TAKEN', 'admin.username'],
      ];
      for (const [overrides, admin, errorCode, field] of cases) {
        const res = await call(undefined, 'POST', '/api/register/applications', {
          payload: application(overrides, admin),
        });
        expect(res.statusCode, res.body).toBe(409);
        expect(errorOf(res)).toMatchObject({ code: errorCode, detail: { field } });
      }
    });
  });

  describe('reviewing as the system admin', () => {
    it('lists the application, filtered by status, type, region and name', async () => {
      const list = async (query: Record<string, string>) => {
        const res = await call(sysadmin, 'GET', '/table/list', { query });
        expect(res.statusCode, res.body).toBe(200);
        return res.json<{ detail: ApplicationPage }>().detail;
      };
      const pending = await list({ status: 'PENDING' });
      expect(pending.total).toBe(1);
      expect(pending.items[0]).toMatchObject({
        id: applicationId,
        status: 'PENDING',
        region: '湖南省/长沙市/岳麓区',
      });
      expect((await list({ status: 'APPROVED' })).total).toBe(0);
      expect((await list({ name: '湘江' })).items.map((a) => a.id)).toEqual([applicationId]);
      // By type and by region (the application is from 岳麓区, inside 长沙市 and 湖南省).
      expect((await list({ orgType: 'DESIGN' })).total).toBe(1);
      expect((await list({ orgType: 'SURVEY' })).total).toBe(0);
      expect((await list({ region: '430100' })).total).toBe(1);
      expect((await list({ region: '440000' })).total).toBe(0);
      const bad = await call(sysadmin, 'GET', '/table/list', { query: { orgType: 'CONTROL' } });
      expect(bad.statusCode).toBe(400);
    });

    it('shows everything submitted, and the licence as its exact bytes', async () => {
      const res = await call(sysadmin, 'GET', `/api/admin/org-applications/${applicationId}`);
      expect(res.statusCode, res.body).toBe(200);
      const detail = res.json<{ detail: OrgApplication }>().detail;
      expect(detail).toMatchObject({
        status: 'PENDING',
        orgType: 'DESIGN',
        creditCode: code('91430104MA4R5T6Y7'),
        regionCode: '430104',
        legalRepresentative: '谭志',
        qualificationGrade: '甲级',
        licence: {
          fileId: pdfFileId,
          fileName: '营业执照.pdf',
          size: PDF.length,
          contentType: 'application/pdf',
        },
        admin: { username: 'xj_admin', name: '谭志', phone: '13907310088' },
        rejectReason: null,
        orgId: null,
      });
      expect(JSON.stringify(detail)).not.toContain(PASSWORD);
      expect(JSON.stringify(detail)).not.toMatch(/argon|\$2[aby]\$|scrypt/i);

      const licence = await call(sysadmin, 'GET', `/api/admin/org-applications/${applicationId}/licence`);
      expect(licence.statusCode).toBe(200);
      expect(licence.headers['content-type']).toBe('application/pdf');
      expect(licence.rawPayload.equals(PDF)).toBe(true);
    });

    it('keeps the review to the system admin', async () => {
      for (const [method, url] of [
        ['GET', '/table/list'],
        ['GET', `/api/admin/org-applications/${applicationId}`],
        ['GET', `/api/admin/org-applications/${applicationId}/licence`],
        ['POST', `/api/admin/org-applications/${applicationId}/approve`],
        ['POST', `/api/admin/org-applications/${applicationId}/reject`],
      ] as const) {
        const payload = method === 'POST' ? { payload: { reason: '资料不全' } } : {};
        expect((await call(designAdmin, method, url, payload)).statusCode, `${method} ${url}`).toBe(403);
        expect((await call(undefined, method, url, payload)).statusCode, `${method} ${url}`).toBe(401);
      }
      expect((await call(sysadmin, 'GET', `/api/admin/org-applications/${UNKNOWN_ID}`)).statusCode).toBe(404);
      expect(
        (await call(sysadmin, 'POST', `/api/admin/org-applications/${UNKNOWN_ID}/approve`)).statusCode,
      ).toBe(404);
    });

    it('rejects with a reason; the applicant learns it and gets a token to read and correct the application', async () => {
      const reason = '营业执照不清晰，请重新上传';
      const rejected = await call(sysadmin, 'POST', `/api/admin/org-applications/${applicationId}/reject`, {
        payload: { reason },
      });
      expect(rejected.statusCode, rejected.body).toBe(200);

      const refused = await login('xj_admin', PASSWORD);
      expect(refused.statusCode).toBe(403);
      const error = errorOf(refused);
      expect(error.code).toBe('APPLICATION_REJECTED');
      expect(error.message).toContain(reason);
      expect(error.detail?.applicationId).toBe(applicationId);
      const token = error.detail!.applicationToken as string;
      expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      expect((await login('xj_admin', 'Wrong#Password2026')).statusCode).toBe(401);

      const own = await call(undefined, 'GET', `/api/register/applications/${applicationId}`, {
        headers: { [APPLICATION_TOKEN_HEADER]: token },
      });
      expect(own.statusCode, own.body).toBe(200);
      expect(own.json<{ detail: OrgApplication }>().detail).toMatchObject({
        id: applicationId,
        status: 'REJECTED',
        rejectReason: reason,
      });
      expect((await call(undefined, 'GET', `/api/register/applications/${applicationId}`)).statusCode).toBe(
        404,
      );

      // Another rejected applicant's token opens only that other application.
      const other = await call(undefined, 'POST', '/api/register/applications', {
        payload: application(
          { name: '湖南另一设计有限公司', creditCode: code('91430104MA4R5T6Y9') },
          { username: 'xj_second' },
        ),
      });
      expect(other.statusCode, other.body).toBe(200);
      const otherId = other.json<{ detail: { id: string } }>().detail.id;
      await call(sysadmin, 'POST', `/api/admin/org-applications/${otherId}/reject`, {
        payload: { reason: '重复申请' },
      });
      const otherToken = errorOf(await login('xj_second', PASSWORD)).detail!.applicationToken as string;
      const crossed = await call(undefined, 'GET', `/api/register/applications/${applicationId}`, {
        headers: { [APPLICATION_TOKEN_HEADER]: otherToken },
      });
      expect(crossed.statusCode).toBe(404);
      const crossedPut = await call(undefined, 'PUT', `/api/register/applications/${applicationId}`, {
        payload: application(),
        headers: { [APPLICATION_TOKEN_HEADER]: otherToken },
      });
      expect(crossedPut.statusCode).toBe(404);

      // Deciding a refused application again is refused.
      for (const action of ['approve', 'reject'])
        expect(
          errorOf(
            await call(sysadmin, 'POST', `/api/admin/org-applications/${applicationId}/${action}`, {
              payload: { reason: '再次审核' },
            }),
          ).code,
        ).toBe('APPLICATION_NOT_PENDING');

      // The corrected application goes back to the queue.
      const corrected = await call(undefined, 'PUT', `/api/register/applications/${applicationId}`, {
        payload: application({ address: '长沙市岳麓区麓谷大道 658 号 A 栋' }),
        headers: { [APPLICATION_TOKEN_HEADER]: token },
      });
      expect(corrected.statusCode, corrected.body).toBe(200);
      expect(corrected.json<{ detail: { status: string } }>().detail).toEqual({
        id: applicationId,
        status: 'PENDING',
      });
      expect(errorOf(await login('xj_admin', PASSWORD)).code).toBe('APPLICATION_PENDING');
    });

    it('approves: the organisation and its admin exist, and the applicant signs in as its admin', async () => {
      const approved = await call(sysadmin, 'POST', `/api/admin/org-applications/${applicationId}/approve`);
      expect(approved.statusCode, approved.body).toBe(200);
      const orgId = approved.json<{ detail: { orgId: string } }>().detail.orgId;

      const token = await t.signIn('xj_admin', PASSWORD);
      const account = await call(token, 'GET', '/api/admin/account');
      const detail = account.json<{ detail: AccountDetail }>().detail;
      expect(detail.account.passwordExpiresInDays).not.toBe(0);
      expect(detail.members).toEqual([
        expect.objectContaining({
          orgId,
          orgName: '湖南湘江建筑设计有限公司',
          admin: true,
          roleList: [{ profileDtoList: [{ name: 'DATA_UPLOAD' }] }],
        }),
      ]);

      const shown = await call(sysadmin, 'GET', `/api/admin/org-applications/${applicationId}`);
      expect(shown.json<{ detail: OrgApplication }>().detail).toMatchObject({ status: 'APPROVED', orgId });
      for (const action of ['approve', 'reject']) {
        const again = await call(sysadmin, 'POST', `/api/admin/org-applications/${applicationId}/${action}`, {
          payload: { reason: '再次审核' },
        });
        expect(again.statusCode).toBe(409);
        expect(errorOf(again).code).toBe('APPLICATION_NOT_PENDING');
      }
    });

    it('records submission, rejection and approval in the audit log', async () => {
      const events = async (action: string) => {
        const res = await call(sysadmin, 'GET', '/api/admin/audit-events', { query: { action } });
        expect(res.statusCode, res.body).toBe(200);
        return res
          .json<{ detail: { items: AuditEvent[] } }>()
          .detail.items.filter((e) => e.targetId === applicationId);
      };
      const submitted = await events('REGISTRATION_SUBMITTED');
      expect(submitted).toHaveLength(2);
      expect(submitted.map((e) => e.actorUsername)).toEqual(['xj_admin', 'xj_admin']);
      const rejected = await events('ORG_REJECTED');
      expect(rejected.map((e) => [e.actorUsername, e.detail?.reason])).toEqual([
        ['sysadmin', '营业执照不清晰，请重新上传'],
      ]);
      expect(await events('ORG_APPROVED')).toEqual([
        expect.objectContaining({ actorUsername: 'sysadmin', orgName: '湖南湘江建筑设计有限公司' }),
      ]);
    });
  });

  describe('an enterprise the directory already lists', () => {
    it('registers under the listed credit code and, once approved, becomes that entry', async () => {
      const info = await t.signIn('info_staff');
      const listed = code('91430103MA4W1E2R3');
      const entry = await call(info, 'POST', '/api/info/orgs', {
        payload: {
          orgType: 'SURVEY',
          name: '长沙市天心勘察院',
          creditCode: listed,
          regionCode: '430103',
          address: '长沙市天心区',
          legalRepresentative: '黎平',
          contactName: '黎平',
          contactPhone: '0731-85550000',
        },
      });
      expect(entry.statusCode, entry.body).toBe(200);
      const entryId = entry.json<{ detail: { id: string } }>().detail.id;
      const upload1 = await upload('licence.pdf', PDF, 'application/pdf');
      const fileId = upload1.json<{ detail: { fileId: string } }>().detail.fileId;
      const apply = (orgType: string, username: string) =>
        call(undefined, 'POST', '/api/register/applications', {
          payload: {
            ...application({
              orgType,
              qualificationType: orgType === 'SURVEY' ? 'SURVEY_SPECIALTY' : 'DESIGN_INDUSTRY',
              creditCode: listed,
              name: '长沙市天心勘察院有限公司',
              licenceFileId: fileId,
            }),
            admin: { username, name: '黎平', phone: '13907310077', password: PASSWORD },
          },
        });
      // Another type cannot claim the entry.
      expect(errorOf(await apply('DESIGN', 'tx_design')).code).toBe('CREDIT_CODE_TAKEN');
      const submitted = await apply('SURVEY', 'tx_admin');
      expect(submitted.statusCode, submitted.body).toBe(200);
      const id = submitted.json<{ detail: { id: string } }>().detail.id;
      const approved = await call(sysadmin, 'POST', `/api/admin/org-applications/${id}/approve`);
      expect(approved.json<{ detail: { orgId: string } }>().detail.orgId).toBe(entryId);
      const detail = await call(info, 'GET', `/api/info/orgs/${entryId}`);
      expect(detail.json<{ detail: Record<string, unknown> }>().detail).toMatchObject({
        name: '长沙市天心勘察院有限公司',
        memberCount: 1,
      });
      // Once it has people, nobody else registers under that code.
      expect(errorOf(await apply('SURVEY', 'tx_second')).code).toBe('CREDIT_CODE_TAKEN');
    });
  });
});
