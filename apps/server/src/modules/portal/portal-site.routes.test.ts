import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  PORTAL_CATEGORY_KEYS,
  PORTAL_LIMITS,
  type PortalHome,
  type PortalSite,
  type SaveSiteRequest,
} from '@drp/domain';
import { accounts } from '../../db/schema/accounts.js';
import { auditEvents } from '../../db/schema/audit.js';
import { creditEntries, forumTopics, portalFiles } from '../../db/schema/portal.js';
import { PDF, PNG, articleRequest, detailOf, portalApi, refused } from '../../test/portal-fixture.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

const FOOTER = {
  sponsor: '主办单位：湖南省住房和城乡建设厅',
  operator: '技术支持：某某科技有限公司',
  contact: '联系电话：0731-00000000',
  icp: '湘ICP备00000000号',
};

describe('portal site and home', () => {
  let t: TestApp;
  let api: ReturnType<typeof portalApi>;
  let staff: string;

  const save = (request: SaveSiteRequest, token = staff) =>
    api.call('PUT', '/api/info/portal/site', token, request);

  beforeAll(async () => {
    t = await createTestApp();
    api = portalApi(t);
    staff = await t.signIn('info_staff');
  });
  afterAll(() => t?.close());

  it('starts with no links and an empty footer', async () => {
    expect(detailOf<PortalSite>(await api.call('GET', '/api/portal/site'))).toEqual({
      links: [],
      footer: { sponsor: '', operator: '', contact: '', icp: '' },
    });
  });

  it('replaces every link list and the footer at once, groups in their order', async () => {
    const first = detailOf<PortalSite>(
      await save({
        links: [
          { group: 'HOUSING_BUREAU', name: '长沙市住房和城乡建设局', url: 'http://zjw.changsha.gov.cn/' },
          { group: 'FRIENDLY', name: '住房和城乡建设部', url: 'https://www.mohurd.gov.cn/' },
          { group: 'CITY_GOV', name: '长沙市人民政府', url: 'http://www.changsha.gov.cn/' },
          { group: 'FRIENDLY', name: '湖南省人民政府', url: 'https://www.hunan.gov.cn/' },
        ],
        footer: FOOTER,
      }),
    );
    expect(first.links.map((l) => [l.group, l.name])).toEqual([
      ['FRIENDLY', '住房和城乡建设部'],
      ['FRIENDLY', '湖南省人民政府'],
      ['CITY_GOV', '长沙市人民政府'],
      ['HOUSING_BUREAU', '长沙市住房和城乡建设局'],
    ]);
    expect(detailOf<PortalSite>(await api.call('GET', '/api/portal/site'))).toEqual(first);

    // The second save replaces the lists wholly and changes one footer line.
    const second = detailOf<PortalSite>(
      await save({
        links: [{ group: 'FRIENDLY', name: '湖南省人民政府', url: 'https://www.hunan.gov.cn/' }],
        footer: { ...FOOTER, contact: '联系电话：0731-11111111' },
      }),
    );
    expect(second.links.map((l) => l.name)).toEqual(['湖南省人民政府']);
    expect(detailOf<PortalSite>(await api.call('GET', '/api/info/portal/site', staff))).toEqual(second);
    const [event] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'PORTAL_SITE_UPDATED'), eq(auditEvents.targetType, 'portalSite')))
      .orderBy(auditEvents.occurredAt)
      .offset(1);
    expect(event!.detail).toMatchObject({
      linksAdded: [],
      footerChanged: ['contact'],
    });
    expect((event!.detail as { linksRemoved: string[] }).linksRemoved).toHaveLength(3);
    expect(event!.actorUsername).toBe('info_staff');
  });

  it('refuses links that are not http(s), too many links in a group, and outsiders', async () => {
    const bad = await save({
      links: [{ group: 'FRIENDLY', name: '坏链接', url: 'javascript:alert(1)' }],
      footer: FOOTER,
    });
    expect(refused(bad, 400, 'VALIDATION_FAILED').message).toContain('PORTAL_LINK_SCHEME');
    const many = Array.from({ length: PORTAL_LIMITS.linksPerGroupMax + 1 }, (_, i) => ({
      group: 'CITY_GOV' as const,
      name: `链接${i}`,
      url: `https://example.gov.cn/${i}`,
    }));
    refused(await save({ links: many, footer: FOOTER }), 400, 'PORTAL_LINKS_PER_GROUP');
    refused(await save({ links: [], footer: FOOTER }, await t.signIn('design_admin')), 403, 'FORBIDDEN');
    refused(
      await api.call('PUT', '/api/info/portal/site', undefined, { links: [], footer: FOOTER }),
      401,
      'UNAUTHORIZED',
    );
    // Nothing of these reached the site.
    expect(detailOf<PortalSite>(await api.call('GET', '/api/portal/site')).links.map((l) => l.name)).toEqual([
      '湖南省人民政府',
    ]);
  });

  it('caches the site like every public answer', async () => {
    const first = await api.call('GET', '/api/portal/site');
    expect(first.headers['cache-control']).toBe('public, no-cache');
    const again = await api.call('GET', '/api/portal/site', undefined, undefined, {
      'if-none-match': `"x", ${first.headers.etag as string}`,
    });
    expect(again.statusCode).toBe(304);
  });

  it('builds the home page from published items, province credit entries and visible forum topics', async () => {
    const cover = await api.upload(staff, 'COVER', '轮播.png', PNG);
    const inBanner = await api.published(
      staff,
      articleRequest({ title: '轮播中的通知', coverId: cover.id, inBanner: true, publishDate: '2026-02-01' }),
    );
    const draftCover = await api.upload(staff, 'COVER', '草稿轮播.png', PNG);
    await api.createArticle(
      staff,
      articleRequest({ title: '草稿不进首页', coverId: draftCover.id, inBanner: true }),
    );
    for (let i = 1; i <= PORTAL_LIMITS.homeItemsPerCategory + 1; i += 1)
      await api.published(
        staff,
        articleRequest({ category: 'REVIEW_NEWS', title: `动态${i}`, publishDate: `2026-01-0${i}` }),
      );

    const [account] = await t.database.db.select().from(accounts).where(eq(accounts.username, 'info_staff'));
    const by = { createdBy: account!.id, updatedBy: account!.id };
    const entry = (values: Partial<typeof creditEntries.$inferInsert>) => ({
      kind: 'COMMENDATION' as const,
      scope: 'PROVINCE' as const,
      orgName: '湖南省建筑设计院集团股份有限公司',
      reason: '获评优秀审查项目',
      issuer: '湖南省住房和城乡建设厅',
      // Later than any demo entry the seed may hold, so these come first.
      issuedOn: '2099-01-10',
      ...by,
      ...values,
    });
    const [commended] = await t.database.db
      .insert(creditEntries)
      .values([
        entry({ orgName: '表彰单位' }),
        entry({ orgName: '未发布的表彰', published: false }),
        entry({ orgName: '已删除的表彰', deletedAt: new Date() }),
        entry({ orgName: '市州表彰', scope: 'LOCAL' }),
        entry({ orgName: '通报单位', kind: 'CRITICISM', issuedOn: '2099-01-11' }),
      ])
      .returning();
    const document = await api.upload(staff, 'ATTACHMENT', '表彰决定.pdf', PDF);
    await t.database.db
      .update(portalFiles)
      .set({ creditEntryId: commended!.id })
      .where(eq(portalFiles.id, document.id));
    await t.database.db.insert(forumTopics).values([
      { title: '可见的主题', bodyHtml: '<p>x</p>', authorId: account!.id, replyCount: 2 },
      { title: '被隐藏的主题', bodyHtml: '<p>x</p>', authorId: account!.id, hidden: true },
    ]);

    const res = await api.call('GET', '/api/portal/home');
    const home = detailOf<PortalHome>(res);
    expect(res.headers['cache-control']).toBe('public, no-cache');
    expect(home.banner.map((b) => [b.id, b.coverUrl])).toEqual([
      [inBanner.id, `/api/portal/files/${cover.id}`],
    ]);
    expect(home.latest.map((l) => l.category)).toEqual(PORTAL_CATEGORY_KEYS);
    const news = home.latest.find((l) => l.category === 'REVIEW_NEWS')!.items.map((i) => i.title);
    expect(news).toEqual(['动态7', '动态6', '动态5', '动态4', '动态3', '动态2']);
    expect(home.latest.find((l) => l.category === 'NOTICE')!.items.map((i) => i.title)).toEqual([
      '轮播中的通知',
    ]);
    expect(home.latest.find((l) => l.category === 'STANDARD')!.items).toEqual([]);
    const commendations = home.commendations.map((c) => c.orgName);
    expect(commendations[0]).toBe('表彰单位');
    expect(commendations).not.toEqual(expect.arrayContaining(['未发布的表彰']));
    expect(commendations).not.toEqual(expect.arrayContaining(['已删除的表彰']));
    expect(commendations).not.toEqual(expect.arrayContaining(['市州表彰']));
    expect(home.commendations.length).toBeLessThanOrEqual(PORTAL_LIMITS.homeItemsPerCategory);
    expect(home.commendations[0]!.document).toMatchObject({
      id: document.id,
      name: '表彰决定.pdf',
      url: `/api/portal/files/${document.id}`,
    });
    expect(home.criticisms[0]!.orgName).toBe('通报单位');
    expect(home.criticisms.every((c) => c.kind === 'CRITICISM' && c.scope === 'PROVINCE')).toBe(true);
    expect(home.forum).toContainEqual(expect.objectContaining({ title: '可见的主题', replyCount: 2 }));
    expect(home.forum.map((f) => f.title)).not.toContain('被隐藏的主题');
    // The published credit entry's document is public.
    expect((await api.call('GET', `/api/portal/files/${document.id}`)).statusCode).toBe(200);

    // Withdrawing the banner article takes it out of the home page, and the tag changes.
    await api.unpublish(staff, inBanner.id);
    const after = await api.call('GET', '/api/portal/home', undefined, undefined, {
      'if-none-match': res.headers.etag as string,
    });
    expect(after.statusCode).toBe(200);
    expect(detailOf<PortalHome>(after).banner).toEqual([]);
  });
});
