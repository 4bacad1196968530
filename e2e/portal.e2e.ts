import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORTAL_CATEGORY_KEYS } from '@drp/domain';
import { baseURL, launchBrowser, newPage, signIn } from './support/browser';
import { expectAccessible } from './support/accessibility';

/**
 * The public portal as an anonymous reader meets it, on the demo content (every item marked
 * 【演示】): home, the lists with their search, a detail with its download, the credit lists, the
 * forum, English, a withdrawn id, and axe on every page. The portal is its own bundle: no page
 * of it may load a chunk of the signed-in app (antd and the features).
 */

/** The portal's chunks and the shared ones (vite.config.ts names them); anything else is the app's. */
const PORTAL_SCRIPT =
  /\/assets\/(entry|rolldown-runtime|vendor-react|vendor-router|vendor-query|portal-[\w-]+)-[\w-]+\.js$/;

const pathOf = (page: Page) => new URL(page.url()).pathname;

/** Every script the page requests, to show that none of the app's came along. */
function watchScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

function expectPortalOnly(scripts: string[]) {
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((s) => !PORTAL_SCRIPT.test(s))).toEqual([]);
  expect(scripts.some((s) => /antd|app-/.test(s))).toBe(false);
}

const textOf = async (page: Page, testId: string) =>
  ((await page.getByTestId(testId).first().textContent()) ?? '').trim();

describe('public portal', () => {
  let browser: Browser;
  /** Pages met on the way, for the axe pass at the end. */
  const visited = new Set<string>();
  let detailPath = '';
  let emptyDetailPath = '';
  let topicPath = '';

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('home shows every category with its latest items and a "more" link, from the portal bundle alone', async () => {
    const page = await newPage(browser);
    const scripts = watchScripts(page);
    await page.goto('/sys_out_sys/home');
    for (const category of PORTAL_CATEGORY_KEYS) {
      const section = page.getByTestId(`portal-section-${category}`);
      await expect
        .poll(() => section.getByTestId('portal-item').count(), { message: category })
        .toBeGreaterThan(0);
      expect(await section.getByTestId('portal-item').first().textContent()).toContain('【演示】');
      expect(await section.getByTestId(`portal-more-${category}`).getAttribute('href')).toMatch(
        /^\/sys_out_sys\//,
      );
    }
    expect(await page.locator('html').getAttribute('lang')).toBe('zh-CN');
    expect(await page.getByTestId('portal-menu').textContent()).toContain('政策文件');
    expect(await page.getByTestId('portal-login').getAttribute('href')).toBe('/sys_sso/login');
    // Landmarks and the banner of picture news.
    expect(await page.locator('header, nav, main, footer').count()).toBeGreaterThanOrEqual(4);
    expect(await page.locator('.portal-banner img').count()).toBeGreaterThan(0);
    expect(await page.locator('footer').textContent()).toContain('ICP');
    expectPortalOnly(scripts);

    // A body-less item opens at emptyDetail, the others at noticeDetail.
    const hrefs = await page
      .getByTestId('portal-item')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
    emptyDetailPath = hrefs.find((h) => h.startsWith('/sys_out_sys/emptyDetail?id='))!;
    expect(emptyDetailPath).toBeTruthy();
    topicPath = (await page.getByTestId('portal-forum-item').first().getAttribute('href'))!;
    expect(topicPath).toMatch(/^\/sys_out_sys\/forumDetail\?id=/);
    visited.add('/sys_out_sys/home');
    await page.context().close();
  });

  it('the top menu opens with the keyboard and the city links are tabs', async () => {
    const page = await newPage(browser);
    await page.goto('/sys_out_sys/home');
    const policy = page.getByTestId('portal-menu').getByRole('button', { name: '政策文件' });
    await policy.focus();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => policy.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('部委文件');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('省内文件');
    await page.keyboard.press('Escape');
    await expect.poll(() => policy.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('政策文件');
    // Enter opens it again; its links lead to the lists.
    await page.keyboard.press('Enter');
    await page.getByTestId('portal-menu').getByRole('link', { name: '外省文件' }).click();
    await page.waitForURL((url) => url.pathname === '/sys_out_sys/otherFile');
    visited.add('/sys_out_sys/otherFile');

    const tabs = page.getByRole('tablist');
    const city = tabs.getByRole('tab', { name: '市州政府' });
    const housing = tabs.getByRole('tab', { name: '市州住建局' });
    expect(await city.getAttribute('aria-selected')).toBe('true');
    expect(await page.getByRole('tabpanel').textContent()).toContain('长沙市人民政府');
    await city.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => housing.getAttribute('aria-selected')).toBe('true');
    expect(await page.getByRole('tabpanel').textContent()).toContain('长沙市住房和城乡建设局');
    await page.context().close();
  });

  it('a "more" link opens the list, which searches by title and by date with the state in the URL', async () => {
    const page = await newPage(browser);
    await page.goto('/sys_out_sys/home');
    await page.getByTestId('portal-more-MINISTERIAL_FILE').click();
    await page.waitForURL((url) => url.pathname === '/sys_out_sys/ministerialFile');
    visited.add('/sys_out_sys/ministerialFile');
    const rows = page.getByTestId('portal-list-item');
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(2);
    const all = await rows.count();
    // Policy documents show their downloadable attachments in the list.
    await expect.poll(() => page.getByTestId('portal-list-attachment').count()).toBeGreaterThan(0);

    // By title: a phrase of the second row's title finds that row alone.
    const second = ((await rows.nth(1).locator('a').first().textContent()) ?? '').trim();
    const phrase = second.replace('【演示】', '').slice(0, 8);
    await page.getByTestId('portal-search').fill(phrase);
    await page.getByTestId('portal-search-submit').click();
    await page.waitForURL((url) => url.searchParams.get('title') === phrase);
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain(second);
    // The URL holds the search: a reload shows the same.
    await page.reload();
    await expect.poll(() => page.getByTestId('portal-search').inputValue()).toBe(phrase);
    await expect.poll(() => rows.count()).toBe(1);

    // By date: from and to the first row's date (after clearing the title).
    await page.goto('/sys_out_sys/ministerialFile');
    await expect.poll(() => rows.count()).toBe(all);
    const day = ((await rows.first().locator('time').textContent()) ?? '').trim();
    expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await page.getByTestId('portal-from').fill(day);
    await page.getByTestId('portal-to').fill(day);
    await page.getByTestId('portal-search-submit').click();
    await page.waitForURL(
      (url) => url.searchParams.get('from') === day && url.searchParams.get('to') === day,
    );
    // The rows shown are the old ones until the answer comes (kept to avoid a jump): wait for it.
    await expect
      .poll(async () => {
        const days = await rows.locator('.portal-list-main time').allTextContents();
        return days.length > 0 && days.every((d) => d.trim() === day);
      })
      .toBe(true);
    // A range before anything was published: nothing.
    await page.goto('/sys_out_sys/ministerialFile?from=2000-01-01&to=2000-01-02');
    await expect.poll(() => page.locator('.portal-empty').count()).toBe(1);
    expect(await rows.count()).toBe(0);
    await page.context().close();
  });

  it('a reader opens an item and downloads its attachment', async () => {
    const page = await newPage(browser);
    await page.goto('/sys_out_sys/home');
    // The first notice with a body and an attachment: the second demo notice has both.
    const section = page.getByTestId('portal-section-NOTICE');
    await expect.poll(() => section.getByTestId('portal-item').count()).toBeGreaterThan(1);
    const item = section.getByTestId('portal-item').filter({ hasText: '双随机' });
    const title = ((await item.textContent()) ?? '').trim();
    await item.click();
    await page.waitForURL((url) => url.pathname.startsWith('/sys_out_sys/noticeDetail/'));
    detailPath = pathOf(page);
    await expect.poll(() => textOf(page, 'portal-article-title')).toBe(title);
    expect(((await page.getByTestId('portal-article-body').textContent()) ?? '').length).toBeGreaterThan(20);
    expect(await page.getByRole('navigation', { name: /上一篇/ }).textContent()).toContain('下一篇');
    expect(await page.title()).toContain(title);

    const attachment = page.getByTestId('portal-attachment').first();
    const name = ((await attachment.textContent()) ?? '').trim();
    expect(name).toMatch(/\.pdf$/);
    const [download] = await Promise.all([page.waitForEvent('download'), attachment.click()]);
    expect(download.suggestedFilename()).toBe(name);
    expect(await download.path()).toBeTruthy();
    visited.add(detailPath);

    // A body-less item: title, source, date and attachments.
    await page.goto(emptyDetailPath);
    await expect.poll(() => page.getByTestId('portal-article-title').count()).toBe(1);
    expect(await page.getByTestId('portal-article-body').textContent()).toContain('本条信息无正文');
    expect(await page.getByTestId('portal-attachment').count()).toBeGreaterThan(0);
    visited.add(emptyDetailPath);
    await page.context().close();
  });

  it('the lists of every other category open from the menu', async () => {
    const page = await newPage(browser);
    const scripts = watchScripts(page);
    await page.goto('/sys_out_sys/home');
    const menu = page.getByTestId('portal-menu');
    const lists: [group: string | null, entry: string, path: string][] = [
      [null, '标准规范', '/sys_out_sys/homeList?category=STANDARD'],
      [null, '审查动态', '/sys_out_sys/homeList?category=REVIEW_NEWS'],
      ['政策文件', '省内文件', '/sys_out_sys/provincialFile'],
      ['信用建设', '信用建设文件', '/sys_out_sys/associationDetail/creditList'],
      ['信用建设', '省内信用动态', '/sys_out_sys/associationDetail/provinceList'],
      ['信用建设', '市州信用动态', '/sys_out_sys/associationDetail/localDynamicList'],
      ['信用建设', '外省信用动态', '/sys_out_sys/associationDetail/fieldDynamicList'],
    ];
    for (const [group, entry, path] of lists) {
      if (group) await menu.getByRole('button', { name: group }).click();
      await menu.getByRole('link', { name: entry, exact: true }).click();
      await page.waitForURL((url) => `${url.pathname}${url.search}` === path);
      await expect.poll(() => page.locator('main h1').textContent(), { message: path }).toBe(entry);
      await expect
        .poll(() => page.getByTestId('portal-list-item').count(), { message: path })
        .toBeGreaterThan(0);
      visited.add(path);
    }
    await page.goto('/sys_out_sys/noticeList');
    await expect.poll(() => page.getByTestId('portal-list-item').count()).toBeGreaterThan(0);
    visited.add('/sys_out_sys/noticeList');
    // associationDetail alone opens its first list.
    await page.goto('/sys_out_sys/associationDetail');
    await page.waitForURL((url) => url.pathname === '/sys_out_sys/associationDetail/creditList');
    expectPortalOnly(scripts);
    await page.context().close();
  });

  it('each credit list shows its entries and searches by organisation', async () => {
    const page = await newPage(browser);
    const lists = ['commendationList', 'criticismList', 'localCommendation', 'fieldCommendation'];
    for (const list of lists) {
      const path = `/sys_out_sys/creditInformation/${list}`;
      await page.goto(path);
      const rows = page.getByTestId('credit-entry');
      await expect.poll(() => rows.count(), { message: list }).toBeGreaterThan(0);
      const first = rows.first();
      expect(await first.textContent()).toContain('【演示】');
      // Organisation, credit code, reason, issuing body, date, document.
      expect(await page.locator('thead th').allTextContents()).toEqual(
        expect.arrayContaining(['单位名称', '统一社会信用代码', '事由', '发布机关', '发布日期', '文件']),
      );
      visited.add(path);
    }
    await page.goto('/sys_out_sys/creditInformation/commendationList');
    const rows = page.getByTestId('credit-entry');
    await expect.poll(() => rows.count()).toBeGreaterThan(1);
    const org = ((await rows.first().locator('th').textContent()) ?? '').trim();
    await page.getByTestId('portal-search').fill(org.slice(0, 6));
    await page.getByTestId('portal-search-submit').click();
    await page.waitForURL((url) => url.searchParams.get('title') === org.slice(0, 6));
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain(org);
    await page.goto('/sys_out_sys/creditInformation');
    await page.waitForURL((url) => url.pathname === '/sys_out_sys/creditInformation/commendationList');
    await page.context().close();
  });

  it('a forum topic shows its replies; a reader signs in from it and replies', async () => {
    const page = await newPage(browser);
    await page.goto('/sys_out_sys/forumDetail');
    await expect.poll(() => page.getByTestId('portal-list-item').count()).toBeGreaterThan(0);
    visited.add('/sys_out_sys/forumDetail');
    await page.goto(topicPath);
    await expect.poll(() => page.getByTestId('forum-topic-title').count()).toBe(1);
    expect(await textOf(page, 'forum-topic-title')).toContain('【演示】');
    await expect.poll(() => page.getByTestId('forum-reply').count()).toBeGreaterThan(0);
    const replies = await page.getByTestId('forum-reply').count();
    visited.add(topicPath);

    // Anonymous: a sign-in link that comes back here.
    const login = page.getByTestId('forum-login');
    expect(await login.getAttribute('href')).toBe(`/sys_sso/login?from=${encodeURIComponent(topicPath)}`);
    await login.click();
    await page.waitForURL((url) => url.pathname === '/sys_sso/login');
    await signIn(page, 'design_user');
    await page.waitForURL((url) => `${url.pathname}${url.search}` === topicPath);
    const body = page.getByTestId('forum-reply-body');
    await expect.poll(() => body.count()).toBe(1);
    const text = `图签信息需与图纸目录一致。\n\n<b>不是标签</b>（测试 ${Date.now().toString(36)}）`;
    await body.fill(text);
    await page.getByTestId('forum-reply-submit').click();
    await expect.poll(() => page.getByTestId('forum-reply').count()).toBe(replies + 1);
    const last = page.getByTestId('forum-reply').last();
    // The text arrives as escaped paragraphs: the tag shows as text, nothing is bold.
    expect(await last.textContent()).toContain('<b>不是标签</b>');
    expect(await last.locator('b').count()).toBe(0);
    expect(await last.locator('.portal-article-body p').count()).toBe(2);
    // Signed in, the top bar leads into the app instead of to sign-in.
    expect(await page.getByTestId('portal-enter-app').getAttribute('href')).toBe('/common/index');
    await page.context().close();
  });

  it('en-US shows English chrome and keeps the choice', async () => {
    const page = await newPage(browser, 'en-US');
    await page.goto('/sys_out_sys/home');
    await expect.poll(() => page.getByTestId('portal-section-NOTICE').count()).toBe(1);
    await page.getByTestId('portal-lang').click();
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('en-US');
    expect(await page.evaluate(() => localStorage.getItem('drp.locale'))).toBe('en-US');
    const menu = (await page.getByTestId('portal-menu').textContent()) ?? '';
    for (const entry of [
      'Home',
      'Policy documents',
      'Standards',
      'Review news',
      'Credit building',
      'Credit information',
    ])
      expect(menu).toContain(entry);
    expect(await page.getByTestId('portal-section-NOTICE').locator('h2').textContent()).toBe('Notices');
    expect((await page.getByTestId('portal-more-NOTICE').textContent())?.startsWith('More')).toBe(true);
    expect(await textOf(page, 'portal-login')).toBe('Sign in');
    expect(await page.getByRole('tab', { selected: true }).textContent()).toBe('City governments');
    await expectAccessible(page, 'home en-US', { seriousOnly: true });
    // A new page keeps English.
    await page.goto('/sys_out_sys/creditInformation/criticismList');
    await expect.poll(() => page.locator('h1').textContent()).toBe('Bulletins of criticism');
    expect(await page.locator('thead th').first().textContent()).toBe('Organisation');
    await page.getByTestId('portal-lang').click();
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('zh-CN');
    await page.context().close();
  });

  it('a made-up or withdrawn id shows "内容不存在或已撤下", and an unknown page goes to /common/404', async () => {
    const page = await newPage(browser);
    for (const path of [
      '/sys_out_sys/noticeDetail/00000000-0000-4000-8000-000000000000',
      '/sys_out_sys/emptyDetail?id=00000000-0000-4000-8000-000000000000',
      '/sys_out_sys/noticeDetail/not-an-id',
      '/sys_out_sys/forumDetail?id=00000000-0000-4000-8000-000000000000',
    ]) {
      await page.goto(path);
      await expect.poll(() => page.getByTestId('portal-not-found').count(), { message: path }).toBe(1);
      expect(await page.getByTestId('portal-not-found').textContent()).toContain('内容不存在或已撤下');
      visited.add(path);
    }
    await page.getByTestId('portal-not-found').getByRole('link').click();
    await page.waitForURL((url) => url.pathname === '/sys_out_sys/home');

    await page.goto('/sys_out_sys/noSuchPage');
    await page.waitForURL((url) => url.pathname === '/common/404');
    await page.context().close();
  });

  it('/ opens the portal for a visitor without loading the app, and the app for a signed-in user', async () => {
    const page = await newPage(browser);
    const scripts = watchScripts(page);
    await page.goto('/');
    await page.waitForURL((url) => url.pathname === '/sys_out_sys/home');
    await expect.poll(() => page.getByTestId('portal-section-NOTICE').count()).toBe(1);
    expectPortalOnly(scripts);
    await page.goto('/common/index');
    await page.waitForURL((url) => url.pathname === '/sys_out_sys/home');

    // The 登录 entry is a page load into the app's sign-in; a user there lands in their area.
    await page.getByTestId('portal-login').click();
    await page.waitForURL((url) => url.pathname === '/sys_sso/login');
    expect(scripts.some((s) => !PORTAL_SCRIPT.test(s))).toBe(true);
    await signIn(page, 'design_admin');
    await page.waitForURL((url) => url.pathname === '/sys_submit');
    // Signed in, `/` is the user's area, not the portal.
    await page.goto('/');
    await page.waitForURL((url) => url.pathname === '/sys_submit');
    await expect.poll(() => page.getByTestId('user-menu').count()).toBe(1);
    await page.context().close();
  });

  /** A page is ready for axe once its heading is there and no placeholder is left. */
  async function settle(page: Page, path: string) {
    const problems: string[] = [];
    const onError = (e: Error) => problems.push(e.message);
    page.on('pageerror', onError);
    try {
      await page.goto(path);
      await expect.poll(() => page.locator('main h1').count(), { timeout: 20_000 }).toBeGreaterThan(0);
      await expect.poll(() => page.locator('[aria-busy="true"], .portal-loading').count()).toBe(0);
    } catch (error) {
      throw new Error(`${path} did not settle (${problems.join('; ') || 'no page error'})`, { cause: error });
    } finally {
      page.off('pageerror', onError);
    }
  }

  it(
    'axe finds nothing serious or critical on any portal page, wide or narrow',
    { timeout: 240_000 },
    async () => {
      expect(visited.size).toBeGreaterThanOrEqual(20);
      const page = await newPage(browser);
      for (const path of visited) {
        await settle(page, path);
        await expectAccessible(page, path, { seriousOnly: true });
      }
      const context = await browser.newContext({ baseURL: baseURL(), viewport: { width: 390, height: 844 } });
      const phone = await context.newPage();
      for (const path of [
        '/sys_out_sys/home',
        detailPath,
        '/sys_out_sys/creditInformation/localCommendation',
      ]) {
        await settle(phone, path);
        await expectAccessible(phone, `${path} (phone)`, { seriousOnly: true });
      }
      // The folded menu opens from its button.
      await phone.getByRole('button', { name: '菜单' }).click();
      await expect
        .poll(() => phone.getByTestId('portal-menu').getByRole('link', { name: '首页' }).isVisible())
        .toBe(true);
      await expectAccessible(phone, 'menu open (phone)', { seriousOnly: true });
      await context.close();
      await page.context().close();
    },
  );
});
