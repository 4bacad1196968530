import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/accessibility';
import { DEMO_PASSWORD, baseURL, launchBrowser, newPage, openSignedIn } from './support/browser';
import { acceptedDrawings, giveMission } from './support/accepted-drawings';
import { apiSession, testPdf } from './support/project-api';

/**
 * Overdue missions are marked in every list (issue 19): an application whose mission's due day has
 * passed carries a 超期 tag with how many in the agency's application list, and only there.
 */

const tag = Date.now().toString(36).slice(-5);
const PROJECT = `洋湖超期任务测试楼${tag}`;

/** Yesterday in China, the day the due date is compared with. */
const yesterday = () => new Date(Date.now() + 8 * 3_600_000 - 86_400_000).toISOString().slice(0, 10);

describe('overdue missions in the application lists', () => {
  let browser: Browser;
  let accepted: Awaited<ReturnType<typeof acceptedDrawings>>;

  beforeAll(async () => {
    browser = await launchBrowser();
    accepted = await acceptedDrawings({
      name: PROJECT,
      building: '1#楼',
      drawings: [{ name: `建施-01${tag}.pdf`, bytes: testPdf(`建施-01${tag}.pdf`) }],
      survey: { name: `勘察报告${tag}.pdf`, bytes: testPdf(`勘察报告${tag}.pdf`) },
    });
    const agency = {
      ...(await apiSession(baseURL(), 'censor_admin', DEMO_PASSWORD)),
      orgId: accepted.org.censor,
    };
    await giveMission(agency, {
      projectId: accepted.project.id,
      buildingId: accepted.buildingId,
      username: 'censor_reviewer2',
      specialty: 'STRUCTURE',
      deadline: yesterday(),
    });
  }, 180_000);

  afterAll(() => browser?.close());

  const rowOf = async (page: Page) => {
    await page.getByTestId('project-search').locator('input').fill(PROJECT);
    await page.keyboard.press('Enter');
    const rows = page.getByTestId('project-table').locator('tbody tr.ant-table-row');
    await expect.poll(() => rows.count()).toBe(1);
    return rows.first();
  };

  it('the agency’s list tags the application 超期 with its count; the construction unit’s does not', async () => {
    const director = await newPage(browser);
    await openSignedIn(director, 'censor_director', { to: '/sys_audit/projects' });
    const row = await rowOf(director);
    const overdue = row.getByTestId('project-overdue');
    await expect.poll(() => overdue.textContent()).toBe('超期 1');
    expect(await overdue.getAttribute('data-count')).toBe('1');
    await expectAccessible(director, 'the agency’s list with an overdue tag', {
      include: '[data-testid="project-table"]',
    });
    await director.context().close();

    const construct = await newPage(browser);
    await openSignedIn(construct, 'construct_admin', { to: '/sys_apply/projects' });
    const own = await rowOf(construct);
    expect(await own.getByTestId('project-overdue').count()).toBe(0);
    await construct.context().close();
  });
});
