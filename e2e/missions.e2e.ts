import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedDrawings, addSpecialty, type AcceptedDrawings } from './support/accepted-drawings';
import { expectAccessible } from './support/accessibility';
import { DEMO_PASSWORD, baseURL, launchBrowser, newPage, openSignedIn } from './support/browser';
import { apiSession } from './support/project-api';
import { choose } from './support/select';
import { sheetPdf } from './support/sheet-pdf';

/**
 * Review missions (issue 19): the agency's director assigns a building's structure to a reviewer
 * in the missions grid; the reviewer finds it on their landing, opens it and submits it; the
 * director returns it with a reason; the reviewer submits again and the director accepts it. A
 * reviewer without a mission there does not find the application in the project list.
 */

const tag = Date.now().toString(36).slice(-5);
const PROJECT = `梅溪湖审查任务测试楼${tag}`;
const BUILDING = `3#楼${tag}`;
const REASON = '梁配筋计算书缺少荷载组合说明';

describe('review missions: assign, submit, return, resubmit, accept', () => {
  let browser: Browser;
  let accepted: AcceptedDrawings;

  beforeAll(async () => {
    browser = await launchBrowser();
    accepted = await acceptedDrawings({
      name: PROJECT,
      building: BUILDING,
      drawings: [{ name: `结施-01${tag}.pdf`, bytes: await sheetPdf() }],
      survey: { name: `勘察报告${tag}.pdf`, bytes: await sheetPdf() },
    });
    // The agency's admin records that 吴芳 reviews structure (members' 专业).
    const agency = {
      ...(await apiSession(baseURL(), 'censor_admin', DEMO_PASSWORD)),
      orgId: accepted.org.censor,
    };
    await addSpecialty(agency, 'censor_reviewer', 'STRUCTURE');
  }, 180_000);
  afterAll(() => browser?.close());

  const missionStatus = (page: Page) => page.getByTestId('mission-detail').getByTestId('mission-status');

  it('goes from the director to the reviewer and back until it is accepted', async () => {
    const { org, project } = accepted;
    const gridPath = `/sys_audit/${org.censor}/${project.id}/missions`;

    // The director assigns the structure of the building, with himself as checker.
    const director = await newPage(browser);
    await openSignedIn(director, 'censor_director', { to: gridPath });
    const cell = director.getByTestId(`mission-cell-${BUILDING}-STRUCTURE`);
    await cell.getByRole('button').click();
    await choose(director, 'mission-reviewer', '吴芳');
    await choose(director, 'mission-checker', '孙立');
    await director.getByTestId('mission-deadline').fill('2026-12-20');
    // The dialog only: the page behind it is dimmed by the mask while it is open.
    await expectAccessible(director, 'a mission cell being assigned', { include: '.ant-modal' });
    await director
      .getByRole('dialog')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await director.getByTestId('mission-save').click();
    await expect.poll(() => cell.getByTestId('mission-status').getAttribute('data-status')).toBe('ASSIGNED');
    expect(await cell.textContent()).toContain('吴芳');
    // Read again, without the saved notice over the page's header.
    await director.reload();
    await expect.poll(() => cell.getByTestId('mission-status').getAttribute('data-status')).toBe('ASSIGNED');
    await expectAccessible(director, 'the missions grid', { include: '[data-testid="mission-grid-card"]' });
    // And the whole page, with the project header's status tag (审查中, once 3.3:1) at WCAG AA.
    await expectAccessible(director, 'the missions page', { bestPractice: false });

    // The reviewer finds it on their landing, oldest due first, and opens it.
    const reviewer = await newPage(browser);
    await openSignedIn(reviewer, 'censor_reviewer', { to: '/sys_audit' });
    const line = reviewer
      .getByTestId('my-missions')
      .getByRole('link', { name: new RegExp(`${PROJECT}.*${BUILDING}`) });
    await expect.poll(() => line.count()).toBeGreaterThan(0);
    await expectAccessible(reviewer, "the reviewer's missions", {
      include: '[data-testid="workbench-my-missions"]',
    });
    await line.first().click();
    await expect.poll(() => missionStatus(reviewer).getAttribute('data-status')).toBe('ASSIGNED');
    const missionPath = new URL(reviewer.url()).pathname;
    await expectAccessible(reviewer, 'the mission', { include: '[data-testid="mission-detail"]' });
    await reviewer.getByTestId('mission-submit').click();
    await expect.poll(() => missionStatus(reviewer).getAttribute('data-status')).toBe('SUBMITTED');
    expect(await reviewer.getByTestId('mission-submit').count()).toBe(0);

    // The director sees it waiting on his landing, opens it and returns it with a reason.
    await director.goto(`${baseURL()}/sys_audit`);
    const waiting = director.getByTestId('board-waiting').getByRole('link', { name: new RegExp(BUILDING) });
    await expect.poll(() => waiting.count()).toBeGreaterThan(0);
    await expectAccessible(director, "the director's board", {
      include: '[data-testid="workbench-mission-board"]',
    });
    await director.goto(`${baseURL()}${missionPath}`);
    await director.getByTestId('mission-return').click();
    await director.getByTestId('mission-return-reason-input').fill(REASON);
    await director.getByRole('dialog').getByRole('button', { name: '退回修改' }).click();
    await expect.poll(() => missionStatus(director).getAttribute('data-status')).toBe('RETURNED');

    // The reviewer reads the reason and submits again.
    await reviewer.reload();
    await expect.poll(() => reviewer.getByTestId('mission-return-reason').textContent()).toContain(REASON);
    await reviewer.getByTestId('mission-submit').click();
    await expect.poll(() => missionStatus(reviewer).getAttribute('data-status')).toBe('SUBMITTED');

    // The director accepts: done, with the whole history.
    await director.reload();
    await director.getByTestId('mission-accept').click();
    await expect.poll(() => missionStatus(director).getAttribute('data-status')).toBe('DONE');
    const history = director.getByTestId('mission-history');
    await expect.poll(() => history.locator('tbody tr').count()).toBe(5);
    expect(await history.textContent()).toContain(REASON);
  });

  it('does not show the application to a reviewer without a mission in it', async () => {
    const other = await newPage(browser);
    await openSignedIn(other, 'censor_reviewer2', { to: '/sys_audit/projects' });
    const search = other.getByTestId('project-search').locator('input');
    const answered = other.waitForResponse(
      (r) => r.url().includes('/project/pagelist') && decodeURIComponent(r.url()).includes(PROJECT),
    );
    await search.fill(PROJECT);
    await search.press('Enter');
    const body = (await (await answered).json()) as { detail: { total: number } };
    expect(body.detail.total).toBe(0);
    // The reviewer holding the mission finds it the same way.
    const holder = await newPage(browser);
    await openSignedIn(holder, 'censor_reviewer', { to: '/sys_audit/projects' });
    const holderSearch = holder.getByTestId('project-search').locator('input');
    await holderSearch.fill(PROJECT);
    await holderSearch.press('Enter');
    await expect.poll(() => holder.getByTestId('project-table').textContent()).toContain(PROJECT);
  });
});
