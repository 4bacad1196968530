import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { LIMITS, type AuditPage, type ProjectDoc, type ProjectDocPage } from '@drp/domain';
import { projectDocs } from '../../db/schema/project-docs.js';
import { DEMO_ORGS } from '../../db/seed/demo-seed.js';
import { applicationForm, demoOrgIds, detailOf, projectApi } from '../../test/project-fixture.js';
import { multipartBody, storedZip } from '../../test/multipart-body.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

function refused(res: LightMyRequestResponse, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json<{ code: string; message: string }>();
  expect(body.code, res.body).toBe(code);
  return body;
}

const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000dIHDR-a-scan'),
]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('JFIF-a-photo')]);

const OFD = storedZip({
  'OFD.xml': '<ofd:OFD xmlns:ofd="http://www.ofdspec.org/2016" Version="1.0"/>',
  'Doc_0/Document.xml': '<ofd:Document/>',
});
const DOCX = storedZip({ '[Content_Types].xml': '<Types/>', 'word/document.xml': '<w:document/>' });

const USERS = [
  'construct_admin',
  'construct2_admin',
  'design_admin',
  'design2_admin',
  'censor_admin',
  'censor2_admin',
  'control_admin',
  'joint_admin',
  'sysadmin',
] as const;
type User = (typeof USERS)[number];

describe('attachments of an application', () => {
  let t: TestApp;
  let projects: ReturnType<typeof projectApi>;
  let org: Record<string, string>;
  const tokens = {} as Record<User, string>;
  let dicId: string;
  let projectId: string;
  const added: Record<string, ProjectDoc> = {};

  const add = (
    user: User,
    fields: Record<string, string>,
    file?: { name: string; content: Buffer; type?: string },
  ) => {
    const body = multipartBody(fields, file);
    return t.app.inject({
      method: 'POST',
      url: '/api/checkDrawings/projectDoc/add',
      headers: { ...body.headers, authorization: `Bearer ${tokens[user]}` },
      payload: body.payload,
    });
  };
  const list = (user: User, query: Record<string, string>) =>
    projects.send('GET', '/api/checkDrawings/projectDoc/pagelist', tokens[user], { query });
  const page = async (user: User, query: Record<string, string> = {}) =>
    detailOf<ProjectDocPage>(await list(user, { projectId, ...query }));
  const download = (user: User, id: string) =>
    projects.send('GET', `/api/checkDrawings/projectDoc/download/${id}`, tokens[user]);
  const remark = (user: User, id: string, body: unknown) =>
    projects.send('POST', `/api/checkDrawings/projectDoc/remark/edit/${id}`, tokens[user], { payload: body });
  const remove = (user: User, id: string) =>
    projects.send('DELETE', `/api/checkDrawings/projectDoc/delete/${id}`, tokens[user]);
  const storedKey = async (id: string) =>
    (await t.database.db.select().from(projectDocs).where(eq(projectDocs.id, id)))[0]?.storageKey;

  beforeAll(async () => {
    t = await createTestApp();
    projects = projectApi(t);
    org = await demoOrgIds(t.database.db);
    for (const user of USERS) tokens[user] = await t.signIn(user);
    dicId = (
      await projects.dicOf(tokens.construct_admin, org.construct!, {
        name: '岳麓区学士路安置房项目',
        regionCode: '430104',
        address: '长沙市岳麓区学士路 88 号',
      })
    ).id;
    projectId = (await projects.saved(tokens.construct_admin, applicationForm(org, dicId))).id;
  });
  afterAll(() => t?.close());

  it('keeps PDF, OFD, JPEG and PNG files of a draft, judged by their bytes, with kind and remark', async () => {
    const uploads = [
      [
        'planning',
        'PLANNING_PERMIT',
        '建设工程规划许可证（建字第430104202600031号）.pdf',
        PDF,
        'application/pdf',
      ],
      ['landUse', 'LAND_USE_PERMIT', '用地规划许可证.ofd', OFD, 'application/ofd'],
      ['design', 'DESIGN_CONTRACT', "design contract (signed) 'final'.jpg", JPEG, 'image/jpeg'],
      ['survey', 'SURVEY_CONTRACT', '勘察合同.png', PNG, 'image/png'],
      ['other', 'OTHER', '其他说明.pdf', PDF, 'application/pdf'],
    ] as const;
    for (const [key, modelType, name, content, contentType] of uploads) {
      const doc = detailOf<ProjectDoc>(
        await add(
          'construct_admin',
          { projectId, modelType, ...(key === 'planning' ? { remark: '原件已核' } : {}) },
          // The declared type is not believed: the bytes decide.
          { name, content, type: 'text/plain' },
        ),
      );
      expect(doc).toMatchObject({
        projectId,
        modelType,
        fileName: name,
        contentType,
        size: content.length,
        remark: key === 'planning' ? '原件已核' : null,
        uploadedByOrgName: DEMO_ORGS.find((o) => o.key === 'construct')!.name,
      });
      added[key] = doc;
    }
  });

  it('lists them newest first, five to a page by default, of one kind when asked', async () => {
    const all = await page('construct_admin', { pageSize: '100' });
    expect(all.total).toBe(5);
    expect(all.items.map((d) => d.modelType)).toEqual([
      'OTHER',
      'SURVEY_CONTRACT',
      'DESIGN_CONTRACT',
      'LAND_USE_PERMIT',
      'PLANNING_PERMIT',
    ]);
    const first = await page('construct_admin');
    expect(first.items).toHaveLength(5);
    const second = await page('construct_admin', { pageSize: '2', page: '2' });
    // The owner of a draft may change its attachments, and the page says so.
    expect(second).toEqual({ total: 5, items: [added.planning], can: { edit: true } });
    expect(await page('construct_admin', { modelType: 'LAND_USE_PERMIT' })).toEqual({
      total: 1,
      items: [added.landUse],
      can: { edit: true },
    });
    refused(await list('construct_admin', { projectId, modelType: 'PHOTO' }), 400, 'VALIDATION_FAILED');
    refused(await list('construct_admin', {}), 400, 'VALIDATION_FAILED');
    refused(await list('construct_admin', { projectId: randomUUID() }), 404, 'NOT_FOUND');
  });

  it('downloads a file with its bytes, its type and its own name', async () => {
    const res = await download('construct_admin', added.planning!.id);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(PDF)).toBe(true);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      // Every non-ASCII character, the full-width brackets too, is a _ in the plain fallback.
      `attachment; filename="${'_'.repeat(13)}430104202600031__.pdf"; ` +
        `filename*=UTF-8''${encodeURIComponent('建设工程规划许可证（建字第430104202600031号）.pdf')}`,
    );
    const quoted = await download('construct_admin', added.design!.id);
    expect(quoted.headers['content-disposition']).toBe(
      `attachment; filename="design contract (signed) 'final'.jpg"; ` +
        "filename*=UTF-8''design%20contract%20%28signed%29%20%27final%27.jpg",
    );
    const ofd = await download('construct_admin', added.landUse!.id);
    expect(ofd.headers['content-type']).toBe('application/ofd');
    expect(ofd.rawPayload.equals(OFD)).toBe(true);
  });

  it('refuses other files, a missing file, bad fields and a JSON body, and keeps nothing', async () => {
    const text = refused(
      await add(
        'construct_admin',
        { projectId, modelType: 'OTHER' },
        { name: 'a.pdf', content: Buffer.from('plain text') },
      ),
      400,
      'PROJECT_DOC_UNSUPPORTED_FILE',
    );
    expect(text.message).toBe('附件须为 PDF、OFD、JPG 或 PNG 文件');
    // A ZIP package that is not an OFD document (a Word file), even named .ofd.
    refused(
      await add('construct_admin', { projectId, modelType: 'OTHER' }, { name: '许可证.ofd', content: DOCX }),
      400,
      'PROJECT_DOC_UNSUPPORTED_FILE',
    );
    const missing = refused(
      await add('construct_admin', { projectId, modelType: 'OTHER' }),
      400,
      'PROJECT_DOC_FILE_MISSING',
    );
    expect(missing.message).toBe('请选择要上传的附件');
    refused(
      await add(
        'construct_admin',
        { projectId, modelType: 'OTHER' },
        { name: 'empty.pdf', content: Buffer.alloc(0) },
      ),
      400,
      'PROJECT_DOC_FILE_MISSING',
    );
    refused(
      await add('construct_admin', { projectId, modelType: 'PHOTO' }, { name: 'a.pdf', content: PDF }),
      400,
      'VALIDATION_FAILED',
    );
    refused(
      await add('construct_admin', { modelType: 'OTHER' }, { name: 'a.pdf', content: PDF }),
      400,
      'VALIDATION_FAILED',
    );
    refused(
      await add(
        'construct_admin',
        { projectId, modelType: 'OTHER', remark: 'x'.repeat(201) },
        { name: 'a.pdf', content: PDF },
      ),
      400,
      'VALIDATION_FAILED',
    );
    refused(
      await projects.send('POST', '/api/checkDrawings/projectDoc/add', tokens.construct_admin, {
        payload: { projectId, modelType: 'OTHER' },
      }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
    refused(
      await add(
        'construct_admin',
        { projectId: randomUUID(), modelType: 'OTHER' },
        { name: 'a.pdf', content: PDF },
      ),
      404,
      'NOT_FOUND',
    );
    expect((await page('construct_admin')).total).toBe(5);
  });

  it(`refuses a file above ${LIMITS.projectDocMaxBytes / 1048576} MB with 413 and keeps nothing`, async () => {
    const big = Buffer.concat([PDF, Buffer.alloc(LIMITS.projectDocMaxBytes + 1 - PDF.length, 0x20)]);
    const res = refused(
      await add('construct_admin', { projectId, modelType: 'OTHER' }, { name: 'big.pdf', content: big }),
      413,
      'FILE_TOO_LARGE',
    );
    expect(res.message).toBe('文件不能超过 50 MB');
    expect((await page('construct_admin')).total).toBe(5);
  });

  it('changes a remark, and deletes an attachment with its bytes', async () => {
    const changed = detailOf<ProjectDoc>(
      await remark('construct_admin', added.survey!.id, { remark: '甲乙双方已盖章' }),
    );
    expect(changed).toMatchObject({ id: added.survey!.id, remark: '甲乙双方已盖章' });
    expect(
      detailOf<ProjectDoc>(await remark('construct_admin', added.survey!.id, { remark: '' })).remark,
    ).toBeNull();
    detailOf(await remark('construct_admin', added.survey!.id, { remark: '甲乙双方已盖章' }));
    refused(
      await remark('construct_admin', added.survey!.id, { remark: 'x'.repeat(201) }),
      400,
      'VALIDATION_FAILED',
    );
    refused(await remark('construct_admin', randomUUID(), { remark: '无' }), 404, 'NOT_FOUND');

    const key = (await storedKey(added.other!.id))!;
    expect(await t.app.ctx.files.open(key)).toBeDefined();
    detailOf(await remove('construct_admin', added.other!.id));
    expect(await t.app.ctx.files.open(key)).toBeUndefined();
    refused(await download('construct_admin', added.other!.id), 404, 'NOT_FOUND');
    refused(await remove('construct_admin', added.other!.id), 404, 'NOT_FOUND');
    expect((await page('construct_admin')).total).toBe(4);
  });

  it('keeps a draft’s attachments from everyone but its construction unit', async () => {
    for (const user of [
      'construct2_admin',
      'design_admin',
      'censor_admin',
      'control_admin',
      'joint_admin',
    ] as const) {
      refused(await list(user, { projectId }), 404, 'NOT_FOUND');
      refused(await download(user, added.planning!.id), 404, 'NOT_FOUND');
    }
    refused(
      await add('construct2_admin', { projectId, modelType: 'OTHER' }, { name: 'a.pdf', content: PDF }),
      404,
      'NOT_FOUND',
    );
    refused(await remark('construct2_admin', added.planning!.id, { remark: '他人' }), 404, 'NOT_FOUND');
    refused(await remove('construct2_admin', added.planning!.id), 404, 'NOT_FOUND');
    // Writing is the apply area's only.
    refused(
      await add('design_admin', { projectId, modelType: 'OTHER' }, { name: 'a.pdf', content: PDF }),
      403,
      'FORBIDDEN',
    );
    refused(await remove('design_admin', added.planning!.id), 403, 'FORBIDDEN');
    expect((await page('construct_admin')).items.find((d) => d.id === added.planning!.id)?.remark).toBe(
      '原件已核',
    );
  });

  it('once submitted, shows and downloads them for whoever sees the application, and refuses changes with 409', async () => {
    detailOf(await projects.submitWithBuilding(tokens.construct_admin, org.construct!, projectId));
    const own = await page('construct_admin', { pageSize: '100' });
    for (const user of ['design_admin', 'censor_admin', 'control_admin', 'joint_admin'] as const) {
      expect(await page(user, { pageSize: '100' }), user).toEqual(own);
      const res = await download(user, added.survey!.id);
      expect(res.statusCode, user).toBe(200);
      expect(res.rawPayload.equals(PNG)).toBe(true);
    }
    for (const user of ['design2_admin', 'censor2_admin', 'construct2_admin'] as const) {
      refused(await list(user, { projectId }), 404, 'NOT_FOUND');
      refused(await download(user, added.survey!.id), 404, 'NOT_FOUND');
    }
    refused(await download('sysadmin', added.survey!.id), 403, 'FORBIDDEN');

    const locked = refused(
      await add('construct_admin', { projectId, modelType: 'OTHER' }, { name: 'a.pdf', content: PDF }),
      409,
      'PROJECT_NOT_DRAFT',
    );
    expect(locked.message).toBe('该报审已提交，不能修改、删除或重复提交');
    refused(await remove('construct_admin', added.planning!.id), 409, 'PROJECT_NOT_DRAFT');
    refused(await remark('construct_admin', added.planning!.id, { remark: '改' }), 409, 'PROJECT_NOT_DRAFT');
    expect(await page('construct_admin', { pageSize: '100' })).toEqual(own);
  });

  it('deleting a draft application deletes its attachments and their bytes', async () => {
    const draft = (await projects.saved(tokens.construct_admin, applicationForm(org, dicId))).id;
    const doc = detailOf<ProjectDoc>(
      await add(
        'construct_admin',
        { projectId: draft, modelType: 'OTHER' },
        { name: '说明.pdf', content: PDF },
      ),
    );
    const key = (await storedKey(doc.id))!;
    detailOf(await projects.remove(tokens.construct_admin, draft));
    expect(await storedKey(doc.id)).toBeUndefined();
    expect(await t.app.ctx.files.open(key)).toBeUndefined();
  });

  it('records uploads, remark changes and deletions in the audit trail', async () => {
    const count = async (action: string) =>
      detailOf<AuditPage>(
        await projects.send('GET', '/api/admin/audit-events', tokens.sysadmin, {
          query: { action, size: '100' },
        }),
      ).items.filter((e) => e.targetType === 'projectDoc' && e.actorUsername === 'construct_admin').length;
    expect(await count('PROJECT_DOC_ADDED')).toBe(6);
    expect(await count('PROJECT_DOC_UPDATED')).toBe(3);
    expect(await count('PROJECT_DOC_DELETED')).toBe(1);
  });

  it('keeps no bidirectional or invisible characters in a file name, and refuses a name of nothing else', async () => {
    // A draft of its own: the first one was submitted above.
    const draft = (await projects.saved(tokens.construct_admin, applicationForm(org, dicId))).id;
    const doc = detailOf<ProjectDoc>(
      await add(
        'construct_admin',
        { projectId: draft, modelType: 'OTHER' },
        { name: 'invoice\u202Efdp.exe', content: PDF },
      ),
    );
    expect(doc.fileName).toBe('invoicefdp.exe');
    const empty = await add(
      'construct_admin',
      { projectId: draft, modelType: 'OTHER' },
      { name: '\u2066\u2069', content: PDF },
    );
    expect([empty.statusCode, empty.json<{ code: string }>().code]).toEqual([400, 'FILE_NAME_EMPTY']);
  });
});
