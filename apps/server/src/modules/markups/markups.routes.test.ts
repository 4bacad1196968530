import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { PDFDocument, rgb } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MARKUP_LIMITS,
  type DocFile,
  type Markup,
  type MarkupInput,
  type MarkupList,
  type XfdfImportResult,
} from '@drp/domain';
import { auditEvents } from '../../db/schema/audit.js';
import { docSheets } from '../../db/schema/sheets.js';
import { markups } from '../../db/schema/markups.js';
import { accountIdOf, demoOrgIds, detailOf, insertMission, projectApi } from '../../test/project-fixture.js';
import { readyForHandOver, submittedForMaterials, uploadDocFile } from '../../test/doc-fixture.js';
import { prepareSheetsNow } from '../../test/sheet-fixture.js';
import { FILE_SIGNAL_CHANNEL } from '../sheets/sheet-signal.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

const run = promisify(execFile);

/** Two white pages: the first with a CropBox away from the origin, so page space ≠ user space. */
async function testSheet(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const first = doc.addPage([600, 400]);
  first.setCropBox(20, 30, 540, 330);
  first.drawRectangle({ x: 20, y: 30, width: 540, height: 330, color: rgb(1, 1, 1) });
  doc.addPage([300, 300]);
  return Buffer.from(await doc.save());
}
/** Page 0's size in page space. */
const PAGE = { width: 540, height: 330 };

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
  'censor_reviewer',
  'censor_reviewer2',
  'design2_admin',
  'control_admin',
  'joint_admin',
] as const;
type User = (typeof USERS)[number];

const RECT: MarkupInput = {
  page: 0,
  kind: 'RECT',
  points: [
    [100, 100],
    [300, 200],
  ],
  color: '#1971c2',
  strokeWidth: 4,
};

describe('markups on a sheet: storage, access, validation, XFDF and the burned copy', () => {
  let t: TestApp;
  let api: ReturnType<typeof projectApi>;
  let org: Record<string, string>;
  const tokens = {} as Record<User, string>;
  let projectId: string;
  let file: DocFile;
  let surveyFile: DocFile;
  let otherProjectId: string;
  let uploadingFile: DocFile;
  let scratch: string;

  const orgOf = (user: User) =>
    ({
      construct_admin: org.construct,
      design_admin: org.design,
      survey_admin: org.survey,
      censor_admin: org.censor,
      censor_reviewer: org.censor,
      censor_reviewer2: org.censor,
      design2_admin: org.design2,
      control_admin: org.control,
      joint_admin: org.joint,
    })[user]!;
  const base = (user: User, project = projectId) =>
    `/api/checkDrawings/${orgOf(user)}/${project}/docRepository/markups`;
  const list = (user: User, fileId = file.id, project = projectId) =>
    api.send('GET', base(user, project), tokens[user], { query: { fileId } });
  const listed = async (user: User, fileId = file.id) => detailOf<MarkupList>(await list(user, fileId));
  const create = (user: User, input: MarkupInput, fileId = file.id, project = projectId) =>
    api.send('POST', base(user, project), tokens[user], { payload: { ...input, fileId } });
  const created = async (user: User, input: MarkupInput, fileId = file.id) =>
    detailOf<Markup>(await create(user, input, fileId));
  const update = (user: User, id: string, input: MarkupInput) =>
    api.send('PUT', `${base(user)}/${id}`, tokens[user], { payload: input });
  const remove = (user: User, id: string) => api.send('DELETE', `${base(user)}/${id}`, tokens[user]);
  const publish = (user: User, id: string) => api.send('PUT', `${base(user)}/${id}/publish`, tokens[user]);
  const reply = (user: User, id: string, text: string) =>
    api.send('POST', `${base(user)}/${id}/replies`, tokens[user], { payload: { text } });
  const importXfdf = (user: User, xml: string, fileId = file.id) =>
    t.app.inject({
      method: 'POST',
      url: `${base(user)}/xfdf`,
      query: { fileId },
      headers: { authorization: `Bearer ${tokens[user]}`, 'content-type': 'application/vnd.adobe.xfdf' },
      payload: xml,
    });
  const exportXfdf = (user: User) =>
    api.send('GET', `${base(user)}/xfdf`, tokens[user], { query: { fileId: file.id } });

  beforeAll(async () => {
    t = await createTestApp();
    api = projectApi(t);
    org = await demoOrgIds(t.database.db);
    for (const user of USERS) tokens[user] = await t.signIn(user);
    scratch = await mkdtemp(path.join(os.tmpdir(), 'drp-markups-'));

    // An application whose round 1 the agency has accepted: in review.
    const inReview = await submittedForMaterials(t, {
      constructToken: tokens.construct_admin,
      designToken: tokens.design_admin,
      org,
      name: '湘江新区标注测试公寓',
    });
    projectId = inReview.project.id;
    await readyForHandOver(t, {
      constructToken: tokens.construct_admin,
      surveyToken: tokens.survey_admin,
      org,
      projectId,
      buildingId: inReview.buildingId,
    });
    const upload = (
      user: User,
      project: string,
      versionId: string,
      folderId: string,
      name: string,
      body: Buffer,
    ) =>
      uploadDocFile(t, {
        token: tokens[user],
        orgId: orgOf(user),
        projectId: project,
        versionId,
        folderId,
        name,
        body,
      });
    file = await upload(
      'design_admin',
      projectId,
      inReview.versionId,
      inReview.structure.id,
      'A-101 平面图.pdf',
      await testSheet(),
    );
    surveyFile = await upload(
      'survey_admin',
      projectId,
      inReview.versionId,
      inReview.surveyFolder.id,
      '勘察报告.pdf',
      await testSheet(),
    );
    const step = (user: User, name: string, query: Record<string, string>) =>
      api.send(
        'GET',
        `/api/checkDrawings/${orgOf(user)}/${projectId}/docRepositoryOrg/${name}`,
        tokens[user],
        {
          query: { versionId: inReview.versionId, ...query },
        },
      );
    detailOf(await step('design_admin', 'commitDoc', { category: 'DESIGN' }));
    detailOf(await step('survey_admin', 'commitDoc', { category: 'SURVEY' }));
    detailOf(await step('construct_admin', 'confirmApplyDoc', { confirmWarnings: 'true' }));
    detailOf(await step('censor_admin', 'confirmApplyDoc', {}));
    // A normal reviewer sees an application only where they hold a review mission (issue 19).
    for (const reviewer of ['censor_reviewer', 'censor_reviewer2'] as const)
      await insertMission(t.database.db, {
        projectId,
        buildingId: inReview.buildingId,
        specialty: reviewer === 'censor_reviewer' ? 'STRUCTURE' : 'ARCHITECTURE',
        reviewerAccountId: await accountIdOf(t.database.db, reviewer),
        censorOrgId: org.censor!,
      });

    // Another whose materials are still being uploaded.
    const uploading = await submittedForMaterials(t, {
      constructToken: tokens.construct_admin,
      designToken: tokens.design_admin,
      org,
      name: '湘江新区标注测试二期',
    });
    otherProjectId = uploading.project.id;
    uploadingFile = await upload(
      'design_admin',
      otherProjectId,
      uploading.versionId,
      uploading.structure.id,
      'S-201.pdf',
      await testSheet(),
    );
    await prepareSheetsNow(t.app);
  });

  afterAll(async () => {
    await rm(scratch, { recursive: true, force: true });
    await t.close();
  });

  it('keeps a new markup in its author’s own layer until it is published, then every party reads it', async () => {
    const signals: unknown[] = [];
    const stop = await t.database.listen(FILE_SIGNAL_CHANNEL, {
      onNotify: (p) => signals.push(JSON.parse(p)),
    });
    const mine = await created('censor_reviewer', { ...RECT, text: '核对梁截面' });
    // Open viewers of the file hear that its markups changed.
    await expect.poll(() => signals).toContainEqual({ fileId: file.id, event: 'markups' });
    await stop();
    expect(mine).toMatchObject({
      fileId: file.id,
      page: 0,
      kind: 'RECT',
      points: RECT.points,
      text: '核对梁截面',
      color: '#1971c2',
      strokeWidth: 4,
      layer: 'OWN',
      publishedAt: null,
      replies: [],
      can: { edit: true, publish: true, reply: true },
    });
    expect(mine.author.accountId).toBe(await accountIdOf(t.database.db, 'censor_reviewer'));
    expect(mine.author.name).not.toBe('');
    expect(mine.author.orgName).toBe('湖南省建设工程施工图审查中心有限公司');
    const own = await listed('censor_reviewer');
    expect(own.canDraw).toBe(true);
    expect(own.items.map((m) => m.id)).toEqual([mine.id]);
    // Nobody else sees it, not even a colleague; nobody but the agency may draw.
    for (const user of [
      'censor_reviewer2',
      'censor_admin',
      'design_admin',
      'construct_admin',
      'control_admin',
    ] as const) {
      const seen = await listed(user);
      expect(seen.items, user).toEqual([]);
      expect(seen.canDraw, user).toBe(user.startsWith('censor'));
    }
    // Someone else's own markup is as missing as one that does not exist.
    refused(await publish('censor_reviewer2', mine.id), 404, 'NOT_FOUND');
    refused(await update('censor_reviewer2', mine.id, RECT), 404, 'NOT_FOUND');
    refused(await remove('censor_reviewer2', mine.id), 404, 'NOT_FOUND');
    refused(await reply('censor_reviewer2', mine.id, '?'), 404, 'NOT_FOUND');

    const published = detailOf<Markup>(await publish('censor_reviewer', mine.id));
    expect(published.layer).toBe('PUBLISHED');
    expect(published.publishedAt).not.toBeNull();
    expect(published.can).toEqual({ edit: true, publish: false, reply: true });
    const audited = await t.database.db
      .select({ action: auditEvents.action, detail: auditEvents.detail })
      .from(auditEvents)
      .where(eq(auditEvents.targetId, file.id));
    expect(audited.filter((e) => e.action.startsWith('MARKUP'))).toEqual([
      { action: 'MARKUP_PUBLISHED', detail: { projectId, name: file.name, markupId: mine.id, kind: 'RECT' } },
    ]);
    for (const user of [
      'censor_reviewer2',
      'design_admin',
      'construct_admin',
      'control_admin',
      'joint_admin',
    ] as const) {
      const seen = await listed(user);
      expect(
        seen.items.map((m) => m.id),
        user,
      ).toEqual([mine.id]);
      expect(seen.items[0]!.can, user).toEqual({
        edit: false,
        publish: false,
        reply: user === 'censor_reviewer2',
      });
    }
    // Not a party: the application does not exist for it.
    refused(await list('design2_admin'), 404, 'NOT_FOUND');
    refused(
      await api.send('GET', `${base('design2_admin')}/xfdf`, tokens.design2_admin, {
        query: { fileId: file.id },
      }),
      404,
      'NOT_FOUND',
    );
  });

  it('lets only the author change, delete or publish a markup; the designer neither draws nor edits', async () => {
    const mine = await created('censor_reviewer', { ...RECT, kind: 'ELLIPSE' });
    detailOf(await publish('censor_reviewer', mine.id));
    expect(refused(await update('censor_reviewer2', mine.id, RECT), 403, 'MARKUP_NOT_YOURS')).toBe(
      '只能修改本人的标注',
    );
    refused(await remove('censor_reviewer2', mine.id), 403, 'MARKUP_NOT_YOURS');
    refused(await publish('censor_reviewer2', mine.id), 403, 'MARKUP_NOT_YOURS');
    refused(await update('censor_admin', mine.id, RECT), 403, 'MARKUP_NOT_YOURS');
    refused(await create('design_admin', RECT), 403, 'FORBIDDEN');
    refused(await update('design_admin', mine.id, RECT), 403, 'FORBIDDEN');
    refused(await remove('design_admin', mine.id), 403, 'FORBIDDEN');
    refused(await reply('design_admin', mine.id, '收到'), 403, 'FORBIDDEN');
    refused(await importXfdf('design_admin', '<xfdf/>'), 403, 'FORBIDDEN');

    // A colleague replies; the author changes and then deletes it, replies and all.
    const answered = detailOf<Markup>(await reply('censor_reviewer2', mine.id, '  同意，请设计单位复核  '));
    expect(answered.replies.map((r) => [r.text, r.author.accountId])).toEqual([
      ['同意，请设计单位复核', await accountIdOf(t.database.db, 'censor_reviewer2')],
    ]);
    refused(await reply('censor_reviewer2', mine.id, '   '), 400, 'VALIDATION_FAILED');
    const changed = detailOf<Markup>(
      await update('censor_reviewer', mine.id, {
        ...RECT,
        kind: 'CLOUD',
        color: '#2F9E44',
        text: '改为云线',
      }),
    );
    expect(changed).toMatchObject({ kind: 'CLOUD', color: '#2f9e44', text: '改为云线', layer: 'PUBLISHED' });
    expect(changed.replies).toHaveLength(1);
    detailOf(await remove('censor_reviewer', mine.id));
    expect((await listed('censor_reviewer2')).items.map((m) => m.id)).not.toContain(mine.id);
    refused(await remove('censor_reviewer', mine.id), 404, 'NOT_FOUND');
  });

  it('refuses drawing on a version that is not in review, and on a sheet still being prepared', async () => {
    // The agency's admin: a normal reviewer holds no mission in an application still uploading.
    const message = refused(
      await create('censor_admin', RECT, uploadingFile.id, otherProjectId),
      409,
      'MARKUP_VERSION_NOT_IN_REVIEW',
    );
    expect(message).toBe('该版本资料不在审查中，不能标注');
    expect(detailOf<MarkupList>(await list('censor_admin', uploadingFile.id, otherProjectId)).canDraw).toBe(
      false,
    );
    // The file must belong to the application named in the path.
    refused(await create('censor_reviewer', RECT, uploadingFile.id), 404, 'NOT_FOUND');
    refused(await list('censor_reviewer', uploadingFile.id), 404, 'NOT_FOUND');
    refused(await create('censor_reviewer', RECT, '00000000-0000-4000-8000-00000000f00d'), 404, 'NOT_FOUND');

    await t.database.db.update(docSheets).set({ state: 'PENDING' }).where(eq(docSheets.fileId, file.id));
    try {
      refused(await create('censor_reviewer', RECT), 409, 'SHEET_NOT_READY');
    } finally {
      await t.database.db.update(docSheets).set({ state: 'READY' }).where(eq(docSheets.fileId, file.id));
    }
  });

  it('refuses shapes off the page, degenerate or incomplete, and absurd point counts', async () => {
    const { width, height } = PAGE;
    const slack = MARKUP_LIMITS.slackPt;
    refused(
      await create('censor_reviewer', {
        ...RECT,
        points: [
          [10, 10],
          [width + slack + 0.5, 50],
        ],
      }),
      400,
      'MARKUP_OFF_PAGE',
    );
    refused(
      await create('censor_reviewer', {
        ...RECT,
        points: [
          [-slack - 0.5, 10],
          [50, 50],
        ],
      }),
      400,
      'MARKUP_OFF_PAGE',
    );
    refused(
      await create('censor_reviewer', {
        ...RECT,
        points: [
          [10, 10],
          [50, height + 100],
        ],
      }),
      400,
      'MARKUP_OFF_PAGE',
    );
    refused(
      await create('censor_reviewer', {
        ...RECT,
        points: [
          [10, 10],
          [1e12, 50],
        ],
      }),
      400,
      'MARKUP_OFF_PAGE',
    );
    // To the very edge, give or take the slack, is on the page.
    const edge = await created('censor_reviewer', {
      ...RECT,
      points: [
        [-slack, -slack],
        [width + slack, height + slack],
      ],
    });
    detailOf(await remove('censor_reviewer', edge.id));
    refused(await create('censor_reviewer', { ...RECT, page: 2 }), 404, 'SHEET_PAGE_NOT_FOUND');

    const shape = async (input: MarkupInput) => {
      const res = await create('censor_reviewer', input);
      const zh = refused(res, 400, 'MARKUP_SHAPE_INVALID');
      const en = await t.app.inject({
        method: 'POST',
        url: base('censor_reviewer'),
        headers: { authorization: `Bearer ${tokens.censor_reviewer}`, 'accept-language': 'en-US' },
        payload: { ...input, fileId: file.id },
      });
      return [zh, refused(en, 400, 'MARKUP_SHAPE_INVALID')];
    };
    expect(
      await shape({
        ...RECT,
        points: [
          [10, 10],
          [200, 10],
        ],
      }),
    ).toEqual([
      '标注的形状不正确：矩形的宽度或高度为零',
      'The markup’s shape is not valid: the rectangle has no width or height',
    ]);
    expect(await shape({ ...RECT, kind: 'STAMP' })).toEqual([
      '标注的形状不正确：图章未选择印文',
      'The markup’s shape is not valid: the stamp has no stamp chosen',
    ]);
    expect((await shape({ ...RECT, kind: 'TEXT', text: '  ' }))[0]).toBe('标注的形状不正确：文字没有文字');
    expect(
      (
        await shape({
          ...RECT,
          kind: 'CALLOUT',
          points: [
            [1, 1],
            [10, 10],
            [60, 40],
          ],
        })
      )[1],
    ).toBe('The markup’s shape is not valid: the callout has no text');
    expect(
      (
        await shape({
          ...RECT,
          kind: 'ARROW',
          points: [
            [10, 10],
            [10.5, 10],
          ],
        })
      )[1],
    ).toMatch(/starts where it ends/);
    expect(
      (
        await shape({
          ...RECT,
          points: [
            [10, 10],
            [20, 20],
            [30, 30],
          ],
        })
      )[0],
    ).toBe('标注的形状不正确：矩形需要2个点');
    expect(
      (
        await shape({
          ...RECT,
          kind: 'AREA',
          points: [
            [10, 10],
            [20, 20],
            [30, 30],
          ],
        })
      )[1],
    ).toMatch(/encloses nothing/);

    refused(
      await create('censor_reviewer', { ...RECT, kind: 'POLYLINE', points: [[1, 1]] }),
      400,
      'VALIDATION_FAILED',
    );
    const many = (count: number) => Array.from({ length: count }, (_, i) => [i % 2, 1] as [number, number]);
    refused(
      await create('censor_reviewer', {
        ...RECT,
        kind: 'POLYLINE',
        points: many(MARKUP_LIMITS.pointsMax + 1),
      }),
      400,
      'VALIDATION_FAILED',
    );
    refused(
      await create('censor_reviewer', { ...RECT, kind: 'POLYLINE', points: many(100_000) }),
      400,
      'VALIDATION_FAILED',
    );
    refused(await create('censor_reviewer', { ...RECT, strokeWidth: 500 }), 400, 'VALIDATION_FAILED');
    refused(await create('censor_reviewer', { ...RECT, color: 'red' }), 400, 'VALIDATION_FAILED');
    expect((await listed('censor_reviewer')).items.every((m) => m.kind !== 'POLYLINE')).toBe(true);
  });

  it('refuses a markup beyond the file’s cap', async () => {
    const authorAccountId = await accountIdOf(t.database.db, 'censor_reviewer');
    const row = {
      fileId: surveyFile.id,
      versionId: surveyFile.versionId,
      projectId,
      page: 0,
      kind: 'RECT' as const,
      points: RECT.points,
      color: '#e03131',
      strokeWidth: 1,
      authorAccountId,
      authorOrgId: org.censor!,
    };
    for (let i = 0; i < MARKUP_LIMITS.perFileMax; i += 1000)
      await t.database.db.insert(markups).values(Array.from({ length: 1000 }, () => row));
    const message = refused(await create('censor_reviewer', RECT, surveyFile.id), 409, 'MARKUP_FILE_FULL');
    expect(message).toBe(`该图纸的标注已达上限（${MARKUP_LIMITS.perFileMax}条）`);
  });

  it('exports XFDF and imports it back: the same kinds, pages and points, with the replies', async () => {
    const drawn: MarkupInput[] = [
      {
        page: 0,
        kind: 'CLOUD',
        points: [
          [50, 50],
          [150, 120],
        ],
      },
      {
        page: 0,
        kind: 'ARROW',
        points: [
          [10, 10],
          [80.333, 60.125],
        ],
      },
      {
        page: 0,
        kind: 'POLYLINE',
        points: [
          [5, 5],
          [60, 90],
          [120, 30],
        ],
      },
      {
        page: 0,
        kind: 'TEXT',
        points: [
          [200, 200],
          [400, 260],
        ],
        text: '说明 <一> & "二"',
      },
      {
        page: 0,
        kind: 'CALLOUT',
        points: [
          [300, 50],
          [350, 100],
          [500, 150],
        ],
        text: '见详图',
      },
      {
        page: 0,
        kind: 'STAMP',
        points: [
          [400, 10],
          [520, 60],
        ],
        stamp: 'REVISE',
      },
      {
        page: 0,
        kind: 'DISTANCE',
        points: [
          [20, 300],
          [320, 300],
        ],
        calibration: { realPerPoint: 0.035278, unit: 'm', source: '1:100' },
      },
      {
        page: 0,
        kind: 'AREA',
        points: [
          [20, 150],
          [120, 150],
          [120, 250],
          [20, 250],
        ],
      },
      {
        page: 1,
        kind: 'ELLIPSE',
        points: [
          [10, 10],
          [200, 150],
        ],
        color: '#7048e8',
      },
    ];
    const ids: string[] = [];
    for (const input of drawn) ids.push((await created('censor_reviewer2', input)).id);
    detailOf(await reply('censor_reviewer2', ids[0]!, '第一条回复'));
    detailOf(await reply('censor_reviewer2', ids[0]!, '第二条回复'));
    const before = (await listed('censor_reviewer2')).items;

    const res = await exportXfdf('censor_reviewer2');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.adobe.xfdf; charset=utf-8');
    expect(res.headers['content-disposition']).toContain(
      `filename*=UTF-8''A-101%20${encodeURIComponent('平面图')}.xfdf`,
    );
    // User space: page 0's CropBox starts at (20, 30).
    expect(res.body).toContain('rect="70,80,170,150"');

    const imported = detailOf<XfdfImportResult>(await importXfdf('censor_reviewer2', res.body));
    expect(imported).toEqual({ imported: before.length, skipped: [] });
    const after = (await listed('censor_reviewer2')).items;
    expect(after).toHaveLength(before.length * 2);
    const copies = after.filter((m) => !before.some((b) => b.id === m.id));
    expect(copies.map((m) => [m.kind, m.page])).toEqual(before.map((m) => [m.kind, m.page]));
    copies.forEach((copy, i) => {
      const original = before[i]!;
      expect(copy.layer).toBe('OWN');
      expect(copy.text).toBe(original.text);
      expect(copy.stamp).toBe(original.stamp);
      expect(copy.color).toBe(original.color);
      expect(copy.calibration).toEqual(original.calibration);
      copy.points.forEach((p, j) => {
        expect(Math.abs(p[0] - original.points[j]![0])).toBeLessThan(0.01);
        expect(Math.abs(p[1] - original.points[j]![1])).toBeLessThan(0.01);
      });
      expect(copy.replies.map((r) => r.text)).toEqual(original.replies.map((r) => r.text));
    });
    for (const copy of copies) detailOf(await remove('censor_reviewer2', copy.id));
  });

  it('says what is wrong with an XFDF file it cannot read, and skips what it cannot place', async () => {
    const zh = refused(
      await importXfdf('censor_reviewer2', '<xfdf><annots><square></annots>'),
      400,
      'MARKUP_XFDF_INVALID',
    );
    expect(zh).toMatch(/^无法读取该XFDF文件：XML格式错误/);
    refused(await importXfdf('censor_reviewer2', '<?xml version="1.0"?><svg/>'), 400, 'MARKUP_XFDF_INVALID');
    refused(await importXfdf('censor_reviewer2', ''), 400, 'MARKUP_XFDF_INVALID');
    refused(
      await importXfdf('censor_reviewer2', '<xfdf><annots><__proto__ polluted="1"/></annots></xfdf>'),
      400,
      'MARKUP_XFDF_INVALID',
    );
    // XML by any of its names, with a charset.
    const asXml = await t.app.inject({
      method: 'POST',
      url: `${base('censor_reviewer2')}/xfdf`,
      query: { fileId: file.id },
      headers: {
        authorization: `Bearer ${tokens.censor_reviewer2}`,
        'content-type': 'text/xml; charset=utf-8',
      },
      payload: '<xfdf xmlns="http://ns.adobe.com/xfdf/"><annots/></xfdf>',
    });
    expect(detailOf<XfdfImportResult>(asXml)).toEqual({ imported: 0, skipped: [] });
    const huge = `<xfdf>${' '.repeat(MARKUP_LIMITS.xfdfBytesMax)}</xfdf>`;
    refused(await importXfdf('censor_reviewer2', huge), 413, 'PAYLOAD_TOO_LARGE');
    const result = detailOf<XfdfImportResult>(
      await importXfdf(
        'censor_reviewer2',
        `<xfdf xmlns="http://ns.adobe.com/xfdf/"><annots>
          <square page="0" rect="20,30,20,90" name="a"/>
          <square page="0" rect="0,0,5000,90" name="b"/>
          <caret page="0" rect="20,30,40,50" name="c"/>
        </annots></xfdf>`,
      ),
    );
    expect(result.imported).toBe(0);
    expect(result.skipped.map((s) => s.index)).toEqual([0, 1, 2]);
    expect(result.skipped[1]!.reason).toBe('标注超出了图纸页面范围');
  });

  it('burns the visible markups into a copy of the PDF, where they were drawn', async () => {
    const drawn = await created('censor_reviewer', {
      ...RECT,
      points: [
        [100, 100],
        [300, 200],
      ],
      color: '#1971c2',
      strokeWidth: 6,
    });
    detailOf(await publish('censor_reviewer', drawn.id));
    await created('censor_reviewer', {
      page: 0,
      kind: 'TEXT',
      points: [
        [320, 250],
        [520, 300],
      ],
      text: '请补充结构计算书',
    });
    detailOf(
      await publish(
        'censor_reviewer',
        (
          await created('censor_reviewer', {
            page: 1,
            kind: 'STAMP',
            points: [
              [10, 10],
              [200, 80],
            ],
            stamp: 'CHECKED',
          })
        ).id,
      ),
    );
    const res = await api.send('GET', `${base('design_admin')}/burned`, tokens.design_admin, {
      query: { fileId: file.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(
      `filename*=UTF-8''A-101%20${encodeURIComponent('平面图（含标注）')}.pdf`,
    );
    const bytes = res.rawPayload;
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(2);

    // 72 dpi: a pixel per point, the CropBox's bottom-left corner at the image's bottom-left.
    const pdf = path.join(scratch, 'burned.pdf');
    await writeFile(pdf, bytes);
    const { stdout } = await run('pdftoppm', ['-r', '72', '-cropbox', '-f', '1', '-l', '1', pdf], {
      encoding: 'buffer',
      maxBuffer: 64 * 1024 * 1024,
    });
    const image = readPpm(stdout);
    expect([image.width, image.height]).toEqual([PAGE.width, PAGE.height]);
    const at = (x: number, y: number) => image.pixel(x, PAGE.height - y);
    // The rectangle's left edge and top edge are blue; its inside and the page elsewhere stay white.
    for (const [x, y] of [
      [100, 150],
      [200, 200],
      [300, 120],
    ] as const)
      expect(bluish(at(x, y)), `${x},${y}`).toBe(true);
    expect(at(200, 150)).toEqual([255, 255, 255]);
    expect(at(50, 50)).toEqual([255, 255, 255]);
    // The designer's copy has no markup of a reviewer's own layer: the text was not published.
    const textArea = countDark(image, 320, PAGE.height - 300, 520, PAGE.height - 250);
    expect(textArea).toBe(0);
    const own = await api.send('GET', `${base('censor_reviewer')}/burned`, tokens.censor_reviewer, {
      query: { fileId: file.id },
    });
    const mine = path.join(scratch, 'mine.pdf');
    await writeFile(mine, own.rawPayload);
    const rendered = readPpm(
      (
        await run('pdftoppm', ['-r', '72', '-cropbox', '-f', '1', '-l', '1', mine], {
          encoding: 'buffer',
          maxBuffer: 64 * 1024 * 1024,
        })
      ).stdout,
    );
    expect(countDark(rendered, 320, PAGE.height - 300, 520, PAGE.height - 250)).toBeGreaterThan(50);
  });
});

interface Ppm {
  width: number;
  height: number;
  pixel(x: number, y: number): [number, number, number];
}

/** A binary PPM (P6), as pdftoppm writes to standard output. */
function readPpm(bytes: Buffer): Ppm {
  const header = /^P6\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(bytes.subarray(0, 64).toString('latin1'));
  if (!header) throw new Error('not a PPM');
  const width = Number(header[1]);
  const height = Number(header[2]);
  const offset = header[0].length;
  return {
    width,
    height,
    pixel: (x, y) => {
      const i = offset + (Math.round(y) * width + Math.round(x)) * 3;
      return [bytes[i]!, bytes[i + 1]!, bytes[i + 2]!];
    },
  };
}

const bluish = ([r, , b]: [number, number, number]) => b > 150 && r < 120 && b - r > 80;

/** Pixels clearly not white in a window of the image (image coordinates). */
function countDark(image: Ppm, x0: number, y0: number, x1: number, y1: number) {
  let count = 0;
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++) if (image.pixel(x, y).some((c) => c < 200)) count++;
  return count;
}
