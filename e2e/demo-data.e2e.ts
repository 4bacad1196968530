import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openSignedIn } from './support/browser';
import { startServer, type RunningServer } from './support/server';

/**
 * A newcomer's first start (`npm start` on an empty DATA_DIR) meets a living platform: the
 * construction unit's applications in several states, which its units and agency see too.
 */
describe('demo data on first start', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer({ DATABASE_URL: '', SEED_DEMO_PROJECTS: '1' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function projectsOf(username: string, area: string): Promise<Page> {
    const context = await browser.newContext({
      baseURL: server.baseURL,
      locale: 'zh-CN',
      viewport: { width: 1366, height: 800 },
    });
    const page = await context.newPage();
    await openSignedIn(page, username, { server: server.baseURL, to: `${area}/projects` });
    return page;
  }

  const rowTexts = (page: Page) =>
    page.getByTestId('project-table').locator('tbody tr.ant-table-row').allInnerTexts();

  it("lists construct_admin's draft, submitted and passed applications", async () => {
    const page = await projectsOf('construct_admin', '/sys_apply');
    await expect.poll(async () => (await rowTexts(page)).length).toBe(3);
    const rows = (await rowTexts(page)).join('\n');
    expect(rows).toMatch(/岳麓区含浦片区安置房项目（一期）[\s\S]*草稿/);
    expect(rows).toMatch(/梅溪湖第二小学新建工程[\s\S]*已提交，资料上传中/);
    expect(rows).toMatch(/湘江新区科创中心办公楼[\s\S]*审查合格/);
    await page.context().close();
  });

  it('shows the submitted ones to the review agency, and none to another agency', async () => {
    const censor = await projectsOf('censor_admin', '/sys_audit');
    await expect.poll(async () => (await rowTexts(censor)).length).toBe(2);
    expect((await rowTexts(censor)).join('\n')).not.toContain('岳麓区含浦片区安置房项目');
    await censor.context().close();

    const other = await projectsOf('censor2_admin', '/sys_audit');
    await expect
      .poll(() => other.getByTestId('project-table').locator('.ant-table-placeholder').count())
      .toBe(1);
    await other.context().close();
  });
});
