import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { creditCodeCheckChar, type OrgApplication, type OrgDetail } from '@drp/domain';
import { createTestApp, type TestApp } from '../../test/test-app.js';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const PASSWORD = 'Zi#Zhi2026pass';
const DAY = 86_400_000;

const code = (first17: string) => `${first17}${creditCodeCheckChar(first17)!}`;
const envelope = (res: LightMyRequestResponse) =>
  res.json<{ code: string; message: string; detail?: { fields?: { field: string }[] } }>();

/** The date n days from now in Beijing, as the form sends it. */
const beijingDay = (days: number) =>
  new Date(Date.now() + days * DAY + 8 * 3_600_000).toISOString().slice(0, 10);

describe('registration asks for the enterprise’s 资质', () => {
  let t: TestApp;
  let sysadmin: string;
  let fileId: string;
  let serial = 0;

  const post = (payload: object, lang = 'zh-CN') =>
    t.app.inject({
      method: 'POST',
      url: '/api/register/applications',
      headers: { 'accept-language': lang },
      payload,
    });
  /** A fresh credit code and username per application, so claims never collide. */
  const application = (fields: Record<string, unknown>) => {
    serial += 1;
    return {
      name: `湖南资质测试有限公司${serial}`,
      creditCode: code(`91430104MA4Q${String(serial).padStart(5, '0')}`),
      regionCode: '430104',
      address: '长沙市岳麓区麓谷大道 1 号',
      legalRepresentative: '资质',
      contactName: '资质',
      contactPhone: '0731-85550000',
      licenceFileId: fileId,
      agreementAccepted: true,
      admin: { username: `zz_admin${serial}`, name: '资质', phone: '13907310000', password: PASSWORD },
      ...fields,
    };
  };
  const QUALIFIED = {
    orgType: 'SURVEY',
    qualificationType: 'SURVEY_SPECIALTY',
    qualificationGrade: '乙级',
    qualificationNo: 'B243001234',
    qualificationValidUntil: '2031-06-30',
  };

  beforeAll(async () => {
    t = await createTestApp();
    sysadmin = await t.signIn('sysadmin');
    const boundary = '----drp-qualification';
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/register/licence',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="licence.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
        ),
        PDF,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    fileId = upload.json<{ detail: { fileId: string } }>().detail.fileId;
  });
  afterAll(() => t.close());

  it('keeps the type, grade, certificate number and validity, shows them to the reviewer and the directory', async () => {
    const res = await post(application(QUALIFIED));
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json<{ detail: { id: string } }>().detail.id;
    const detail = await t.app.inject({
      url: `/api/admin/org-applications/${id}`,
      headers: { authorization: `Bearer ${sysadmin}` },
    });
    expect(detail.json<{ detail: OrgApplication }>().detail).toMatchObject({
      qualificationType: 'SURVEY_SPECIALTY',
      qualificationGrade: '乙级',
      qualificationNo: 'B243001234',
      qualificationValidUntil: '2031-06-30',
    });
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/admin/org-applications/${id}/approve`,
      headers: { authorization: `Bearer ${sysadmin}` },
    });
    const { orgId } = approved.json<{ detail: { orgId: string } }>().detail;
    const org = await t.app.inject({
      url: `/api/info/orgs/${orgId}`,
      headers: { authorization: `Bearer ${sysadmin}` },
    });
    expect(org.json<{ detail: OrgDetail }>().detail).toMatchObject({
      qualificationNo: 'B243001234',
      qualificationGrade: '乙级',
    });
  });

  it('requires it of design, survey and review units, naming each missing field', async () => {
    for (const orgType of ['DESIGN', 'SURVEY', 'CENSOR']) {
      const res = await post(application({ orgType }));
      expect(res.statusCode, orgType).toBe(400);
      expect(envelope(res).code).toBe('VALIDATION_FAILED');
      expect(
        envelope(res)
          .detail!.fields!.map((f) => f.field)
          .sort(),
      ).toEqual(['qualificationGrade', 'qualificationNo', 'qualificationType', 'qualificationValidUntil']);
    }
  });

  it('lets a construction unit register without one, but not with half of one', async () => {
    expect((await post(application({ orgType: 'CONSTRUCT' }))).statusCode).toBe(200);
    const half = await post(application({ orgType: 'CONSTRUCT', qualificationNo: 'F243000001' }));
    expect(half.statusCode).toBe(400);
    expect(
      await post(
        application({
          orgType: 'CONSTRUCT',
          qualificationType: 'REAL_ESTATE',
          qualificationGrade: '二级',
          qualificationNo: 'F243000001',
          qualificationValidUntil: '2030-01-01',
        }),
      ),
    ).toHaveProperty('statusCode', 200);
  });

  it('refuses a type the organisation does not hold and a grade the type is not issued in', async () => {
    const wrongType = await post(application({ ...QUALIFIED, qualificationType: 'REVIEW_AGENCY' }));
    expect(wrongType.statusCode).toBe(400);
    expect(envelope(wrongType).detail!.fields!.map((f) => f.field)).toEqual(['qualificationType']);
    const wrongGrade = await post(application({ ...QUALIFIED, qualificationType: 'SURVEY_LABOUR' }));
    expect(envelope(wrongGrade).detail!.fields!.map((f) => f.field)).toEqual(['qualificationGrade']);
    for (const bad of [
      { qualificationGrade: 'S级' },
      { qualificationNo: '证书' },
      { qualificationNo: 'AB' },
      { qualificationValidUntil: '2031-02-30' },
      { qualificationValidUntil: '31/12/2031' },
      { qualificationType: 42 },
    ]) {
      const res = await post(application({ ...QUALIFIED, ...bad }));
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(envelope(res).code).toBe('VALIDATION_FAILED');
    }
  });

  it('refuses an expired certificate in the caller’s language; one valid until today is fine', async () => {
    const zh = await post(application({ ...QUALIFIED, qualificationValidUntil: beijingDay(-1) }));
    expect(zh.statusCode).toBe(400);
    expect(envelope(zh)).toMatchObject({
      code: 'QUALIFICATION_EXPIRED',
      message: `资质证书已过有效期（有效期至 ${beijingDay(-1)}），请填写有效的资质证书`,
    });
    const en = await post(application({ ...QUALIFIED, qualificationValidUntil: '2001-01-01' }), 'en-US');
    expect(envelope(en).message).toBe(
      'The qualification certificate expired on 2001-01-01; enter a valid certificate',
    );
    expect(
      (await post(application({ ...QUALIFIED, qualificationValidUntil: beijingDay(0) }))).statusCode,
    ).toBe(200);
  });
});
