import { createHash, randomBytes } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { DocFile, DocFolderNode, DocPersonInfo, OperationCode, UploadedFile } from '@drp/domain';
import { demoOrgIds, detailOf, projectApi } from '../../test/project-fixture.js';
import { pdfBytes, submittedForMaterials } from '../../test/doc-fixture.js';
import { multipartBody } from '../../test/multipart-body.js';
import { FILE_STORES, createDriverTestApp, type DriverTestApp } from '../../test/driver-test-app.js';

function refused(res: LightMyRequestResponse, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json<{ code: string }>().code, res.body).toBe(code);
}

const pdf = (label: string) => pdfBytes(label);
const sha256 = (body: Buffer) => createHash('sha256').update(body).digest('hex');

const MAX = 200_000;

describe.each(FILE_STORES)('uploading drawings with operation codes ($driver)', ({ driver }) => {
  let t: DriverTestApp;
  let api: ReturnType<typeof projectApi>;
  let org: Record<string, string>;
  const tokens: Record<string, string> = {};
  let projectId: string;
  let versionId: string;
  let structure: DocFolderNode;

  const base = (orgId: string) => `/api/checkDrawings/${orgId}/${projectId}`;
  const codeFor = async (user: string, orgId: string, folderId: string) =>
    detailOf<OperationCode>(
      await api.send('GET', `${base(orgId)}/docRepository/getOperationCode`, tokens[user], {
        query: { versionId, folderId },
      }),
    );
  const upload = (code: string, file?: { name: string; body: Buffer }) => {
    const { payload, headers } = multipartBody(
      { operationCode: code },
      file && { name: file.name, content: file.body },
    );
    return t.app.inject({ method: 'POST', url: '/api/files/upload', payload, headers });
  };
  const saveFile = (user: string, orgId: string, code: string) =>
    api.send('POST', `${base(orgId)}/docRepository/saveFile`, tokens[user], {
      payload: { operationCode: code },
    });
  const files = async (user: string, orgId: string, folderId = structure.id) =>
    detailOf<DocFile[]>(
      await api.send('GET', `${base(orgId)}/docRepository/queryFile`, tokens[user], {
        query: { versionId, folderId },
      }),
    );
  /** Every stored drawing file, on disk or in the bucket: what "nothing stored" is checked against. */
  const stored = async () => (await t.storedKeys('drawings')).length;
  /** Uploads and saves one file as design_admin; answers the saved file. */
  const put = async (name: string, body: Buffer, folderId = structure.id) => {
    const { operationCode } = await codeFor('design_admin', org.design!, folderId);
    detailOf<UploadedFile>(await upload(operationCode, { name, body }));
    return detailOf<DocFile>(await saveFile('design_admin', org.design!, operationCode));
  };

  beforeAll(async () => {
    t = await createDriverTestApp(driver, { env: { UPLOAD_MAX_BYTES: String(MAX) } });
    api = projectApi(t);
    org = await demoOrgIds(t.database.db);
    for (const user of [
      'construct_admin',
      'design_admin',
      'design_user',
      'survey_admin',
      'censor_admin',
      'design2_admin',
    ])
      tokens[user] = await t.signIn(user);
    ({
      versionId,
      structure,
      project: { id: projectId },
    } = await submittedForMaterials(t, {
      constructToken: tokens.construct_admin!,
      designToken: tokens.design_admin!,
      org,
      name: '梅溪湖国际新城安置房',
    }));
  });

  afterAll(async () => {
    await t.close();
  });

  it('takes a drawing with its Chinese name and SHA-256, shows it once saved, to the parties', async () => {
    const body = pdf('结构施工图');
    const before = await t.storedKeys('drawings');
    const { operationCode, maxBytes } = await codeFor('design_admin', org.design!, structure.id);
    expect(maxBytes).toBe(MAX);
    const up = detailOf<UploadedFile>(await upload(operationCode, { name: '结构设计总说明.pdf', body }));
    expect(up).toMatchObject({ name: '结构设计总说明.pdf', size: body.length, sha256: sha256(body) });
    // The store holds exactly the bytes sent, under one new key.
    const added = (await t.storedKeys('drawings')).filter((key) => !before.includes(key));
    expect(added).toHaveLength(1);
    const opened = await t.app.ctx.files.open(added[0]!);
    expect(opened?.size).toBe(body.length);
    expect((await buffer(opened!.body)).equals(body)).toBe(true);
    // Uploaded but not saved: nobody sees it in the folder yet.
    expect(await files('design_admin', org.design!)).toEqual([]);
    const saved = detailOf<DocFile>(await saveFile('design_admin', org.design!, operationCode));
    expect(saved).toMatchObject({
      name: '结构设计总说明.pdf',
      contentType: 'application/pdf',
      sha256: sha256(body),
    });
    for (const [user, orgId] of [
      ['design_admin', org.design],
      ['construct_admin', org.construct],
      ['censor_admin', org.censor],
    ] as const)
      expect(
        (await files(user, orgId!)).map((f) => [f.name, f.size, f.orgName]),
        user,
      ).toEqual([['结构设计总说明.pdf', body.length, '湖南省建筑设计院集团股份有限公司']]);
    expect((await files('design_admin', org.design!))[0]!.deletable).toBe(true);
    expect((await files('construct_admin', org.construct!))[0]!.deletable).toBe(false);
    const person = detailOf<DocPersonInfo>(
      await api.send(
        'GET',
        `${base(org.censor!)}/docRepository/getPersonInfo/${saved.id}`,
        tokens.censor_admin,
      ),
    );
    expect(person).toMatchObject({
      orgName: '湖南省建筑设计院集团股份有限公司',
      name: '陈明',
      phone: '13800000021',
    });
    refused(
      await api.send('GET', `${base(org.design2!)}/docRepository/queryFile`, tokens.design2_admin, {
        query: { versionId, folderId: structure.id },
      }),
      404,
      'NOT_FOUND',
    );
  });

  it('keeps both files of one name, and drops path parts from a name', async () => {
    const a = await put('基础平面图.pdf', pdf('a'));
    const b = await put('基础平面图.pdf', pdf('b'));
    const c = await put('..\\..\\windows\\基础详图.pdf', pdf('c'));
    expect([a.name, b.name, c.name]).toEqual(['基础平面图.pdf', '基础平面图 (2).pdf', '基础详图.pdf']);
  });

  it('refuses a program calling itself a PDF, and stores nothing; the code stays good for the real file', async () => {
    const before = await stored();
    const { operationCode } = await codeFor('design_admin', org.design!, structure.id);
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00'), randomBytes(10_000)]);
    refused(await upload(operationCode, { name: '图纸.pdf', body: exe }), 415, 'DOC_FILE_TYPE_REFUSED');
    expect(await stored()).toBe(before);
    detailOf(await upload(operationCode, { name: '图纸.pdf', body: pdf('real') }));
    expect(await stored()).toBe(before + 1);
  });

  it('refuses a file over the limit, and stores nothing', async () => {
    const before = await stored();
    const { operationCode } = await codeFor('design_admin', org.design!, structure.id);
    const big = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(MAX)]);
    refused(await upload(operationCode, { name: '超大.pdf', body: big }), 413, 'DOC_FILE_TOO_LARGE');
    expect(await stored()).toBe(before);
  });

  it('refuses unknown, reused and expired codes, and a save by anyone but the uploader', async () => {
    refused(await upload('x'.repeat(43), { name: 'a.pdf', body: pdf('x') }), 404, 'UPLOAD_CODE_INVALID');
    refused(await upload('short', { name: 'a.pdf', body: pdf('x') }), 404, 'UPLOAD_CODE_INVALID');
    refused(await upload('', { name: 'a.pdf', body: pdf('x') }), 404, 'UPLOAD_CODE_INVALID');
    refused(
      await upload((await codeFor('design_admin', org.design!, structure.id)).operationCode),
      400,
      'UPLOAD_FILE_MISSING',
    );
    const { operationCode } = await codeFor('design_admin', org.design!, structure.id);
    refused(await saveFile('design_admin', org.design!, operationCode), 409, 'UPLOAD_NOT_FINISHED');
    detailOf(await upload(operationCode, { name: '一次.pdf', body: pdf('once') }));
    refused(
      await upload(operationCode, { name: '两次.pdf', body: pdf('twice') }),
      404,
      'UPLOAD_CODE_INVALID',
    );
    refused(await saveFile('design_user', org.design!, operationCode), 404, 'UPLOAD_CODE_INVALID');
    detailOf(await saveFile('design_admin', org.design!, operationCode));
    refused(await saveFile('design_user', org.design!, operationCode), 404, 'UPLOAD_CODE_INVALID');
  });

  it('answers a saveFile retried after its answer was lost with the file already saved, once', async () => {
    const { operationCode } = await codeFor('design_admin', org.design!, structure.id);
    detailOf(await upload(operationCode, { name: '重试保存.pdf', body: pdf('retry') }));
    const first = detailOf<DocFile>(await saveFile('design_admin', org.design!, operationCode));
    const retried = await saveFile('design_admin', org.design!, operationCode);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(detailOf<DocFile>(retried)).toEqual(first);
    expect((await files('design_admin', org.design!)).filter((f) => f.name.startsWith('重试保存'))).toEqual([
      first,
    ]);
    // Nobody else can use the code to learn of the file, nor save it again.
    refused(await saveFile('design_user', org.design!, operationCode), 404, 'UPLOAD_CODE_INVALID');
    expect((await saveFile('design2_admin', org.design2!, operationCode)).statusCode).toBe(404);
    // Deleted since: the code answers with nothing any more.
    detailOf(
      await api.send('DELETE', `${base(org.design!)}/docRepository/delete/${first.id}`, tokens.design_admin),
    );
    refused(await saveFile('design_admin', org.design!, operationCode), 404, 'UPLOAD_CODE_INVALID');
    expect((await files('design_admin', org.design!)).filter((f) => f.name.startsWith('重试保存'))).toEqual(
      [],
    );
  });

  it('keeps no bidirectional or invisible characters in a file name, and refuses a name of nothing else', async () => {
    // Shown as sent, U+202E would make this PDF read as the picture “发票fdp.jpg”.
    const saved = await put('发票\u202Egpj.pdf', pdf('bidi'));
    expect(saved.name).toBe('发票gpj.pdf');
    const hidden = await put('\u2066说明\u2069\u200E\u200F\u061C\u2060\uFEFF\u00AD\u200D.pdf', pdf('hidden'));
    expect(hidden.name).toBe('说明.pdf');
    const { operationCode } = await codeFor('design_admin', org.design!, structure.id);
    const before = await stored();
    refused(
      await upload(operationCode, { name: '\u202E\u200B', body: pdf('empty') }),
      400,
      'FILE_NAME_EMPTY',
    );
    expect(await stored()).toBe(before);
    // The code was not used up by the refused name.
    expect(
      detailOf<UploadedFile>(await upload(operationCode, { name: '改名.pdf', body: pdf('ok') })).name,
    ).toBe('改名.pdf');
  });

  it('answers 400 to a broken multipart body and to a NUL in a field or file name; the code stays good', async () => {
    const { operationCode } = await codeFor('design_admin', org.design!, structure.id);
    const { payload, headers } = multipartBody({ operationCode }, { name: '图纸.pdf', content: pdf('cut') });
    const post = (body: Buffer | string, contentType: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/files/upload',
        payload: body,
        headers: { 'content-type': contentType },
      });
    refused(await post(payload, 'multipart/form-data'), 400, 'MALFORMED_BODY');
    refused(
      await post(payload.subarray(0, payload.length - 300), headers['content-type']),
      400,
      'MALFORMED_BODY',
    );
    const nul = multipartBody({ operationCode }, { name: '图\u0000纸.pdf', content: pdf('nul') });
    refused(await post(nul.payload, nul.headers['content-type']), 400, 'NUL_CHARACTER');
    const nulField = multipartBody(
      { operationCode: `${operationCode}\u0000` },
      { name: 'a.pdf', content: pdf('f') },
    );
    refused(await post(nulField.payload, nulField.headers['content-type']), 400, 'NUL_CHARACTER');
    detailOf(await upload(operationCode, { name: '完整.pdf', body: pdf('whole') }));
  });

  it('gives codes only for folders the unit may fill', async () => {
    refused(
      await api.send('GET', `${base(org.survey!)}/docRepository/getOperationCode`, tokens.survey_admin, {
        query: { versionId, folderId: structure.id },
      }),
      403,
      'DOC_FOLDER_NOT_YOURS',
    );
    refused(
      await api.send(
        'GET',
        `${base(org.construct!)}/docRepository/getOperationCode`,
        tokens.construct_admin,
        {
          query: { versionId, folderId: structure.id },
        },
      ),
      403,
      'FORBIDDEN',
    );
  });

  it('refuses to save into a folder deleted while the file was uploading, and deletes files with their bytes', async () => {
    const folder = detailOf<{ id: string }>(
      await api.send('POST', `${base(org.design!)}/docRepository/saveFolder`, tokens.design_admin, {
        payload: { versionId, parentId: structure.id, name: '临时' },
      }),
    );
    const { operationCode } = await codeFor('design_admin', org.design!, folder.id);
    detailOf(await upload(operationCode, { name: '临时.pdf', body: pdf('tmp') }));
    detailOf(
      await api.send('DELETE', `${base(org.design!)}/docRepository/delete/${folder.id}`, tokens.design_admin),
    );
    refused(await saveFile('design_admin', org.design!, operationCode), 409, 'DOC_FOLDER_GONE');

    const before = await stored();
    const file = await put('待删.pdf', pdf('del'));
    expect(await stored()).toBe(before + 1);
    refused(
      await api.send('DELETE', `${base(org.survey!)}/docRepository/delete/${file.id}`, tokens.survey_admin),
      403,
      'DOC_FOLDER_NOT_YOURS',
    );
    detailOf(
      await api.send('DELETE', `${base(org.design!)}/docRepository/delete/${file.id}`, tokens.design_admin),
    );
    expect((await files('design_admin', org.design!)).map((f) => f.name)).not.toContain('待删.pdf');
    expect(await stored()).toBe(before);
  });

  it('deletes folders with the files inside them, and their bytes', async () => {
    const folder = async (parentId: string, name: string) =>
      detailOf<{ id: string }>(
        await api.send('POST', `${base(org.design!)}/docRepository/saveFolder`, tokens.design_admin, {
          payload: { versionId, parentId, name },
        }),
      ).id;
    const before = await stored();
    const outer = await folder(structure.id, '详图');
    const inner = await folder(outer, '节点');
    const other = await folder(structure.id, '作废');
    await put('节点详图.pdf', pdf('inner'), inner);
    await put('墙身详图.pdf', pdf('outer'), outer);
    const loose = await put('作废图.pdf', pdf('loose'), other);
    expect(await stored()).toBe(before + 3);
    detailOf(
      await api.send(
        'DELETE',
        `${base(org.design!)}/docRepository/deleteAll/${outer},${loose.id}`,
        tokens.design_admin,
      ),
    );
    expect(await stored()).toBe(before);
    expect(await files('design_admin', org.design!, other)).toEqual([]);
  });

  // Last: moving the clock on ends the test's sessions too.
  it('refuses a code once it has expired', async () => {
    const late = await codeFor('design_admin', org.design!, structure.id);
    t.advance(3 * 3600_000);
    refused(
      await upload(late.operationCode, { name: '迟.pdf', body: pdf('late') }),
      404,
      'UPLOAD_CODE_INVALID',
    );
  });
});
