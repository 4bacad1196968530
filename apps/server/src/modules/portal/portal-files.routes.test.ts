import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { PORTAL_LIMITS } from '@drp/domain';
import { portalFiles } from '../../db/schema/portal.js';
import { demoPng } from '../../db/seed/demo-portal-seed.js';
import { contentDisposition } from '../../lib/send-stored-file.js';
import { PDF, PNG, articleRequest, portalApi, refused } from '../../test/portal-fixture.js';
import { storedZip } from '../../test/multipart-body.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

describe('portal files', () => {
  let t: TestApp;
  let api: ReturnType<typeof portalApi>;
  let staff: string;

  /** Every stored file under the test's data directory, to prove a refusal kept nothing. */
  const storedFiles = async () => {
    const root = path.join(t.config.dataDir, 'files');
    const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
    return entries.filter((e) => e.isFile()).length;
  };
  const rows = async () => (await t.database.db.select({ n: count() }).from(portalFiles))[0]!.n;

  beforeAll(async () => {
    t = await createTestApp();
    api = portalApi(t);
    staff = await t.signIn('info_staff');
  });
  afterAll(() => t?.close());

  it('takes attachments and covers by their content, with a clean name', async () => {
    const pdf = await api.upload(staff, 'ATTACHMENT', '../../etc/关于：审查的通知?.pdf', PDF);
    expect(pdf).toMatchObject({
      name: '关于：审查的通知_.pdf',
      contentType: 'application/pdf',
      size: PDF.length,
    });
    const docx = await api.upload(
      staff,
      'ATTACHMENT',
      '表格.docx',
      storedZip({ 'word/document.xml': '<w:document/>' }),
    );
    expect(docx.contentType).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    const archive = await api.upload(staff, 'ATTACHMENT', '资料.zip', storedZip({ 'a.txt': 'a' }));
    expect(archive.contentType).toBe('application/zip');
    // A picture is what its bytes say, whatever it is called.
    const picture = await api.upload(staff, 'COVER', 'banner', demoPng(8, 4, [0, 0, 0], [255, 255, 255]));
    expect(picture.contentType).toBe('image/png');
    const scan = await api.upload(staff, 'ATTACHMENT', '扫描件.PNG', PNG);
    expect(scan.contentType).toBe('image/png');
  });

  it('keeps no bidirectional or invisible characters in a file name', async () => {
    const pdf = await api.upload(staff, 'ATTACHMENT', '通知\u202Egpj\u200B.pdf', PDF);
    expect(pdf.name).toBe('通知gpj.pdf');
  });

  it('refuses what the purpose does not take, by content, and stores nothing', async () => {
    const [files, before] = [await storedFiles(), await rows()];
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(100)]);
    const attachment = refused(
      await api.uploadRaw(staff, { purpose: 'ATTACHMENT' }, { name: 'virus.pdf', content: exe }),
      415,
      'PORTAL_ATTACHMENT_TYPE_REFUSED',
    );
    expect(attachment.message).toContain('「virus.pdf」不能作为附件上传');
    refused(
      await api.uploadRaw(staff, { purpose: 'ATTACHMENT' }, { name: 'page.html', content: html }),
      415,
      'PORTAL_ATTACHMENT_TYPE_REFUSED',
    );
    // A zip container needs a name of a format it holds: a .exe inside a zip header is refused.
    refused(
      await api.uploadRaw(
        staff,
        { purpose: 'ATTACHMENT' },
        { name: 'a.exe', content: storedZip({ a: 'b' }) },
      ),
      415,
      'PORTAL_ATTACHMENT_TYPE_REFUSED',
    );
    refused(
      await api.uploadRaw(staff, { purpose: 'COVER' }, { name: 'cover.svg', content: svg }),
      415,
      'PORTAL_COVER_TYPE_REFUSED',
    );
    refused(
      await api.uploadRaw(staff, { purpose: 'COVER' }, { name: 'cover.pdf', content: PDF }),
      415,
      'PORTAL_COVER_TYPE_REFUSED',
    );
    expect([await storedFiles(), await rows()]).toEqual([files, before]);
  });

  it('refuses an oversized cover with 413 and stores nothing', async () => {
    const [files, before] = [await storedFiles(), await rows()];
    const big = Buffer.concat([PNG, Buffer.alloc(PORTAL_LIMITS.coverMaxBytes + 1 - PNG.length)]);
    const res = await api.uploadRaw(staff, { purpose: 'COVER' }, { name: 'big.png', content: big });
    expect(refused(res, 413, 'PORTAL_FILE_TOO_LARGE').message).toBe('封面图片不能超过 5 MB');
    const exact = Buffer.concat([PNG, Buffer.alloc(PORTAL_LIMITS.coverMaxBytes - PNG.length)]);
    expect((await api.upload(staff, 'COVER', 'exact.png', exact)).size).toBe(PORTAL_LIMITS.coverMaxBytes);
    expect([await storedFiles(), await rows()]).toEqual([files + 1, before + 1]);
  });

  it('says what is missing in a malformed upload', async () => {
    refused(
      await api.uploadRaw(staff, {}, { name: 'a.pdf', content: PDF }),
      400,
      'PORTAL_UPLOAD_PURPOSE_MISSING',
    );
    refused(
      await api.uploadRaw(staff, { purpose: 'BANNER' }, { name: 'a.pdf', content: PDF }),
      400,
      'PORTAL_UPLOAD_PURPOSE_MISSING',
    );
    refused(await api.uploadRaw(staff, { purpose: 'ATTACHMENT' }), 400, 'PORTAL_UPLOAD_FILE_MISSING');
    refused(
      await api.uploadRaw(staff, { purpose: 'ATTACHMENT' }, { name: 'empty.pdf', content: Buffer.alloc(0) }),
      400,
      'PORTAL_UPLOAD_FILE_MISSING',
    );
    const english = await t.app.inject({
      method: 'POST',
      url: '/api/info/portal/uploads',
      headers: { authorization: `Bearer ${staff}`, 'accept-language': 'en-US' },
      payload: { purpose: 'ATTACHMENT' },
    });
    expect(refused(english, 415, 'UNSUPPORTED_MEDIA_TYPE').message).toBe('Unsupported content type');
  });

  it('serves a published article’s attachment as a download and its cover inline, cacheable a day', async () => {
    const pdf = await api.upload(staff, 'ATTACHMENT', '湘建设〔2026〕1号 (附件).pdf', PDF);
    const cover = await api.upload(staff, 'COVER', '封面.png', PNG);
    const unused = await api.upload(staff, 'ATTACHMENT', '未使用.pdf', PDF);
    await api.published(
      staff,
      articleRequest({ attachmentIds: [pdf.id], coverId: cover.id, inBanner: true }),
    );

    const download = await api.call('GET', `/api/portal/files/${pdf.id}`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PDF)).toBe(true);
    const sha = createHash('sha256').update(PDF).digest('hex');
    expect(download.headers).toMatchObject({
      'content-type': 'application/pdf',
      'x-content-type-options': 'nosniff',
      'cache-control': 'public, max-age=86400',
      etag: `"${sha}"`,
    });
    expect(download.headers['content-disposition']).toBe(contentDisposition('湘建设〔2026〕1号 (附件).pdf'));
    expect(download.headers['content-disposition']).toMatch(
      /^attachment; filename="[^"]+"; filename\*=UTF-8''%E6%B9%98/,
    );
    const cached = await api.call('GET', `/api/portal/files/${pdf.id}`, undefined, undefined, {
      'if-none-match': `"${sha}"`,
    });
    expect(cached.statusCode).toBe(304);
    expect(cached.body).toBe('');
    expect(cached.headers['cache-control']).toBe('public, max-age=86400');
    const part = await api.call('GET', `/api/portal/files/${pdf.id}`, undefined, undefined, {
      range: 'bytes=0-4',
    });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('%PDF-');

    const picture = await api.call('GET', `/api/portal/files/${cover.id}`);
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');
    expect(picture.headers['content-disposition']).toMatch(/^inline; /);

    // An upload nobody uses is not public; staff read it, the public gets the ordinary 404.
    const hidden = await api.call('GET', `/api/portal/files/${unused.id}`);
    refused(hidden, 404, 'NOT_FOUND');
    expect(hidden.headers['cache-control']).toBeUndefined();
    const forStaff = await api.call('GET', `/api/info/portal/files/${unused.id}`, staff);
    expect(forStaff.statusCode).toBe(200);
    expect(forStaff.headers['cache-control']).toBe('private, max-age=0, must-revalidate');
    refused(await api.call('GET', `/api/info/portal/files/${unused.id}`), 401, 'UNAUTHORIZED');
    refused(
      await api.call('GET', '/api/portal/files/00000000-0000-4000-8000-000000000002'),
      404,
      'NOT_FOUND',
    );
  });

  it('serves a picture a published body shows, and not while the article is a draft', async () => {
    const picture = await api.upload(staff, 'COVER', '正文插图.png', PNG);
    const body = `<p>见下图</p><img src="/api/portal/files/${picture.id}" alt="插图">`;
    const { article } = await api.createArticle(staff, articleRequest({ bodyHtml: body }));
    refused(await api.call('GET', `/api/portal/files/${picture.id}`), 404, 'NOT_FOUND');
    await api.publish(staff, article.id);
    expect((await api.call('GET', `/api/portal/files/${picture.id}`)).statusCode).toBe(200);
    await api.unpublish(staff, article.id);
    refused(await api.call('GET', `/api/portal/files/${picture.id}`), 404, 'NOT_FOUND');
  });

  it('lets only information-service staff upload', async () => {
    const designer = await t.signIn('design_admin');
    refused(
      await api.uploadRaw(designer, { purpose: 'ATTACHMENT' }, { name: 'a.pdf', content: PDF }),
      403,
      'FORBIDDEN',
    );
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/info/portal/uploads', payload: {} });
    refused(anonymous, 401, 'UNAUTHORIZED');
    const admin = await t.signIn('sysadmin');
    expect((await api.upload(admin, 'ATTACHMENT', 'a.pdf', PDF)).name).toBe('a.pdf');
  });
});
