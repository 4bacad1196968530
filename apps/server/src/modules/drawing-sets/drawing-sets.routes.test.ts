import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  DrawingSetDetail,
  DrawingSetPage,
  DrawingSetSummary,
  DrawingSheetVerification,
  MessagePage,
  SignatureVerification,
  SigningDocumentPage,
} from '@drp/domain';
import { docFiles } from '../../db/schema/doc-repository.js';
import { drawingSetSheets } from '../../db/schema/drawing-sets.js';
import { jobs } from '../../db/schema/jobs.js';
import { multipartBody } from '../../test/multipart-body.js';
import { pdfsig } from '../../test/pdfsig.js';
import { accountIdOf, demoOrgIds, detailOf, projectApi } from '../../test/project-fixture.js';
import { inkIn, renderPdfPages } from '../../test/render-pdf.js';
import { acceptedApplication, passedApplication } from '../../test/review-fixture.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { platformRootDer } from '../signatures/signing-identities.service.js';

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
] as const;
type User = (typeof USERS)[number];

describe('the sealed drawing set: every sheet of the passed version signed by its reviewers, the director and the seal', () => {
  let t: TestApp;
  let api: ReturnType<typeof projectApi>;
  let org: Record<string, string>;
  const tokens = {} as Record<User, string>;
  let projectId: string;
  let signAll: (documentId: string) => Promise<void>;
  let set: DrawingSetSummary;

  const base = () => `/api/checkDrawings/${org.censor}/${projectId}/drawingSet`;
  const pageOf = async (user: User, orgId = org.censor!) =>
    detailOf<DrawingSetPage>(
      await api.send('GET', `/api/checkDrawings/${orgId}/${projectId}/drawingSet`, tokens[user], {
        actingOrg: orgId,
      }),
    );
  const compile = (user: User) => api.send('POST', `${base()}/compile`, tokens[user]);
  const detail = async () =>
    detailOf<DrawingSetDetail>(await api.send('GET', `${base()}/${set.id}`, tokens.censor_admin));

  beforeAll(async () => {
    t = await createTestApp();
    api = projectApi(t);
    org = await demoOrgIds(t.database.db);
    for (const user of USERS) tokens[user] = await t.signIn(user);
    const ids = {
      censor_reviewer: await accountIdOf(t.database.db, 'censor_reviewer'),
      censor_reviewer2: await accountIdOf(t.database.db, 'censor_reviewer2'),
    };
    // An application still in review has nothing to seal.
    const inReview = await acceptedApplication(t, {
      tokens,
      org,
      name: '湘江新区签章审查中',
      plainDrawing: true,
    });
    refused(
      await api.send(
        'POST',
        `/api/checkDrawings/${org.censor}/${inReview.id}/drawingSet/compile`,
        tokens.censor_director,
      ),
      409,
      'CERTIFICATE_NOT_PASSED',
    );
    const passed = await passedApplication(t, {
      tokens,
      ids,
      org,
      name: '湘江新区签章图纸',
      realDrawing: true,
    });
    projectId = passed.id;
    signAll = passed.signAll;
    // The sheets' preparation has run: the stand-in survey report is found damaged.
    await t.app.jobs.drain();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is prepared by the agency’s deciders from the passed version: each sealable PDF a sheet, its specialty from its folder', async () => {
    expect((await pageOf('censor_director')).compile).toEqual({ allowed: true, blocker: null });
    refused(await compile('censor_reviewer'), 403, 'FORBIDDEN');
    set = detailOf<DrawingSetSummary>(await compile('censor_director'));
    expect(set).toMatchObject({
      status: 'SIGNING',
      sheets: 1,
      skipped: 1,
      sealedSheets: 0,
      versionNumber: 1,
    });
    const sheets = (await detail()).items;
    expect(sheets.map((s) => [s.name, s.specialtyName, s.signed])).toEqual([
      ['S-101 结构平面.pdf', '结构', 0],
    ]);
    expect(sheets[0]!.path).toContain('结构');
    // The units see nothing until it is sealed.
    expect((await pageOf('construct_admin', org.construct)).set).toBeNull();
    refused(
      await api.send(
        'GET',
        `/api/checkDrawings/${org.construct}/${projectId}/drawingSet/${set.id}`,
        tokens.construct_admin,
        {
          actingOrg: org.construct,
        },
      ),
      404,
      'NOT_FOUND',
    );
    // Its signatures are asked like any document's: listed on the signature screen with its tasks.
    const documents = detailOf<SigningDocumentPage>(
      await api.send(
        'GET',
        `/api/checkDrawings/${org.censor}/${projectId}/docRepository/querySignatureFile`,
        tokens.censor_admin,
        {
          query: { kind: 'DRAWING_SET' },
        },
      ),
    ).items;
    expect(documents.map((d) => [d.name, d.tasks.map((task) => task.role)])).toEqual([
      ['第1版施工图签章（1张）', ['REVIEWER', 'REVIEWER', 'DIRECTOR', 'AGENCY']],
    ]);
    // The director cannot sign before the reviewers.
    const director = documents[0]!.tasks.find((task) => task.role === 'DIRECTOR')!;
    refused(
      await api.send('POST', '/api/signature/task/start', tokens.censor_director, {
        actingOrg: org.censor,
        payload: { taskId: director.id, password: 'Demo@2026' },
      }),
      409,
      'SIGNATURE_WAITING',
    );
  });

  it('carries, once signed, the signatures of its specialty’s reviewer, the director and the seal, valid in pdfsig; the upload stays as it was', async () => {
    await signAll(set.id);
    // Preparing again would discard signatures: refused from the first one on.
    refused(await compile('censor_director'), 409, 'DRAWING_SET_SIGNING');
    await t.app.jobs.drain();
    const sealed = await detail();
    refused(await compile('censor_director'), 409, 'DRAWING_SET_SEALED');
    expect(sealed).toMatchObject({ status: 'SEALED', sealedSheets: 1 });
    const [sheet] = sealed.items;
    // Only the structure reviewer signs the structure sheet: 3 of the 4 tasks concern it.
    expect([sheet!.signed, sheet!.total]).toEqual([3, 3]);

    const file = await api.send('GET', `${base()}/sheets/${sheet!.id}/file`, tokens.censor_admin, {
      query: { download: '1' },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain(encodeURIComponent('（签章）.pdf'));
    const bytes = file.rawPayload;
    const signatures = await pdfsig(bytes, [await platformRootDer(t.app.ctx)]);
    expect(signatures.map((s) => s.field)).toEqual([
      expect.stringMatching(/^审查人签名/),
      '审核人签名',
      '审查机构电子印章',
    ]);
    for (const s of signatures) {
      expect(s.validation, s.field).toBe('Signature is Valid.');
      expect(s.certificate, s.field).toBe('Certificate is Trusted.');
    }
    expect(signatures.at(-1)!.wholeDocument).toBe(true);
    // The seals are drawn in the sheet's top right corner.
    const [page] = await renderPdfPages(bytes, { first: 1, last: 1, dpi: 36 });
    expect(inkIn(page!, page!.width - page!.width / 4, 0, page!.width, page!.height / 6)).toBeGreaterThan(
      100,
    );
    // A changed byte breaks every signature.
    const altered = Buffer.from(bytes);
    altered[2000] = altered[2000]! ^ 1;
    for (const s of await pdfsig(altered, [await platformRootDer(t.app.ctx)]))
      expect(s.validation, s.field).not.toBe('Signature is Valid.');

    // The repository's upload is untouched: its bytes still hash as uploaded.
    const [row] = await t.database.db
      .select({ file: docFiles })
      .from(drawingSetSheets)
      .innerJoin(docFiles, eq(docFiles.id, drawingSetSheets.docFileId))
      .where(eq(drawingSetSheets.id, sheet!.id));
    const original = await t.app.ctx.files.read(row!.file.storageKey);
    expect(original).toBeDefined();
    expect(createHash('sha256').update(original!).digest('hex')).toBe(row!.file.sha256);

    // The platform's own check reads the same, and knows a presented copy as the sealed sheet.
    const verified = detailOf<DrawingSheetVerification>(
      await api.send(
        'GET',
        `/api/checkDrawings/${org.construct}/${projectId}/drawingSet/sheets/${sheet!.id}/verify`,
        tokens.construct_admin,
        {
          actingOrg: org.construct,
        },
      ),
    );
    expect(verified.signatures.map((s) => [s.intact, s.trusted])).toEqual([
      [true, true],
      [true, true],
      [true, true],
    ]);
    const { payload, headers } = multipartBody(
      {},
      { name: 'S-101.pdf', content: bytes, type: 'application/pdf' },
    );
    const presented = await t.app.inject({
      method: 'POST',
      url: '/api/signature/task/verify',
      headers: { ...headers, authorization: `Bearer ${tokens.construct_admin}` },
      payload,
    });
    expect(detailOf<SignatureVerification>(presented).issued).toMatchObject({
      kind: 'DRAWING_SET',
      name: 'S-101 结构平面.pdf',
    });
  });

  it('is read by the units once sealed', async () => {
    const page = await pageOf('construct_admin', org.construct);
    expect(page.set).toMatchObject({ id: set.id, status: 'SEALED' });
    expect(page.compile.allowed).toBe(false);
    const sheets = detailOf<DrawingSetDetail>(
      await api.send(
        'GET',
        `/api/checkDrawings/${org.design}/${projectId}/drawingSet/${set.id}`,
        tokens.design_admin,
        {
          actingOrg: org.design,
        },
      ),
    ).items;
    expect(sheets).toHaveLength(1);
    expect(sheets[0]!.failure).toBeNull();
    // Each unit was told, by a notice that opens its 电子签章 screen.
    for (const [user, orgId] of [
      ['construct_admin', org.construct],
      ['design_admin', org.design],
    ] as const) {
      const told = detailOf<MessagePage>(
        await api.send('GET', '/api/message/messages', tokens[user], {
          query: { projectId, messageTypes: 'CENSOR_DRAWING_SET_SEALED', size: '-1' },
          actingOrg: orgId,
        }),
      ).items;
      expect(told, user).toHaveLength(1);
      expect(told[0]!.content).toMatch(
        /^.+已完成项目「.+」审查合格施工图的签章（1 张），请在电子签章中查看和下载。$/,
      );
    }
  });
  it('says why a sheet cannot be sealed, stays unsealed, and is sealed when the queue tries again', async () => {
    const ids = {
      censor_reviewer: await accountIdOf(t.database.db, 'censor_reviewer'),
      censor_reviewer2: await accountIdOf(t.database.db, 'censor_reviewer2'),
    };
    const other = await passedApplication(t, {
      tokens,
      ids,
      org,
      name: '湘江新区签章受损',
      realDrawing: true,
    });
    await t.app.jobs.drain();
    const otherBase = `/api/checkDrawings/${org.censor}/${other.id}/drawingSet`;
    const prepared = detailOf<DrawingSetSummary>(
      await api.send('POST', `${otherBase}/compile`, tokens.censor_director),
    );
    const [row] = await t.database.db
      .select({ fileKey: drawingSetSheets.fileKey })
      .from(drawingSetSheets)
      .where(eq(drawingSetSheets.setId, prepared.id));
    // The stored file is damaged after the set was prepared.
    const original = (await t.app.ctx.files.read(row!.fileKey))!;
    await t.app.ctx.files.put(row!.fileKey, Buffer.from('%PDF-1.7\nnot a drawing any more'));
    await other.signAll(prepared.id);
    await t.app.jobs.drain();
    const read = async () =>
      detailOf<DrawingSetDetail>(await api.send('GET', `${otherBase}/${prepared.id}`, tokens.censor_admin));
    const failing = await read();
    expect(failing.status).toBe('SIGNING');
    expect(failing.items[0]!.signed).toBe(0);
    // Said in the reader's language, not in the signer's own words.
    expect(failing.items[0]!.failure).toBe('签章未能写入该图纸文件');
    const inEnglish = detailOf<DrawingSetDetail>(
      await api.send('GET', `${otherBase}/${prepared.id}`, tokens.censor_admin, { locale: 'en-US' }),
    );
    expect(inEnglish.items[0]!.failure).toBe('The signature could not be written into this sheet');
    const queued = await t.database.db
      .select({ state: jobs.state, lastError: jobs.lastError })
      .from(jobs)
      .where(eq(jobs.kind, 'drawing-set.seal'));
    expect(
      queued.filter((j) => j.state === 'QUEUED' && j.lastError?.includes('could not be sealed')),
    ).not.toEqual([]);

    // Mended, the queue's next try seals it.
    await t.app.ctx.files.put(row!.fileKey, original);
    await t.database.db.update(jobs).set({ runAfter: null }).where(eq(jobs.kind, 'drawing-set.seal'));
    await t.app.jobs.drain();
    const sealed = await read();
    expect(sealed.status).toBe('SEALED');
    expect(sealed.items[0]!.failure).toBeNull();
  });
});
