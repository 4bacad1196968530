import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { ORG_HEADER, type DocFile, type DocFolderNode, type OperationCode } from '@drp/domain';
import { demoOrgIds, detailOf, projectApi } from '../../test/project-fixture.js';
import { pdfBytes, submittedForMaterials } from '../../test/doc-fixture.js';
import { multipartBody } from '../../test/multipart-body.js';
import { docFiles, docFolders } from '../../db/schema/doc-repository.js';
import { FILE_STORES, createDriverTestApp, type DriverTestApp } from '../../test/driver-test-app.js';

const run = promisify(execFile);

function refused(res: LightMyRequestResponse, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json<{ code: string }>().code, res.body).toBe(code);
}

const sha256 = (body: Buffer) => createHash('sha256').update(body).digest('hex');
const pdf = (label: string) => pdfBytes(label, 30_000);
const png = () =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(5_000)]);
const dwg = () => Buffer.concat([Buffer.from('AC1032'), randomBytes(8_000)]);

/** The name a browser saves under, read from `filename*` as RFC 6266 says it should. */
function savedName(header: string | string[] | number | undefined): string {
  const encoded = /filename\*=UTF-8''([^;\s]+)/.exec(String(header ?? ''))?.[1];
  if (encoded === undefined) throw new Error(`no filename* in ${String(header)}`);
  return decodeURIComponent(encoded);
}

const multipart = (code: string, file: { name: string; body: Buffer }) =>
  multipartBody({ operationCode: code }, file && { name: file.name, content: file.body });

/** Python's zipfile reads the archive as any unzip tool would, checking each entry's CRC. */
const READ_ZIP = `
import hashlib, json, sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z:
    print(json.dumps([dict(name=i.filename, size=i.file_size, sha256=hashlib.sha256(z.read(i)).hexdigest())
                      for i in z.infolist()]))
`;

describe.each(FILE_STORES)('reading files: view links and the zip of a version ($driver)', ({ driver }) => {
  let t: DriverTestApp;
  let api: ReturnType<typeof projectApi>;
  let org: Record<string, string>;
  const tokens: Record<string, string> = {};
  let projectId: string;
  let projectCode: string;
  let versionId: string;
  let dir: string;
  /** What was uploaded, by file name: the saved file and its bytes. */
  const uploaded: Record<string, { file: DocFile; body: Buffer }> = {};

  const base = (orgId: string) => `/api/checkDrawings/${orgId}/${projectId}`;
  const treeOf = async (user: string, orgId: string, category: 'DESIGN' | 'SURVEY') =>
    detailOf<DocFolderNode[]>(
      await api.send('GET', `${base(orgId)}/docRepository/listTree`, tokens[user], {
        query: { versionId, category },
      }),
    );
  /** Uploads and saves one file through the operation-code flow, as the web app does. */
  const put = async (user: string, orgId: string, folderId: string, name: string, body: Buffer) => {
    const { operationCode } = detailOf<OperationCode>(
      await api.send('GET', `${base(orgId)}/docRepository/getOperationCode`, tokens[user], {
        query: { versionId, folderId },
      }),
    );
    const { payload, headers } = multipart(operationCode, { name, body });
    detailOf(await t.app.inject({ method: 'POST', url: '/api/files/upload', payload, headers }));
    const file = detailOf<DocFile>(
      await api.send('POST', `${base(orgId)}/docRepository/saveFile`, tokens[user], {
        payload: { operationCode },
      }),
    );
    uploaded[name] = { file, body };
    return file;
  };
  const linkCall = (call: 'getViewURL' | 'getViewToken', user: string, orgId: string, fileId: string) =>
    api.send('GET', `${base(orgId)}/docRepository/${call}`, tokens[user], { query: { fileId } });
  const viewUrl = async (name: string, user = 'censor_admin', orgId = org.censor!) =>
    detailOf<{ url: string; expiresAt: string }>(
      await linkCall('getViewURL', user, orgId, uploaded[name]!.file.id),
    );
  const viewToken = async (name: string) =>
    detailOf<{ token: string; expiresAt: string }>(
      await linkCall('getViewToken', 'censor_admin', org.censor!, uploaded[name]!.file.id),
    );
  /** The public file route, with no bearer token: what a viewer or a plain link sends. */
  const open = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
    t.app.inject({ method, url, headers });
  const zipUrl = `/api/checkDrawings/PROJECT/VERSION/drawingsReview/batchDownLoadDrawingsReview`;
  const downloadZip = (
    user: string,
    orgId: string,
    query: Record<string, string> = {},
    version = versionId,
  ) =>
    t.app.inject({
      method: 'GET',
      url: zipUrl.replace('PROJECT', projectId).replace('VERSION', version),
      query,
      headers: { authorization: `Bearer ${tokens[user]}`, [ORG_HEADER]: orgId },
    });
  const unzip = async (res: LightMyRequestResponse) => {
    const file = path.join(dir, `${randomBytes(6).toString('hex')}.zip`);
    await writeFile(file, res.rawPayload);
    const { stdout } = await run('python3', ['-c', READ_ZIP, file]);
    return JSON.parse(stdout) as { name: string; size: number; sha256: string }[];
  };
  const entry = (zipPath: string, name: string) => ({
    name: zipPath,
    size: uploaded[name]!.body.length,
    sha256: sha256(uploaded[name]!.body),
  });

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'doc-files-'));
    t = await createDriverTestApp(driver);
    api = projectApi(t);
    org = await demoOrgIds(t.database.db);
    for (const user of ['construct_admin', 'design_admin', 'survey_admin', 'censor_admin', 'design2_admin'])
      tokens[user] = await t.signIn(user);
    const submitted = await submittedForMaterials(t, {
      constructToken: tokens.construct_admin!,
      designToken: tokens.design_admin!,
      org,
      name: '梅溪湖国际新城安置房',
    });
    projectId = submitted.project.id;
    projectCode = submitted.project.code;
    versionId = submitted.versionId;
    const structure = submitted.structure;
    expect(structure.name).toBe('结构');
    const foundation = detailOf<{ id: string }>(
      await api.send('POST', `${base(org.design!)}/docRepository/saveFolder`, tokens.design_admin, {
        payload: { versionId, parentId: structure.id, name: '基础' },
      }),
    );
    const surveyRoot = (await treeOf('survey_admin', org.survey!, 'SURVEY'))[0]!;
    await put('design_admin', org.design!, structure.id, '结构设计总说明.pdf', pdf('说明'));
    await put('design_admin', org.design!, structure.id, '现场照片.png', png());
    await put('design_admin', org.design!, structure.id, '总平面图.dwg', dwg());
    await put('design_admin', org.design!, foundation.id, '基础平面图.pdf', pdf('基础'));
    await put('survey_admin', org.survey!, surveyRoot.id, '岩土工程勘察报告.pdf', pdf('勘察'));
  });

  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('serves the exact bytes through a link, shown in the browser, and saved under its Chinese name when asked', async () => {
    const { body } = uploaded['结构设计总说明.pdf']!;
    const link = await viewUrl('结构设计总说明.pdf');
    expect(link.url).toMatch(/^\/api\/files\/view\/[A-Za-z0-9_-]+$/);
    const life = new Date(link.expiresAt).getTime() - Date.now();
    expect(life).toBeGreaterThan(9 * 60_000);
    expect(life).toBeLessThanOrEqual(10 * 60_000);
    // A viewer opens the link many times while it lives.
    for (let i = 0; i < 3; i++) {
      const res = await open(link.url);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(body)).toBe(true);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-length']).toBe(String(body.length));
      expect(res.headers.etag).toBe(`"${sha256(body)}"`);
      expect(String(res.headers['content-disposition'])).toMatch(/^inline;/);
      expect(savedName(res.headers['content-disposition'])).toBe('结构设计总说明.pdf');
    }
    const saved = await open(`${link.url}?download=1`);
    expect(saved.statusCode).toBe(200);
    expect(saved.rawPayload.equals(body)).toBe(true);
    expect(String(saved.headers['content-disposition'])).toMatch(/^attachment;/);
    expect(savedName(saved.headers['content-disposition'])).toBe('结构设计总说明.pdf');
  });

  it('serves byte ranges and HEAD, as a PDF viewer reads a big drawing', async () => {
    const { body } = uploaded['基础平面图.pdf']!;
    const { url } = await viewUrl('基础平面图.pdf', 'construct_admin', org.construct);
    const part = await open(url, { range: 'bytes=1000-4999' });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(body.subarray(1000, 5000))).toBe(true);
    expect(part.headers['content-range']).toBe(`bytes 1000-4999/${body.length}`);
    const tail = await open(url, { range: 'bytes=-100' });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(body.subarray(body.length - 100))).toBe(true);
    const head = await open(url, {}, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(body.length));
    expect(head.headers['accept-ranges']).toBe('bytes');
    expect(head.rawPayload.length).toBe(0);
  });

  it('shows images and saves other drawings', async () => {
    const image = await open((await viewUrl('现场照片.png')).url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(String(image.headers['content-disposition'])).toMatch(/^inline;/);
    expect(image.rawPayload.equals(uploaded['现场照片.png']!.body)).toBe(true);
    const drawing = await open((await viewUrl('总平面图.dwg')).url);
    expect(drawing.statusCode).toBe(200);
    expect(drawing.headers['content-type']).toBe('image/vnd.dwg');
    expect(String(drawing.headers['content-disposition'])).toMatch(/^attachment;/);
    expect(savedName(drawing.headers['content-disposition'])).toBe('总平面图.dwg');
    expect(drawing.rawPayload.equals(uploaded['总平面图.dwg']!.body)).toBe(true);
  });

  it('gives the token a link carries, for a viewer that builds the link itself', async () => {
    const { token, expiresAt } = await viewToken('岩土工程勘察报告.pdf');
    expect(new Date(expiresAt).getTime()).toBeGreaterThan(Date.now());
    const res = await open(`/api/files/view/${token}`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(uploaded['岩土工程勘察报告.pdf']!.body)).toBe(true);
    expect(savedName(res.headers['content-disposition'])).toBe('岩土工程勘察报告.pdf');
  });

  it('answers 404 to a forged, altered or foreign token, as to a missing file', async () => {
    const a = Buffer.from((await viewToken('结构设计总说明.pdf')).token, 'base64url');
    const b = Buffer.from((await viewToken('现场照片.png')).token, 'base64url');
    const as = (bytes: Buffer) => `/api/files/view/${bytes.toString('base64url')}`;
    // A's signature with B's file id: opens neither.
    const swapped = Buffer.from(a);
    b.copy(swapped, 0, 0, 16);
    // A later expiry under A's signature.
    const longer = Buffer.from(a);
    longer.writeUInt32BE(longer.readUInt32BE(32) + 3600, 32);
    const flipped = Buffer.from(a);
    flipped.writeUInt8(flipped.readUInt8(flipped.length - 1) ^ 0x01, flipped.length - 1);
    const token = a.toString('base64url');
    for (const url of [
      as(swapped),
      as(longer),
      as(flipped),
      as(a.subarray(0, a.length - 1)),
      `/api/files/view/${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`,
      `/api/files/view/${token}x`,
      '/api/files/view/not-a-token',
      `/api/files/view/${'A'.repeat(token.length)}`,
    ])
      refused(await open(url), 404, 'NOT_FOUND');
    expect((await open(as(swapped), {}, 'HEAD')).statusCode).toBe(404);
    // The genuine token still works: nothing above used it up.
    expect((await open(as(a))).statusCode).toBe(200);
  });

  it('signs links only for files of an application the caller sees', async () => {
    const fileId = uploaded['结构设计总说明.pdf']!.file.id;
    for (const call of ['getViewURL', 'getViewToken'] as const) {
      refused(await linkCall(call, 'design2_admin', org.design2!, fileId), 404, 'NOT_FOUND');
      refused(
        await linkCall(call, 'censor_admin', org.censor!, '00000000-0000-4000-8000-0000000000f1'),
        404,
        'NOT_FOUND',
      );
    }
  });

  it('zips a version in its folders, with the exact bytes and Chinese names', async () => {
    const res = await downloadZip('censor_admin', org.censor!);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(String(res.headers['content-disposition'])).toMatch(/^attachment;/);
    expect(savedName(res.headers['content-disposition'])).toBe(`${projectCode}-第1版.zip`);
    expect(await unzip(res)).toEqual([
      entry('勘察文件/1#住宅楼/岩土工程勘察报告.pdf', '岩土工程勘察报告.pdf'),
      entry('施工图/1#住宅楼/结构/结构设计总说明.pdf', '结构设计总说明.pdf'),
      entry('施工图/1#住宅楼/结构/现场照片.png', '现场照片.png'),
      entry('施工图/1#住宅楼/结构/总平面图.dwg', '总平面图.dwg'),
      entry('施工图/1#住宅楼/结构/基础/基础平面图.pdf', '基础平面图.pdf'),
    ]);
    // The construction unit, acting for itself, gets the same archive.
    const own = await downloadZip('construct_admin', org.construct!);
    expect(own.statusCode).toBe(200);
    expect((await unzip(own)).map((e) => e.name)).toHaveLength(5);
  });

  it("zips only the named units' files, and an empty selection as a valid empty archive", async () => {
    const survey = await downloadZip('censor_admin', org.censor!, { orgIds: org.survey! });
    expect(await unzip(survey)).toEqual([
      entry('勘察文件/1#住宅楼/岩土工程勘察报告.pdf', '岩土工程勘察报告.pdf'),
    ]);
    const design = await downloadZip('censor_admin', org.censor!, { orgIds: org.design! });
    expect((await unzip(design)).map((e) => e.name)).toEqual([
      '施工图/1#住宅楼/结构/结构设计总说明.pdf',
      '施工图/1#住宅楼/结构/现场照片.png',
      '施工图/1#住宅楼/结构/总平面图.dwg',
      '施工图/1#住宅楼/结构/基础/基础平面图.pdf',
    ]);
    const both = await downloadZip('censor_admin', org.censor!, { orgIds: `${org.design!},${org.survey!}` });
    expect(await unzip(both)).toHaveLength(5);
    const none = await downloadZip('censor_admin', org.censor!, { orgIds: org.design2! });
    expect(none.statusCode).toBe(200);
    expect(await unzip(none)).toEqual([]);
    refused(
      await downloadZip('censor_admin', org.censor!, { orgIds: 'not-an-org' }),
      400,
      'VALIDATION_FAILED',
    );
  });

  it('zips nothing for a unit not on the application, nor for a version of another', async () => {
    refused(await downloadZip('design2_admin', org.design2!), 404, 'NOT_FOUND');
    refused(
      await downloadZip('censor_admin', org.censor!, {}, '00000000-0000-4000-8000-0000000000f2'),
      404,
      'NOT_FOUND',
    );
  });

  it('stops serving a file once it is deleted', async () => {
    const name = '临时.pdf';
    const structure = (await treeOf('design_admin', org.design!, 'DESIGN'))[0]!.children[0]!;
    const before = await t.storedKeys('drawings');
    const file = await put('design_admin', org.design!, structure.id, name, pdf('tmp'));
    const { url } = await viewUrl(name);
    expect((await open(url)).statusCode).toBe(200);
    detailOf(
      await api.send('DELETE', `${base(org.design!)}/docRepository/delete/${file.id}`, tokens.design_admin),
    );
    refused(await open(url), 404, 'NOT_FOUND');
    expect(await t.storedKeys('drawings')).toEqual(before);
  });

  it('zips no bidirectional or invisible characters, from new names nor from names stored before they were removed', async () => {
    const structure = (await treeOf('design_admin', org.design!, 'DESIGN'))[0]!.children[0]!;
    const folder = detailOf<{ id: string; name: string }>(
      await api.send('POST', `${base(org.design!)}/docRepository/saveFolder`, tokens.design_admin, {
        payload: { versionId, parentId: structure.id, name: '\u2066发票\u2069' },
      }),
    );
    expect(folder.name).toBe('发票');
    const fresh = await put('design_admin', org.design!, folder.id, '新\u202Egpj.pdf', pdf('new'));
    expect(fresh.name).toBe('新gpj.pdf');
    const old = await put('design_admin', org.design!, folder.id, '旧.pdf', pdf('old'));
    // Rows written before names were cleaned keep what they were given.
    await t.database.db.update(docFiles).set({ name: 'invoice\u202Efdp.exe' }).where(eq(docFiles.id, old.id));
    await t.database.db
      .update(docFolders)
      .set({ name: '\u200B发票\u202E' })
      .where(eq(docFolders.id, folder.id));
    await t.database.db.update(docFiles).set({ name: '\u202E\u2066' }).where(eq(docFiles.id, fresh.id));
    const res = await downloadZip('censor_admin', org.censor!, { orgIds: org.design! });
    expect(res.statusCode, res.body).toBe(200);
    expect((await unzip(res)).map((e) => e.name).filter((name) => name.includes('发票'))).toEqual([
      '施工图/1#住宅楼/结构/发票/unnamed',
      '施工图/1#住宅楼/结构/发票/invoicefdp.exe',
    ]);
    detailOf(
      await api.send('DELETE', `${base(org.design!)}/docRepository/delete/${folder.id}`, tokens.design_admin),
    );
  });

  // Last: moving the clock on ages the test's sessions too.
  it('serves a link until it expires, then answers 404', async () => {
    const { url } = await viewUrl('结构设计总说明.pdf');
    t.advance(9 * 60_000);
    expect((await open(url)).statusCode).toBe(200);
    t.advance(61_000);
    refused(await open(url), 404, 'NOT_FOUND');
    expect((await open(url, {}, 'HEAD')).statusCode).toBe(404);
  });
});
