import type { Browser } from 'playwright-core';
import { PDFDocument, rgb } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessagePage } from '@drp/domain';
import { expectAccessible } from './support/accessibility';
import { DEMO_PASSWORD, baseURL, launchBrowser, newPage, openSignedIn } from './support/browser';
import { acceptedDrawings } from './support/accepted-drawings';
import { DESIGN, apiSession, call, testPdf } from './support/project-api';
import { choose } from './support/select';

/**
 * Bad actions and the project's notices (issue 19): the agency records a bad action against the
 * design unit of an accepted application, the region's supervising authority confirms it, and the
 * public portal's bulletin of criticism shows it; the agency's notices screen lists its acceptance
 * notice with who read it.
 */

const tag = Date.now().toString(36).slice(-5);
const PROJECT = `梅溪湖不良行为测试楼${tag}`;

/** A real A3 sheet, which the server prepares (previews), so a region can be drawn on it. */
async function sheetPdf() {
  const doc = await PDFDocument.create();
  const page = doc.addPage([1191, 842]);
  page.drawRectangle({ x: 900, y: 40, width: 260, height: 120, borderWidth: 2, borderColor: rgb(0, 0, 0) });
  return Buffer.from(await doc.save());
}

/** An application whose materials the agency has accepted, built through the API as the units do it. */
const acceptedApplication = async () =>
  acceptedDrawings({
    name: PROJECT,
    building: '1#楼',
    drawings: [{ name: `结施-01${tag}.pdf`, bytes: await sheetPdf() }],
    survey: { name: `勘察报告${tag}.pdf`, bytes: testPdf(`勘察报告${tag}.pdf`) },
  });

describe('bad actions and the project’s notices in the browser', () => {
  let browser: Browser;
  let accepted: Awaited<ReturnType<typeof acceptedApplication>>;

  beforeAll(async () => {
    browser = await launchBrowser();
    accepted = await acceptedApplication();
  }, 180_000);

  afterAll(() => browser?.close());

  it('the agency records one, the region’s authority confirms it, the portal publishes it', async () => {
    const { project, org } = accepted;
    const reviewer = await newPage(browser);
    const base = `/sys_audit/${org.censor}/${project.id}/badAction`;
    await openSignedIn(reviewer, 'censor_director', { to: base });
    await reviewer.getByTestId('bad-action-new').click();
    await reviewer.waitForURL((url) => url.pathname === `${base}/new`);
    await choose(reviewer, 'bad-action-key', '未加盖注册工程师印章');
    await choose(reviewer, 'bad-action-unit', `${DESIGN}（设计单位）`);
    await reviewer.getByTestId('bad-action-description').fill(`结施-01 未加盖注册结构工程师印章（${tag}）`);
    await expectAccessible(reviewer, 'new bad action', { include: '[data-testid="bad-action-form"]' });
    await reviewer.getByTestId('bad-action-submit').click();
    await reviewer.waitForURL((url) => url.pathname.startsWith(`${base}/detail/`));
    const detail = reviewer.getByTestId('bad-action-detail');
    await expect
      .poll(() => detail.getByTestId('bad-action-status').getAttribute('data-status'))
      .toBe('RECORDED');
    expect(await detail.textContent()).toContain(DESIGN);
    await expectAccessible(reviewer, 'bad action detail', { include: '[data-testid="bad-action-card"]' });
    await reviewer.context().close();

    const authority = await newPage(browser);
    await openSignedIn(authority, 'control_admin', {
      to: `/sys_supervise/projects/${project.id}/badActions`,
    });
    const row = authority.getByTestId('bad-action-table').locator('tbody tr').filter({ hasText: DESIGN });
    await expect.poll(() => row.count()).toBe(1);
    await expectAccessible(authority, 'bad actions to confirm', {
      include: '[data-testid="bad-action-list"]',
    });
    await row.getByTestId('bad-action-confirm').click();
    await authority
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /确\s*认/ })
      .click();
    await expect
      .poll(() => row.getByTestId('bad-action-status').getAttribute('data-status'))
      .toBe('CONFIRMED');
    await authority.context().close();

    const reader = await newPage(browser);
    await reader.goto('/sys_out_sys/creditInformation/criticismList');
    const entry = reader.getByTestId('credit-entry').filter({ hasText: PROJECT });
    await expect.poll(() => entry.count()).toBe(1);
    const text = await entry.textContent();
    expect(text).toContain(DESIGN);
    expect(text).toContain('未加盖注册工程师印章');
    // Dated as the day in China.
    expect(text).toContain(new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10));
    await reader.context().close();
  });

  it('the agency records one with its region picked on a sheet, and the detail opens the viewer there', async () => {
    const { project, org } = accepted;
    const reviewer = await newPage(browser);
    const base = `/sys_audit/${org.censor}/${project.id}/badAction`;
    await openSignedIn(reviewer, 'censor_director', { to: `${base}/new` });
    await choose(reviewer, 'bad-action-key', '未加盖注册工程师印章');
    await choose(reviewer, 'bad-action-unit', `${DESIGN}（设计单位）`);
    await reviewer.getByTestId('bad-action-description').fill(`结施-01 图签无执业印章（区域 ${tag}）`);
    await reviewer.getByTestId('bad-action-pick-region').click();
    const dialog = reviewer.locator('.ant-modal');
    await choose(reviewer, 'region-file', `结施-01${tag}.pdf`);
    // The sheet was prepared when it was uploaded: its first page's preview is shown to draw on.
    const preview = dialog.getByTestId('region-preview');
    await expect
      .poll(() => preview.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth), {
        timeout: 60_000,
      })
      .toBeGreaterThan(0);
    const box = (await preview.boundingBox())!;
    await reviewer.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.7);
    await reviewer.mouse.down();
    await reviewer.mouse.move(box.x + box.width * 0.75, box.y + box.height * 0.8, { steps: 5 });
    await reviewer.mouse.up();
    await expect.poll(() => dialog.getByTestId('region-rect').count()).toBe(1);
    // The numbers follow the drawing: in page space, from the bottom left.
    const width = Number(await dialog.getByRole('spinbutton', { name: '宽', exact: true }).inputValue());
    expect(width).toBeGreaterThan(0);
    await expectAccessible(reviewer, 'the region picker', { include: '.ant-modal' });
    await dialog.getByTestId('region-ok').click();
    await expect
      .poll(() => reviewer.getByTestId('bad-action-picked-region').textContent())
      .toContain(`结施-01${tag}.pdf，第 1 页`);
    await expectAccessible(reviewer, 'new bad action with a region', {
      include: '[data-testid="bad-action-form"]',
    });
    await reviewer.getByTestId('bad-action-submit').click();
    await reviewer.waitForURL((url) => url.pathname.startsWith(`${base}/detail/`));
    const region = reviewer.getByTestId('bad-action-region');
    await expect.poll(() => region.textContent()).toContain(`结施-01${tag}.pdf，第 1 页`);
    const link = region.getByTestId('bad-action-region-link');
    const href = new URL((await link.getAttribute('href'))!, 'http://x');
    expect(href.pathname).toContain('/reviewPDF/');
    expect(href.searchParams.get('page')).toBe('1');
    await expectAccessible(reviewer, 'bad action detail with a region', {
      include: '[data-testid="bad-action-card"]',
    });
    await link.click();
    await reviewer.waitForURL((url) => url.pathname.includes('/reviewPDF/'));
    expect(new URL(reviewer.url()).searchParams.get('page')).toBe('1');
    await reviewer.context().close();
  });

  it('the notices screen lists the acceptance notice and who of its receivers read it', async () => {
    const { project, org } = accepted;
    const design = { ...(await apiSession(baseURL(), 'design_admin', DEMO_PASSWORD)), orgId: org.design };
    const page = await call<MessagePage>(
      design,
      'GET',
      `/api/message/messages?projectId=${project.id}&messageTypes=CENSOR_MATERIAL_ACCEPT`,
    );
    await call(design, 'PUT', `/api/message/messageReceivers/${page.items[0]!.id}/read`);

    const agency = await newPage(browser);
    await openSignedIn(agency, 'censor_director', {
      to: `/sys_audit/${org.censor}/${project.id}/notifications`,
    });
    const link = agency.getByTestId('notice-link').and(agency.locator('[data-type=CENSOR_MATERIAL_ACCEPT]'));
    await expect.poll(() => link.count()).toBe(1);
    const row = agency.getByTestId('notice-table').locator('tbody tr').filter({ has: link });
    const designReceiver = row.getByTestId('notice-receiver').filter({ hasText: DESIGN });
    expect(await designReceiver.getAttribute('data-read')).toBe('true');
    expect(await designReceiver.textContent()).toContain('阅读');
    expect(await row.getByTestId('notice-receiver').filter({ hasText: '未读' }).count()).toBe(2);
    await expectAccessible(agency, 'project notices', { include: '[data-testid="notice-list"]' });
    // The keyboard reaches the notice and opens it.
    await link.focus();
    await agency.keyboard.press('Enter');
    await agency.waitForURL((url) => url.pathname.includes('/notification/'));
    await expect.poll(() => agency.getByTestId('notice-detail').textContent()).toContain(PROJECT);
    await agency.context().close();
  });
});
