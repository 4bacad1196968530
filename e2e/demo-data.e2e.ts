import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, launchBrowser, openSignedIn } from './support/browser';
import { apiSession, call } from './support/project-api';
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

  it("lists construct_admin's draft, submitted, in-review and filed applications", async () => {
    const page = await projectsOf('construct_admin', '/sys_apply');
    await expect.poll(async () => (await rowTexts(page)).length).toBe(4);
    const rows = (await rowTexts(page)).join('\n');
    expect(rows).toMatch(/岳麓区含浦片区安置房项目（一期）[\s\S]*草稿/);
    expect(rows).toMatch(/梅溪湖第二小学新建工程[\s\S]*已提交，资料上传中/);
    expect(rows).toMatch(/坪塘街道社区卫生服务中心[\s\S]*审查中/);
    expect(rows).toMatch(/湘江新区科创中心办公楼[\s\S]*已备案/);
    await page.context().close();
  });

  it('shows the submitted ones to the review agency, and none to another agency', async () => {
    const censor = await projectsOf('censor_admin', '/sys_audit');
    await expect.poll(async () => (await rowTexts(censor)).length).toBe(3);
    expect((await rowTexts(censor)).join('\n')).not.toContain('岳麓区含浦片区安置房项目');
    await censor.context().close();

    const other = await projectsOf('censor2_admin', '/sys_audit');
    await expect
      .poll(() => other.getByTestId('project-table').locator('.ant-table-placeholder').count())
      .toBe(1);
    await other.context().close();
  });

  it('tells one story of the filed application: materials handed over and accepted, no upload left to do, in the public record', async () => {
    const censor = await apiSession(server.baseURL, 'censor_admin', DEMO_PASSWORD);
    const listed = await call<{ items: { id: string; name: string; status: string }[] }>(
      censor,
      'GET',
      '/api/checkDrawings/project/pagelist?page=0&pageSize=10',
    );
    const passed = listed.items.find((p) => p.status === 'FILED')!;
    const school = listed.items.find((p) => p.status === 'SUBMITTED')!;

    // The agency reads the drawings it accepted; their review is over, and it says so.
    const page = await projectsOf('censor_admin', '/sys_audit');
    await page.goto(`/sys_audit/${censor.orgId}/${passed.id}/workingDrawingList`);
    await expect.poll(() => page.getByTestId('doc-version-status').textContent()).toBe('审查完成');
    expect(await page.getByTestId('doc-handover-state').textContent()).toContain('审查已完成');
    await expect
      .poll(() => page.getByTestId('doc-file-table').getByTestId('file-open').count())
      .toBeGreaterThan(0);
    await page.context().close();

    // Its review ran to the end: anyone finds it in the public review record.
    const visitor = await (await browser.newContext({ baseURL: server.baseURL })).newPage();
    await visitor.goto('/common/reviewInfoSearch?projectName=湘江新区科创中心办公楼');
    await expect.poll(() => visitor.getByTestId('review-record').count()).toBe(1);
    expect(await visitor.getByTestId('review-record').textContent()).toContain('有效');
    await visitor.context().close();

    // The units' upload to-dos of the passed application were settled by their hand-over; only
    // the school's, still being uploaded, are open.
    for (const unit of ['design_admin', 'survey_admin']) {
      const session = await apiSession(server.baseURL, unit, DEMO_PASSWORD);
      const todos = await call<{ items: { projectId: string | null; type: string }[] }>(
        session,
        'GET',
        '/api/message/messages?state=todo&size=50',
      );
      expect(todos.items.map((m) => [m.projectId, m.type])).toEqual([
        [school.id, 'CONSTRUCT_PROJECT_SUBMIT'],
      ]);
    }
  });

  it('leaves the director an application in review whose missions wait to be assigned from the grid', async () => {
    const director = await apiSession(server.baseURL, 'censor_director', DEMO_PASSWORD);
    const listed = await call<{ items: { id: string; name: string; status: string }[] }>(
      director,
      'GET',
      '/api/checkDrawings/project/pagelist?page=0&pageSize=10',
    );
    const clinic = listed.items.find((p) => p.name === '坪塘街道社区卫生服务中心')!;
    expect(clinic.status).toBe('IN_REVIEW');
    const page = await projectsOf('censor_director', '/sys_audit');
    await page.goto(`/sys_audit/${director.orgId}/${clinic.id}/missions`);
    const grid = page.getByTestId('mission-grid');
    await expect.poll(() => grid.getByText('门诊医技楼').count()).toBeGreaterThan(0);
    // Nobody holds a cell yet; the director may ask the platform for a proposal and save it.
    expect(await page.getByTestId('mission-propose').isEnabled()).toBe(true);
    await page.context().close();
  });
});
