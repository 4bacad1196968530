import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type {
  PortalArticle,
  PortalArticlePage,
  PortalHistoryEntry,
  StaffArticle,
  StaffArticleSummary,
} from '@drp/domain';
import { portalFiles } from '../../db/schema/portal.js';
import { PDF, PNG, articleRequest, detailOf, portalApi, refused } from '../../test/portal-fixture.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

type StaffArticlePage = { total: number; items: StaffArticleSummary[] };

describe('portal articles', () => {
  let t: TestApp;
  let api: ReturnType<typeof portalApi>;
  let staff: string;
  let admin: string;

  const publicPage = async (query: string) =>
    detailOf<PortalArticlePage>(await api.call('GET', `/api/portal/articles?${query}`));
  const publicTitles = async (query: string) => (await publicPage(query)).items.map((i) => i.title);

  beforeAll(async () => {
    t = await createTestApp();
    api = portalApi(t);
    staff = await t.signIn('info_staff');
    admin = await t.signIn('sysadmin');
  });
  afterAll(() => t?.close());

  it('keeps a draft from the public until it is published, and takes it away again when withdrawn', async () => {
    const pdf = await api.upload(staff, 'ATTACHMENT', '通知附件.pdf', PDF);
    const { article, bodyCleaned } = await api.createArticle(
      staff,
      articleRequest({ title: '发布流程测试通知', attachmentIds: [pdf.id] }),
    );
    expect(bodyCleaned).toBe(false);
    expect(article).toMatchObject({
      status: 'DRAFT',
      publishedAt: null,
      hasBody: true,
      attachmentCount: 1,
      updatedByName: '郭丽',
    });
    expect(article.attachments).toEqual([
      expect.objectContaining({ id: pdf.id, name: '通知附件.pdf', url: `/api/info/portal/files/${pdf.id}` }),
    ]);

    // A draft does not exist for the public: not in the list, 404 by id, its file 404.
    expect(await publicTitles('category=NOTICE')).not.toContain('发布流程测试通知');
    refused(await api.call('GET', `/api/portal/articles/${article.id}`), 404, 'NOT_FOUND');
    refused(await api.call('GET', `/api/portal/files/${pdf.id}`), 404, 'NOT_FOUND');
    // Staff see it, drafts included.
    const drafts = detailOf<StaffArticlePage>(
      await api.call('GET', '/api/info/portal/articles?status=DRAFT', staff),
    );
    expect(drafts.items.map((i) => i.id)).toContain(article.id);

    const published = await api.publish(staff, article.id);
    expect(published.status).toBe('PUBLISHED');
    expect(published.publishedAt).not.toBeNull();
    const listed = (await publicPage('category=NOTICE')).items.find((i) => i.id === article.id);
    expect(listed).toMatchObject({
      title: '发布流程测试通知',
      attachmentCount: 1,
      hasBody: true,
      coverUrl: null,
    });
    const staffListed = detailOf<StaffArticlePage>(await api.call('GET', '/api/info/portal/articles', staff));
    expect(staffListed.items.find((i) => i.id === article.id)).toMatchObject({
      status: 'PUBLISHED',
      attachmentCount: 1,
      updatedByName: '郭丽',
    });
    const read = detailOf<PortalArticle>(await api.call('GET', `/api/portal/articles/${article.id}`));
    expect(read).toMatchObject({ title: '发布流程测试通知', bodyHtml: '<p>正文</p>', attachmentCount: 1 });
    expect(read.attachments[0]!.url).toBe(`/api/portal/files/${pdf.id}`);
    expect((await api.call('GET', `/api/portal/files/${pdf.id}`)).statusCode).toBe(200);
    // Publishing twice is harmless.
    expect((await api.publish(staff, article.id)).publishedAt).toBe(published.publishedAt);

    const withdrawn = await api.unpublish(staff, article.id);
    expect(withdrawn.status).toBe('DRAFT');
    expect(await publicTitles('category=NOTICE')).not.toContain('发布流程测试通知');
    refused(await api.call('GET', `/api/portal/articles/${article.id}`), 404, 'NOT_FOUND');
    refused(await api.call('GET', `/api/portal/files/${pdf.id}`), 404, 'NOT_FOUND');
  });

  it('keeps the status on save: a published article stays published with the new text', async () => {
    const article = await api.published(staff, articleRequest({ title: '保存后仍发布' }));
    const saved = detailOf<{ article: StaffArticle }>(
      await api.update(
        staff,
        article.id,
        articleRequest({ title: '保存后仍发布（修订）', bodyHtml: '<p>新正文</p>' }),
      ),
    );
    expect(saved.article).toMatchObject({ status: 'PUBLISHED', title: '保存后仍发布（修订）' });
    const read = detailOf<PortalArticle>(await api.call('GET', `/api/portal/articles/${article.id}`));
    expect(read).toMatchObject({ title: '保存后仍发布（修订）', bodyHtml: '<p>新正文</p>' });
  });

  it('deletes softly: the article is 404 for staff and the public, with its files and history', async () => {
    const pdf = await api.upload(staff, 'ATTACHMENT', '删除测试.pdf', PDF);
    const article = await api.published(
      staff,
      articleRequest({ title: '将被删除的通知', attachmentIds: [pdf.id] }),
    );
    expect(
      detailOf<null>(await api.call('DELETE', `/api/info/portal/articles/${article.id}`, staff)),
    ).toBeNull();
    refused(await api.call('GET', `/api/portal/articles/${article.id}`), 404, 'NOT_FOUND');
    refused(await api.call('GET', `/api/info/portal/articles/${article.id}`, staff), 404, 'NOT_FOUND');
    refused(
      await api.call('GET', `/api/info/portal/articles/${article.id}/history`, staff),
      404,
      'NOT_FOUND',
    );
    refused(await api.update(staff, article.id, articleRequest()), 404, 'NOT_FOUND');
    refused(
      await api.call('POST', `/api/info/portal/articles/${article.id}/publish`, staff),
      404,
      'NOT_FOUND',
    );
    refused(await api.call('DELETE', `/api/info/portal/articles/${article.id}`, staff), 404, 'NOT_FOUND');
    refused(await api.call('GET', `/api/portal/files/${pdf.id}`), 404, 'NOT_FOUND');
    expect(await publicTitles('category=NOTICE')).not.toContain('将被删除的通知');
    const listed = detailOf<StaffArticlePage>(
      await api.call('GET', '/api/info/portal/articles?pageSize=50', staff),
    );
    expect(listed.items.map((i) => i.id)).not.toContain(article.id);
  });

  it('lists pinned first then by date, searches titles literally and filters by date', async () => {
    const make = (title: string, publishDate: string, pinned = false) =>
      api.published(staff, articleRequest({ category: 'STANDARD', title, publishDate, pinned }));
    await make('Fire Code 防火规范', '2025-05-01');
    await make('抗震规范 100%_达标', '2025-06-01');
    await make('节能标准', '2025-07-01');
    await make('置顶的旧标准', '2024-01-01', true);

    expect(await publicTitles('category=STANDARD')).toEqual([
      '置顶的旧标准',
      '节能标准',
      '抗震规范 100%_达标',
      'Fire Code 防火规范',
    ]);
    // `%` and `_` are characters, not wildcards; the search ignores case.
    expect(await publicTitles('category=STANDARD&title=%25_')).toEqual(['抗震规范 100%_达标']);
    expect(await publicTitles('category=STANDARD&title=_')).toEqual(['抗震规范 100%_达标']);
    expect(await publicTitles('category=STANDARD&title=fire%20code')).toEqual(['Fire Code 防火规范']);
    expect(await publicTitles('category=STANDARD&from=2025-06-01&to=2025-07-01')).toEqual([
      '节能标准',
      '抗震规范 100%_达标',
    ]);
    expect(await publicTitles('category=STANDARD&to=2025-05-01')).toEqual([
      '置顶的旧标准',
      'Fire Code 防火规范',
    ]);
    const paged = await publicPage('category=STANDARD&page=1&pageSize=3');
    expect(paged.total).toBe(4);
    expect(paged.items.map((i) => i.title)).toEqual(['Fire Code 防火规范']);
    // Other categories are not mixed in, and the category is required.
    expect(await publicTitles('category=REVIEW_NEWS')).toEqual([]);
    refused(await api.call('GET', '/api/portal/articles'), 400, 'VALIDATION_FAILED');
    refused(
      await api.call('GET', '/api/portal/articles?category=STANDARD&from=2025-13-01'),
      400,
      'VALIDATION_FAILED',
    );
  });

  it('links each article to its neighbours in the public order of its category', async () => {
    const first = await api.published(
      staff,
      articleRequest({ category: 'CREDIT_DOC', title: '甲', publishDate: '2026-01-03' }),
    );
    const second = await api.published(
      staff,
      articleRequest({ category: 'CREDIT_DOC', title: '乙', publishDate: '2026-01-02' }),
    );
    const draft = await api.createArticle(
      staff,
      articleRequest({ category: 'CREDIT_DOC', title: '草稿', publishDate: '2026-01-02' }),
    );
    const third = await api.published(
      staff,
      articleRequest({ category: 'CREDIT_DOC', title: '丙', publishDate: '2026-01-01' }),
    );
    const read = async (id: string) =>
      detailOf<PortalArticle>(await api.call('GET', `/api/portal/articles/${id}`));
    expect(await read(first.id)).toMatchObject({ previous: null, next: { id: second.id, title: '乙' } });
    expect(await read(second.id)).toMatchObject({ previous: { id: first.id }, next: { id: third.id } });
    expect(await read(third.id)).toMatchObject({ previous: { id: second.id }, next: null });
    expect(draft.article.status).toBe('DRAFT');
  });

  it('sanitises the body on save: no script or event handler ever comes back', async () => {
    const hostile =
      '<p onclick="steal()">通知正文</p><script>alert(1)</script>' +
      '<img src="x" onerror="alert(2)"><a href="javascript:alert(3)">链接</a><p style="display:none">隐藏</p>';
    const saved = await api.createArticle(staff, articleRequest({ title: '净化测试', bodyHtml: hostile }));
    expect(saved.bodyCleaned).toBe(true);
    const check = (html: string | null) => {
      expect(html).toContain('通知正文');
      expect(html).not.toMatch(/script|onerror|onclick|javascript:|style=/i);
    };
    check(saved.article.bodyHtml);
    await api.publish(staff, saved.article.id);
    check(
      detailOf<PortalArticle>(await api.call('GET', `/api/portal/articles/${saved.article.id}`)).bodyHtml,
    );
    // The same on an update, and a clean body says so.
    const updated = detailOf<{ article: StaffArticle; bodyCleaned: boolean }>(
      await api.update(
        staff,
        saved.article.id,
        articleRequest({ title: '净化测试', bodyHtml: `${hostile}<p>补充</p>` }),
      ),
    );
    expect(updated.bodyCleaned).toBe(true);
    check(updated.article.bodyHtml);
    const clean = await api.update(
      staff,
      saved.article.id,
      articleRequest({ title: '净化测试', bodyHtml: '<p>干净</p>' }),
    );
    expect(detailOf<{ bodyCleaned: boolean }>(clean).bodyCleaned).toBe(false);
    // An editor's empty document is no body: the item becomes title, source, date and attachments.
    const empty = detailOf<{ article: StaffArticle }>(
      await api.update(staff, saved.article.id, articleRequest({ title: '净化测试', bodyHtml: '<p></p>' })),
    );
    expect(empty.article).toMatchObject({ bodyHtml: null, hasBody: false });
  });

  it('answers public JSON with an ETag, a short Cache-Control and 304 when nothing changed', async () => {
    const article = await api.published(
      staff,
      articleRequest({ category: 'REVIEW_NEWS', title: '缓存测试' }),
    );
    for (const url of [`/api/portal/articles/${article.id}`, '/api/portal/articles?category=REVIEW_NEWS']) {
      const first = await api.call('GET', url);
      expect(first.statusCode).toBe(200);
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^W\/".+"$/);
      expect(first.headers['cache-control']).toBe('public, no-cache');
      expect(first.headers.vary).toContain('Accept-Language');
      const again = await api.call('GET', url, undefined, undefined, { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
      // Another language is another body, another tag.
      const english = await api.call('GET', url, undefined, undefined, {
        'accept-language': 'en-US',
        'if-none-match': etag,
      });
      expect(english.statusCode).toBe(200);
    }
    const before = (await api.call('GET', `/api/portal/articles/${article.id}`)).headers.etag as string;
    await api.update(staff, article.id, articleRequest({ category: 'REVIEW_NEWS', title: '缓存测试（改）' }));
    const after = await api.call('GET', `/api/portal/articles/${article.id}`, undefined, undefined, {
      'if-none-match': before,
    });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before);
    // Errors are not cacheable.
    const gone = await api.call('GET', '/api/portal/articles/00000000-0000-4000-8000-000000000001');
    expect(gone.statusCode).toBe(404);
    expect(gone.headers['cache-control']).toBeUndefined();
    expect(gone.headers.etag).toBeUndefined();
    // Staff answers are not marked public.
    const staffRead = await api.call('GET', `/api/info/portal/articles/${article.id}`, staff);
    expect(staffRead.headers['cache-control']).toBeUndefined();
  });

  it('claims only the saver’s own unused uploads, of the right purpose, and lets removed ones go', async () => {
    const mine = await api.upload(staff, 'ATTACHMENT', '我的附件.pdf', PDF);
    const kept = await api.upload(staff, 'ATTACHMENT', '保留的附件.pdf', PDF);
    const theirs = await api.upload(admin, 'ATTACHMENT', '管理员的附件.pdf', PDF);
    const cover = await api.upload(staff, 'COVER', '封面.png', PNG);

    refused(
      await api.create(staff, articleRequest({ attachmentIds: [theirs.id] })),
      400,
      'PORTAL_UPLOAD_UNAVAILABLE',
    );
    refused(
      await api.create(staff, articleRequest({ attachmentIds: ['00000000-0000-4000-8000-000000000009'] })),
      400,
      'PORTAL_UPLOAD_UNAVAILABLE',
    );
    const wrong = refused(
      await api.create(staff, articleRequest({ attachmentIds: [cover.id] })),
      400,
      'PORTAL_UPLOAD_PURPOSE_MISMATCH',
    );
    expect(wrong.message).toBe('「封面.png」不是作为附件上传的，请重新上传');
    refused(
      await api.create(staff, articleRequest({ coverId: mine.id })),
      400,
      'PORTAL_UPLOAD_PURPOSE_MISMATCH',
    );
    const banner = refused(
      await api.create(staff, articleRequest({ inBanner: true })),
      400,
      'PORTAL_BANNER_NEEDS_COVER',
    );
    expect(banner.message).toBe('在首页轮播图中展示的内容须设置封面图片');

    const { article } = await api.createArticle(
      staff,
      articleRequest({
        title: '附件认领',
        attachmentIds: [mine.id, kept.id],
        coverId: cover.id,
        inBanner: true,
      }),
    );
    expect(article.attachments.map((a) => a.name)).toEqual(['我的附件.pdf', '保留的附件.pdf']);
    expect(article.coverUrl).toBe(`/api/info/portal/files/${cover.id}`);
    // Claimed: no other article may take them.
    refused(
      await api.create(staff, articleRequest({ attachmentIds: [mine.id] })),
      400,
      'PORTAL_UPLOAD_UNAVAILABLE',
    );
    refused(await api.create(staff, articleRequest({ coverId: cover.id })), 400, 'PORTAL_UPLOAD_UNAVAILABLE');

    // The article's own files stay usable on the next save; the one left out is let go.
    const saved = detailOf<{ article: StaffArticle }>(
      await api.update(
        staff,
        article.id,
        articleRequest({ title: '附件认领', attachmentIds: [kept.id], coverId: cover.id, inBanner: true }),
      ),
    );
    expect(saved.article.attachments.map((a) => a.id)).toEqual([kept.id]);
    const [released] = await t.database.db.select().from(portalFiles).where(eq(portalFiles.id, mine.id));
    expect(released!.articleId).toBeNull();
    // Another staff member's save keeps the article's files (they are the article's, not the uploader's).
    const byAdmin = detailOf<{ article: StaffArticle }>(
      await api.update(
        admin,
        article.id,
        articleRequest({ title: '附件认领', attachmentIds: [kept.id], coverId: null }),
      ),
    );
    expect(byAdmin.article).toMatchObject({ coverUrl: null, inBanner: false, updatedByName: '系统管理员' });
  });

  it('shows who changed what, newest first, from the audit log', async () => {
    const a = await api.upload(staff, 'ATTACHMENT', '历史附件.pdf', PDF);
    const { article } = await api.createArticle(
      staff,
      articleRequest({ title: '历史测试', source: '原来源' }),
    );
    await api.update(
      admin,
      article.id,
      articleRequest({ title: '历史测试（改）', source: '原来源', bodyHtml: '<p>新</p>', pinned: true }),
    );
    await api.update(
      staff,
      article.id,
      articleRequest({
        title: '历史测试（改）',
        source: '原来源',
        bodyHtml: '<p>新</p>',
        pinned: true,
        attachmentIds: [a.id],
      }),
    );
    await api.publish(staff, article.id);
    await api.unpublish(admin, article.id);
    const history = detailOf<PortalHistoryEntry[]>(
      await api.call('GET', `/api/info/portal/articles/${article.id}/history`, staff),
    );
    expect(history.map((h) => [h.action, h.actorName])).toEqual([
      ['PORTAL_ARTICLE_UNPUBLISHED', '系统管理员'],
      ['PORTAL_ARTICLE_PUBLISHED', '郭丽'],
      ['PORTAL_ARTICLE_UPDATED', '郭丽'],
      ['PORTAL_ARTICLE_UPDATED', '系统管理员'],
      ['PORTAL_ARTICLE_CREATED', '郭丽'],
    ]);
    expect(history[3]!.detail).toMatchObject({
      fields: ['title', 'pinned', 'bodyHtml'],
      changes: { title: { from: '历史测试', to: '历史测试（改）' }, pinned: { from: false, to: true } },
    });
    expect(history[2]!.detail).toMatchObject({ fields: ['attachments'], attachmentsAdded: ['历史附件.pdf'] });
    expect(history[0]!.detail).toMatchObject({ changes: { status: { from: 'PUBLISHED', to: 'DRAFT' } } });
  });

  it('refuses bad input with clear errors', async () => {
    refused(
      await api.create(staff, { ...articleRequest(), category: 'NOPE' as never }),
      400,
      'VALIDATION_FAILED',
    );
    refused(await api.create(staff, articleRequest({ title: '   ' })), 400, 'VALIDATION_FAILED');
    refused(
      await api.create(staff, articleRequest({ bodyHtml: 'x'.repeat(200_001) })),
      400,
      'VALIDATION_FAILED',
    );
    refused(await api.call('GET', '/api/portal/articles/not-an-id'), 404, 'NOT_FOUND');
    refused(
      await api.call('GET', '/api/info/portal/articles/00000000-0000-4000-8000-000000000001', staff),
      404,
      'NOT_FOUND',
    );
  });

  it('is staff-only behind /api/info/portal', async () => {
    const designer = await t.signIn('design_admin');
    refused(await api.call('GET', '/api/info/portal/articles'), 401, 'UNAUTHORIZED');
    refused(await api.call('GET', '/api/info/portal/articles', designer), 403, 'FORBIDDEN');
    refused(await api.create(designer, articleRequest()), 403, 'FORBIDDEN');
    // The public calls need no sign-in at all.
    expect((await api.call('GET', '/api/portal/articles?category=NOTICE')).statusCode).toBe(200);
  });
});
