import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PORTAL_CATEGORY_KEYS,
  PORTAL_LINK_GROUP_KEYS,
  type PortalArticle,
  type PortalArticlePage,
  type PortalHistoryEntry,
  type PortalHome,
  type PortalSite,
  type StaffArticleSummary,
} from '@drp/domain';
import { detailOf, portalApi } from '../../test/portal-fixture.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { demoPdf, demoPng, seedDemoPortal } from './demo-portal-seed.js';

type StaffArticlePage = { total: number; items: StaffArticleSummary[] };

/** What a newcomer's portal shows after `npm start`: every category alive, all of it marked demo. */
describe('demo portal', () => {
  let t: TestApp;
  let api: ReturnType<typeof portalApi>;

  beforeAll(async () => {
    t = await createTestApp();
    api = portalApi(t);
    const started = performance.now();
    expect(await seedDemoPortal(t.app.ctx)).toBe(true);
    // Fast enough for every first start.
    expect(performance.now() - started).toBeLessThan(5000);
  });
  afterAll(() => t?.close());

  it('seeds once: a portal with content is left alone', async () => {
    expect(await seedDemoPortal(t.app.ctx)).toBe(false);
  });

  it('fills every category with published items marked as demonstration', async () => {
    const home = detailOf<PortalHome>(await api.call('GET', '/api/portal/home'));
    for (const category of PORTAL_CATEGORY_KEYS) {
      const page = detailOf<PortalArticlePage>(
        await api.call('GET', `/api/portal/articles?category=${category}`),
      );
      expect(page.total, category).toBeGreaterThanOrEqual(2);
      for (const item of page.items) {
        expect(item.title).toMatch(/^【演示】/);
        expect(item.source).toContain('演示数据');
      }
      expect(home.latest.find((l) => l.category === category)!.items.length).toBe(Math.min(page.total, 6));
    }
    expect(home.banner.length).toBeGreaterThanOrEqual(1);
    expect(home.banner.every((b) => b.coverUrl !== null)).toBe(true);
    // A draft for staff to find, which the public never sees.
    const staff = await t.signIn('info_staff');
    const drafts = detailOf<StaffArticlePage>(
      await api.call('GET', '/api/info/portal/articles?status=DRAFT', staff),
    );
    expect(drafts.total).toBe(1);
    const notices = detailOf<PortalArticlePage>(
      await api.call('GET', '/api/portal/articles?category=NOTICE'),
    );
    expect(notices.items.map((i) => i.id)).not.toContain(drafts.items[0]!.id);
    // Its history starts with the demo staff member.
    const history = detailOf<PortalHistoryEntry[]>(
      await api.call('GET', `/api/info/portal/articles/${notices.items[0]!.id}/history`, staff),
    );
    expect(history.map((h) => [h.action, h.actorName])).toEqual([
      ['PORTAL_ARTICLE_PUBLISHED', '郭丽'],
      ['PORTAL_ARTICLE_CREATED', '郭丽'],
    ]);
  });

  it('has policy documents with a downloadable PDF, and an item with no body', async () => {
    const page = detailOf<PortalArticlePage>(
      await api.call('GET', '/api/portal/articles?category=PROVINCIAL_FILE'),
    );
    const bodiless = page.items.find((i) => !i.hasBody && i.attachmentCount > 0)!;
    expect(bodiless).toBeDefined();
    const article = detailOf<PortalArticle>(await api.call('GET', `/api/portal/articles/${bodiless.id}`));
    expect(article.bodyHtml).toBeNull();
    const file = await api.call('GET', article.attachments[0]!.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toMatch(/^attachment;/);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('shows a cover picture for each banner item', async () => {
    const home = detailOf<PortalHome>(await api.call('GET', '/api/portal/home'));
    const cover = await api.call('GET', home.banner[0]!.coverUrl!);
    expect(cover.statusCode).toBe(200);
    expect(cover.headers['content-type']).toBe('image/png');
    expect(cover.rawPayload.readUInt32BE(16)).toBe(960);
  });

  it('lists links in all three groups and a footer', async () => {
    const site = detailOf<PortalSite>(await api.call('GET', '/api/portal/site'));
    for (const group of PORTAL_LINK_GROUP_KEYS)
      expect(site.links.filter((l) => l.group === group).length, group).toBeGreaterThanOrEqual(5);
    expect(site.links).toContainEqual(
      expect.objectContaining({ name: '中华人民共和国住房和城乡建设部', url: 'https://www.mohurd.gov.cn/' }),
    );
    expect(site.footer.sponsor).toBe('主办单位：湖南省住房和城乡建设厅');
    expect(site.footer.icp).toContain('ICP');
  });

  it('makes a PDF whose cross-reference table points at its objects', () => {
    const pdf = demoPdf('【演示】湖南省文件', ['第一行', 'ASCII line (with brackets)']);
    const text = pdf.toString('latin1');
    const xref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)![1]);
    expect(text.slice(xref, xref + 4)).toBe('xref');
    const offsets = [...text.slice(xref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(offsets.length).toBe(9);
    offsets.forEach((offset, index) =>
      expect(text.slice(offset).startsWith(`${index + 1} 0 obj`)).toBe(true),
    );
    // Chinese is written as UCS-2 codes of the GB1 collection's Unicode encoding.
    expect(text).toContain(
      `<${[...'第一行'].map((c) => c.charCodeAt(0).toString(16).padStart(4, '0')).join('')}>`,
    );
    expect(text).toContain('(ASCII line \\(with brackets\\)) Tj');
  });

  it('makes a PNG of the asked size whose pixels inflate to the right length', () => {
    const png = demoPng(20, 10, [0, 0, 0], [200, 100, 50]);
    expect(png.readUInt32BE(16)).toBe(20);
    expect(png.readUInt32BE(20)).toBe(10);
    const idatLength = png.readUInt32BE(33);
    expect(png.subarray(37, 41).toString('latin1')).toBe('IDAT');
    expect(inflateSync(png.subarray(41, 41 + idatLength)).length).toBe((20 * 3 + 1) * 10);
  });
});
