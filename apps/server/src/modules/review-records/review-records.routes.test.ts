import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CertificateSummary,
  FilingDetail,
  ReviewRecordBuildingDetail,
  ReviewRecordDetail,
  ReviewRecordPage,
} from '@drp/domain';
import { buildings } from '../../db/schema/buildings.js';
import { members } from '../../db/schema/accounts.js';
import { orgs } from '../../db/schema/orgs.js';
import { projects } from '../../db/schema/projects.js';
import { accountIdOf, demoOrgIds, detailOf, projectApi } from '../../test/project-fixture.js';
import { passedApplication } from '../../test/review-fixture.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

const USERS = [
  'construct_admin',
  'design_admin',
  'survey_admin',
  'censor_admin',
  'censor_director',
  'censor_reviewer',
  'censor_reviewer2',
  'control_admin',
] as const;
type User = (typeof USERS)[number];

const BASE = '/api/portal/reviewRecords';
const NAME = '梅溪湖公示测试住宅';

describe('the public review record: confirmed filings only, by five fields, nothing personal', () => {
  let t: TestApp;
  let api: ReturnType<typeof projectApi>;
  let org: Record<string, string>;
  const tokens = {} as Record<User, string>;
  let projectId: string;
  let certificateNo: string;
  let filing: FilingDetail;

  /** Anonymous, as a citizen: no token, the language asked for. */
  const read = (url: string, query: Record<string, string> = {}, locale = 'zh-CN') =>
    t.app.inject({ method: 'GET', url, query, headers: { 'accept-language': locale } });
  const search = async (query: Record<string, string>) => {
    const res = await read(BASE, query);
    expect(res.statusCode, res.body).toBe(200);
    return detailOf<ReviewRecordPage>(res);
  };
  const refused = (res: LightMyRequestResponse, status: number, code: string) => {
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json<{ code: string }>().code).toBe(code);
    return res.json<{ message: string }>().message;
  };

  beforeAll(async () => {
    t = await createTestApp();
    api = projectApi(t);
    org = await demoOrgIds(t.database.db);
    for (const user of USERS) tokens[user] = await t.signIn(user);
    const ids = {
      censor_reviewer: await accountIdOf(t.database.db, 'censor_reviewer'),
      censor_reviewer2: await accountIdOf(t.database.db, 'censor_reviewer2'),
    };
    // A registration number is on the certificate, and must not reach the public.
    await t.database.db
      .update(members)
      .set({ registrationType: 'STRUCTURAL_1', registrationNo: 'S43-777001' })
      .where(and(eq(members.accountId, ids.censor_reviewer), eq(members.orgId, org.censor!)));
    const passed = await passedApplication(t, { tokens, ids, org, name: NAME });
    projectId = passed.id;
    const base = `/api/checkDrawings/${org.censor}/${projectId}/certification`;
    const certificate = detailOf<CertificateSummary>(
      await api.send('POST', `${base}/compile`, tokens.censor_director),
    );
    certificateNo = certificate.certificateNo;
    await t.app.jobs.drain();
    await passed.signAll(certificate.id);
    detailOf(await api.send('POST', `${base}/issue/${certificate.id}`, tokens.censor_admin));
    filing = detailOf<FilingDetail>(
      await api.send('POST', `/api/checkDrawings/${org.censor}/${projectId}/filing`, tokens.censor_director, {
        payload: {
          jointReview: true,
          fireReview: 'PASSED',
          civilDefenceReview: 'NOT_APPLICABLE',
          remark: '',
        },
      }),
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  it('shows nothing of a filing the authority has not confirmed', async () => {
    expect((await search({ projectCode: filing.national.PrjNum })).total).toBe(0);
    expect((await search({ certificateNo })).items).toEqual([]);
    refused(await read(`${BASE}/${filing.id}`), 404, 'NOT_FOUND');
    const [building] = await t.database.db
      .select({ id: buildings.id })
      .from(buildings)
      .where(eq(buildings.projectId, projectId));
    refused(await read(`${BASE}/buildings/${building!.id}`), 404, 'NOT_FOUND');
  });

  it('lists the confirmed record by each of the five fields, and no other on a wrong one', async () => {
    detailOf(
      await api.send('POST', `/api/checkDrawings/filing/${filing.id}/decide`, tokens.control_admin, {
        payload: { decision: 'CONFIRM' },
        actingOrg: org.control,
      }),
    );
    const [project] = await t.database.db
      .select({ code: projects.code, name: projects.name })
      .from(projects)
      .where(eq(projects.id, projectId));
    const [agency] = await t.database.db
      .select({ name: orgs.name })
      .from(orgs)
      .where(eq(orgs.id, org.censor!));
    const [construct] = await t.database.db
      .select({ name: orgs.name })
      .from(orgs)
      .where(eq(orgs.id, org.construct!));
    const byField = {
      projectName: project!.name.slice(2, 8),
      projectCode: project!.code!,
      certificateNo: certificateNo.slice(-8),
      agencyName: agency!.name.slice(0, 4),
      constructName: construct!.name.slice(0, 4),
    };
    for (const [field, value] of Object.entries(byField)) {
      const page = await search({ [field]: value });
      expect(
        page.items.map((r) => r.id),
        field,
      ).toContain(filing.id);
    }
    const [record] = (await search({ projectCode: project!.code! })).items;
    expect(record).toMatchObject({
      id: filing.id,
      projectName: project!.name,
      projectCode: project!.code,
      certificateNo,
      certificateStatus: 'ISSUED',
      agencyName: agency!.name,
      constructName: construct!.name,
    });
    expect(record!.regionName).toContain('长沙');
    expect(record!.filedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // All fields at once narrow together; a wrong one empties the page. `%` is a character.
    expect((await search({ ...byField, agencyName: '不存在的审查机构' })).total).toBe(0);
    expect((await search({ projectName: '%' })).total).toBe(0);
  });

  it('reads the record and each building, in the reader’s language, with no personal data', async () => {
    const res = await read(`${BASE}/${filing.id}`);
    const detail = detailOf<ReviewRecordDetail>(res);
    expect(detail).toMatchObject({
      certificateNo,
      jointReview: true,
      fireReview: '审查合格',
      civilDefenceReview: '不涉及',
      firstRoundPassed: true,
      mandatoryCount: 0,
      rounds: 1,
    });
    expect(detail.parties.map((p) => p.role)).toEqual(
      expect.arrayContaining(['CONSTRUCT', 'DESIGN', 'CENSOR']),
    );
    expect(detail.reviewers.map((r) => r.name).length).toBeGreaterThan(0);
    expect(detail.authorityName).not.toBe('');
    expect(detail.buildings.length).toBeGreaterThan(0);
    // No phone (the application's contact), registration number or account id anywhere.
    expect(res.body).not.toContain('13800000011');
    expect(res.body).not.toContain('S43-777001');
    expect(res.body).not.toMatch(/(?<![0-9a-f])1[3-9]\d{9}(?![0-9a-f])/);
    expect(res.body).not.toContain(await accountIdOf(t.database.db, 'censor_reviewer'));

    const english = detailOf<ReviewRecordDetail>(await read(`${BASE}/${filing.id}`, {}, 'en-US'));
    expect(english.fireReview).toBe('Passed');
    expect(english.buildings[0]!.useName).not.toBe(detail.buildings[0]!.useName);

    const building = detailOf<ReviewRecordBuildingDetail>(
      await read(`${BASE}/buildings/${detail.buildings[0]!.id}`),
    );
    expect(building).toMatchObject({
      id: detail.buildings[0]!.id,
      name: detail.buildings[0]!.name,
      record: { id: filing.id, certificateNo },
    });
    expect(building.units.map((u) => u.role)).toContain('DESIGN');
  });

  it('refuses to page past the first 500 rows and an oversized page in words; a malformed id is missing', async () => {
    expect(refused(await read(BASE, { page: '50', pageSize: '10' }), 400, 'REVIEW_RECORD_TOO_DEEP')).toBe(
      '查询结果过多，仅可浏览前 500 条，请输入项目名称、编号等条件缩小范围',
    );
    refused(await read(BASE, { pageSize: '500' }), 400, 'VALIDATION_FAILED');
    refused(await read(`${BASE}/not-an-id`), 404, 'NOT_FOUND');
    refused(await read(`${BASE}/buildings/00000000-0000-4000-8000-000000000000`), 404, 'NOT_FOUND');
  });
});
