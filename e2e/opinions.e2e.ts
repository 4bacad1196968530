import type { Browser, Page } from 'playwright-core';
import { PDFDocument, rgb } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Markup, MissionGrid, Opinion, OrgMember } from '@drp/domain';
import { acceptedDrawings, addSpecialty, type AcceptedDrawings } from './support/accepted-drawings';
import { expectAccessible } from './support/accessibility';
import { DEMO_PASSWORD, baseURL, launchBrowser, newPage, openSignedIn } from './support/browser';
import { apiSession, call, type ApiSession } from './support/project-api';
import { choose } from './support/select';

/**
 * Review opinions (issue 19): the agency gives censor_reviewer the architecture, energy-saving and
 * survey missions of a building with the director as checker; the reviewer records opinions of
 * each kind from the full page beside the drawing (one on a 强条, one linked to a region drawn on
 * the sheet, one kept as a draft and recorded later) and submits; the checker returns one with a
 * reason, the reviewer fixes it and submits again, the checker accepts, and the opinions are final.
 * An opinion's sheet link opens the viewer at its region; a reviewer without a mission gets 404.
 */

const tag = Date.now().toString(36).slice(-5);
const PROJECT = `洋湖审查意见测试楼${tag}`;
const BUILDING = `5#楼${tag}`;
const SHEET = `建施-02${tag}.pdf`;
const SURVEY_FILE = `岩土勘察报告${tag}.pdf`;
const MANDATORY_TEXT = `无障碍坡道坡度不满足要求${tag}`;
const REGION_TEXT = `卫生间门洞宽度不足${tag}`;
const ENERGY_TEXT = `外墙保温构造需补充节点详图${tag}`;
const SURVEY_TEXT = `勘探孔深度未达到持力层${tag}`;
const REASON = '请注明违反的具体条款内容并给出修改要求';
const FIXED_TEXT = `${MANDATORY_TEXT}，坡度应不大于1:12`;

async function sheetPdf() {
  const doc = await PDFDocument.create();
  const page = doc.addPage([1191, 842]);
  page.drawRectangle({ x: 300, y: 200, width: 500, height: 400, borderWidth: 3, borderColor: rgb(0, 0, 0) });
  return Buffer.from(await doc.save());
}

/** Picks a clause in the clause picker by words of its title (its options are not plain text). */
async function pickClause(page: Page, words: string) {
  const select = page.getByTestId('opinion-clause');
  await select.click();
  await page.keyboard.type(words);
  const option = page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
    .filter({ hasText: words });
  await option.first().click();
  await expect.poll(() => select.textContent()).toContain(words);
}

describe('review opinions: record beside the drawing, return, fix, accept', () => {
  let browser: Browser;
  let accepted: AcceptedDrawings;
  let agency: ApiSession;
  const missions: Record<string, string> = {};

  beforeAll(async () => {
    browser = await launchBrowser();
    accepted = await acceptedDrawings({
      name: PROJECT,
      building: BUILDING,
      drawings: [{ name: SHEET, bytes: await sheetPdf() }],
      survey: { name: SURVEY_FILE, bytes: await sheetPdf() },
    });
    agency = { ...(await apiSession(baseURL(), 'censor_admin', DEMO_PASSWORD)), orgId: accepted.org.censor };
    // 吴芳 reviews the building's architecture, energy saving and survey; 孙立 (the director) checks.
    const reviewer = await addSpecialty(agency, 'censor_reviewer', 'ENERGY_SAVING');
    await addSpecialty(agency, 'censor_reviewer', 'SURVEY');
    const { members } = await call<{ members: OrgMember[] }>(
      agency,
      'GET',
      `/api/admin/orgs/${agency.orgId}/members`,
    );
    const director = members.find((m) => m.username === 'censor_director')!;
    const base = `/api/checkDrawings/${agency.orgId}/${accepted.project.id}/missions`;
    const grid = await call<MissionGrid>(agency, 'GET', base);
    const specialties = ['ARCHITECTURE', 'ENERGY_SAVING', 'SURVEY'];
    const saved = await call<MissionGrid>(agency, 'PUT', base, {
      cells: specialties.map((specialty) => ({
        buildingId: accepted.buildingId,
        specialty,
        reviewerAccountId: reviewer.accountId,
        checkerAccountId: director.accountId,
        deadline: null,
        revision: grid.cells.find((c) => c.buildingId === accepted.buildingId && c.specialty === specialty)!
          .revision,
      })),
    });
    for (const s of specialties)
      missions[s] = saved.cells.find(
        (c) => c.buildingId === accepted.buildingId && c.specialty === s,
      )!.missionId!;
  }, 180_000);
  afterAll(() => browser?.close());

  const base = () => `/sys_audit/${accepted.org.censor}/${accepted.project.id}`;
  const missionStatus = (page: Page) => page.getByTestId('mission-detail').getByTestId('mission-status');

  /** Records what the form holds and answers the saved opinion. */
  async function save(page: Page, button: 'opinion-record' | 'opinion-draft') {
    const answered = page.waitForResponse(
      (r) =>
        ['POST', 'PUT'].includes(r.request().method()) &&
        /\/opinions(\/[0-9a-f-]+)?$/.test(new URL(r.url()).pathname),
    );
    await page.getByTestId(button).click();
    const response = await answered;
    const body = (await response.json()) as { detail: Opinion; message: string };
    expect(response.ok(), body.message).toBe(true);
    return body.detail;
  }

  it('goes from the reviewer to the checker and back until the mission is accepted', async () => {
    const reviewer = await newPage(browser);
    await openSignedIn(reviewer, 'censor_reviewer', { to: `${base()}/censorconstres` });
    await reviewer.getByTestId('opinion-list').waitFor();
    await expect.poll(() => reviewer.getByTestId('opinion-total').textContent()).toContain('共 0 条');
    await expectAccessible(reviewer, 'the opinion list', { include: '[data-testid="opinion-list"]' });

    // The full page: the drawing on the left, the form on the right.
    await reviewer.getByTestId('opinion-new-full').click();
    await reviewer.waitForURL((url) => url.pathname.startsWith('/sys_audit/newOpinion/'));
    await reviewer.getByTestId('markup-overlay').waitFor();
    await reviewer.getByTestId('opinion-form').waitFor();

    // 1. Architecture, on a 强条.
    await choose(reviewer, 'opinion-mission', `${BUILDING} · 建筑`);
    await choose(reviewer, 'opinion-type', '违反强制性条文');
    await pickClause(reviewer, '无障碍通行设施');
    await reviewer.getByTestId('opinion-text').fill(MANDATORY_TEXT);
    // The text becomes one of the reviewer's own phrases (常用意见) for architecture.
    await reviewer.getByTestId('opinion-phrase-save').click();
    await reviewer.getByTestId('opinion-phrase-list').getByText(MANDATORY_TEXT).waitFor();
    // Away from the button just clicked, whose hover colour is not the one being checked.
    await reviewer.mouse.move(0, 0);
    await expectAccessible(reviewer, 'the opinion form', { include: '[data-testid="opinion-panel"]' });
    const mandatory = await save(reviewer, 'opinion-record');
    expect(mandatory.mandatory).toBe(true);
    expect(mandatory.status).toBe('RECORDED');

    // 2. Architecture, on a region drawn on the sheet: the mission stays chosen for the next one,
    // and the phrase saved above goes into the empty text at a click.
    await expect.poll(() => reviewer.getByTestId('opinion-text').inputValue()).toBe('');
    await reviewer.getByTestId('opinion-phrase-insert').first().click();
    await expect.poll(() => reviewer.getByTestId('opinion-text').inputValue()).toContain(MANDATORY_TEXT);
    const tools = reviewer.getByRole('toolbar', { name: '标注工具' });
    await tools.getByRole('button', { name: '矩形', exact: true }).click();
    const box = (await reviewer.getByTestId('markup-overlay').boundingBox())!;
    const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2];
    const created = reviewer.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname.endsWith('/docRepository/markups'),
    );
    await reviewer.mouse.move(cx - 60, cy - 40);
    await reviewer.mouse.down();
    await reviewer.mouse.move(cx + 40, cy + 30, { steps: 5 });
    await reviewer.mouse.up();
    const markup = ((await (await created).json()) as { detail: Markup }).detail;
    await reviewer.keyboard.press('Escape');
    // Selected from the viewer's markup list, then linked.
    await reviewer.getByRole('tab', { name: '标注' }).click();
    await reviewer.locator(`[data-markup-entry="${markup.id}"]`).click();
    await reviewer.getByTestId('opinion-link-markup').click();
    expect(await reviewer.getByTestId('opinion-sheet-linked').textContent()).toContain('标注区域');
    await choose(reviewer, 'opinion-type', '一般性问题');
    await reviewer.getByTestId('opinion-text').fill(REGION_TEXT);
    const region = await save(reviewer, 'opinion-record');
    expect(region.sheet).toMatchObject({ markupId: markup.id, page: 0, fileName: SHEET });
    // Recording published the region, so the checker sees it.
    const published = await call<{ items: Markup[] }>(
      agency,
      'GET',
      `/api/checkDrawings/${agency.orgId}/${accepted.project.id}/docRepository/markups?fileId=${markup.fileId}`,
    );
    expect(published.items.find((m) => m.id === markup.id)?.layer).toBe('PUBLISHED');

    // 3. Energy saving, kept as a draft.
    await choose(reviewer, 'opinion-mission', `${BUILDING} · 节能`);
    await choose(reviewer, 'opinion-energy-key', '需补充完善');
    await choose(reviewer, 'opinion-type', '不符合建筑节能或绿色建筑标准');
    await reviewer.getByTestId('opinion-text').fill(ENERGY_TEXT);
    const draft = await save(reviewer, 'opinion-draft');
    expect(draft.status).toBe('DRAFT');
    expect(draft.energyKey).toBe('SUPPLEMENT');

    // 4. Survey, on the survey report's page: the viewer turns to the survey documents.
    await reviewer.getByTestId('opinion-category').getByText('勘察文件').click();
    await expect.poll(() => reviewer.getByTestId('sheet-file-name').textContent()).toBe(SURVEY_FILE);
    await choose(reviewer, 'opinion-mission', `${BUILDING} · 勘察`);
    await choose(reviewer, 'opinion-type', '一般性问题');
    await reviewer.getByTestId('opinion-text').fill(SURVEY_TEXT);
    await reviewer.getByTestId('opinion-link-page').click();
    const survey = await save(reviewer, 'opinion-record');
    expect(survey.kind).toBe('SURVEY');
    expect(survey.sheet?.fileName).toBe(SURVEY_FILE);
    await reviewer.screenshot({ path: '/tmp/opinions-full-page.png' });

    // The energy mission cannot be submitted while its draft stands.
    await reviewer.goto(`${base()}/mission/${missions.ENERGY_SAVING}`);
    await reviewer.getByTestId('mission-opinions').getByTestId('opinion-row-1').waitFor();
    await reviewer.getByTestId('mission-submit').click();
    await reviewer.getByTestId('mission-failure').waitFor();
    // The draft is recorded from its detail page, then the mission goes.
    await reviewer.getByTestId('mission-opinions').getByTestId('opinion-view').click();
    await reviewer.getByTestId('opinion-detail').waitFor();
    await reviewer.getByTestId('opinion-edit').click();
    const recorded = await save(reviewer, 'opinion-record');
    expect(recorded.status).toBe('RECORDED');
    await reviewer.goto(`${base()}/mission/${missions.ENERGY_SAVING}`);
    await reviewer.getByTestId('mission-submit').click();
    await expect.poll(() => missionStatus(reviewer).getAttribute('data-status')).toBe('SUBMITTED');
    await call(
      accepted.reviewer,
      'POST',
      `/api/checkDrawings/${agency.orgId}/${accepted.project.id}/missions/${missions.SURVEY}/submit`,
    );

    // The architecture mission lists its two opinions, 强条 first; the reviewer submits it.
    await reviewer.goto(`${base()}/mission/${missions.ARCHITECTURE}`);
    const own = reviewer.getByTestId('mission-opinions');
    await expect.poll(() => own.locator('tbody tr.ant-table-row').count()).toBe(2);
    expect(await own.getByTestId('opinion-mandatory').count()).toBeGreaterThan(0);
    expect(await reviewer.getByTestId('mission-add-opinion').count()).toBe(1);
    await reviewer.getByTestId('mission-submit').click();
    await expect.poll(() => missionStatus(reviewer).getAttribute('data-status')).toBe('SUBMITTED');
    // Submitted, the mission takes no new opinion: its button goes without a reload.
    await expect.poll(() => reviewer.getByTestId('mission-add-opinion').count()).toBe(0);

    // The checker opens the 强条 opinion from the mission and returns it with a reason.
    const checker = await newPage(browser);
    await openSignedIn(checker, 'censor_director', { to: `${base()}/mission/${missions.ARCHITECTURE}` });
    const listed = checker.getByTestId('mission-opinions');
    await expect.poll(() => listed.locator('tbody tr.ant-table-row').count()).toBe(2);
    await listed.getByTestId(`opinion-row-${mandatory.number}`).getByTestId('opinion-view').click();
    await checker.getByTestId('opinion-detail').waitFor();
    expect(await checker.getByTestId('opinion-fields').textContent()).toContain('无障碍通行设施');
    await expectAccessible(checker, 'the opinion detail', { include: '[data-testid="opinion-detail"]' });
    await checker.screenshot({ path: '/tmp/opinions-detail.png', fullPage: true });
    // The director keeps the agency's phrases from the same panel: on its 机构 tab the text is saved
    // as the agency's, for every reviewer.
    await checker.getByTestId('opinion-edit').click();
    await checker.getByTestId('opinion-phrase-scope').getByText('机构常用意见').click();
    const agencySave = checker.getByTestId('opinion-phrase-save');
    await expect.poll(() => agencySave.textContent()).toBe('存为本机构常用意见');
    await agencySave.click();
    await checker.getByTestId('opinion-phrase-list').getByText(MANDATORY_TEXT).waitFor();
    const agencyPhrases = await call<{ items: { scope: string; text: string }[] }>(
      agency,
      'GET',
      `/api/checkDrawings/${agency.orgId}/opinionPhrases`,
    );
    expect(agencyPhrases.items.filter((p) => p.scope === 'AGENCY').map((p) => p.text)).toContain(
      MANDATORY_TEXT,
    );
    await checker.goto(`${base()}/censorconstres/detail/${mandatory.id}`);
    await checker.getByTestId('opinion-detail').waitFor();
    await checker.getByTestId('opinion-return').click();
    await checker.getByTestId('opinion-return-reason-input').fill(REASON);
    await checker.getByRole('dialog').getByRole('button', { name: '退回修改' }).click();
    await expect
      .poll(() =>
        checker.getByTestId('opinion-fields').getByTestId('opinion-status').getAttribute('data-status'),
      )
      .toBe('RETURNED');
    expect(await checker.getByTestId('opinion-history').textContent()).toContain(REASON);

    // The reviewer reads the reason, fixes the text and submits the mission again.
    await reviewer.goto(`${base()}/censorconstres/detail/${mandatory.id}`);
    await expect.poll(() => reviewer.getByTestId('opinion-return-reason').textContent()).toContain(REASON);
    await reviewer.getByTestId('opinion-edit').click();
    await reviewer.getByTestId('opinion-text').fill(FIXED_TEXT);
    const fixed = await save(reviewer, 'opinion-record');
    expect(fixed.status).toBe('RECORDED');
    await expect.poll(() => reviewer.getByTestId('opinion-history').textContent()).toContain(MANDATORY_TEXT);
    await reviewer.goto(`${base()}/mission/${missions.ARCHITECTURE}`);
    await reviewer.getByTestId('mission-submit').click();
    await expect.poll(() => missionStatus(reviewer).getAttribute('data-status')).toBe('SUBMITTED');

    // The checker accepts: the mission is done and its opinions are final.
    await checker.goto(`${base()}/mission/${missions.ARCHITECTURE}`);
    await checker.getByTestId('mission-accept').click();
    await expect.poll(() => missionStatus(checker).getAttribute('data-status')).toBe('DONE');
    await checker.goto(`${base()}/censorconstres/detail/${mandatory.id}`);
    await checker.getByTestId('opinion-final').waitFor();
    expect(await checker.getByTestId('opinion-text-shown').textContent()).toBe(FIXED_TEXT);
    for (const id of ['opinion-edit', 'opinion-delete', 'opinion-return'])
      expect(await checker.getByTestId(id).count(), id).toBe(0);
    await reviewer.goto(`${base()}/censorconstres/detail/${region.id}`);
    await reviewer.getByTestId('opinion-final').waitFor();
    expect(await reviewer.getByTestId('opinion-edit').count()).toBe(0);

    // The list: 强条 first and marked; the region's sheet link opens the viewer on the markup.
    await checker.goto(`${base()}/censorconstres`);
    await expect.poll(() => checker.getByTestId('opinion-total').textContent()).toContain('其中强条 1 条');
    const first = checker.getByTestId('opinion-table').locator('tbody tr.ant-table-row').first();
    expect(await first.getAttribute('data-mandatory')).toBe('true');
    expect(await first.getByTestId('opinion-mandatory').count()).toBeGreaterThan(0);
    await checker.getByTestId('opinion-filter-mandatory').click();
    await expect.poll(() => checker.getByTestId('opinion-total').textContent()).toContain('共 1 条');
    await checker.getByTestId('opinion-filter-mandatory').click();
    await expect.poll(() => checker.getByTestId('opinion-total').textContent()).toContain('共 2 条');
    await expectAccessible(checker, 'the opinion list with opinions', {
      include: '[data-testid="opinion-list"]',
    });
    await checker.screenshot({ path: '/tmp/opinions-list.png', fullPage: true });
    await checker.getByTestId(`opinion-row-${region.number}`).getByTestId('opinion-sheet-link').click();
    await checker.getByTestId('markup-overlay').waitFor();
    await expect
      .poll(() => new URL(checker.url()).searchParams.get('zoom'), { timeout: 15_000 })
      .not.toBeNull();
    const q = new URL(checker.url()).searchParams;
    const xs = markup.points.map((p) => p[0]);
    const ys = markup.points.map((p) => p[1]);
    expect(q.get('page')).toBe('1');
    expect(Math.abs(Number(q.get('x')) - (Math.min(...xs) + Math.max(...xs)) / 2)).toBeLessThan(2);
    expect(Math.abs(Number(q.get('y')) - (Math.min(...ys) + Math.max(...ys)) / 2)).toBeLessThan(2);
    expect(q.get('markup')).toBeNull();
    // The region is on screen, selected.
    const shape = checker.getByTestId('markup-overlay').locator(`[data-markup-id="${markup.id}"]`);
    await shape.waitFor();
    const shapeBox = (await shape.boundingBox())!;
    const stage = (await checker.getByTestId('markup-overlay').boundingBox())!;
    expect(Math.abs(shapeBox.x + shapeBox.width / 2 - (stage.x + stage.width / 2))).toBeLessThan(20);
  }, 240_000);

  it('answers 404 to a reviewer without a mission in the application', async () => {
    const other = await newPage(browser);
    await openSignedIn(other, 'censor_reviewer2', { to: `${base()}/censorconstres` });
    await other.waitForURL((url) => url.pathname === '/common/404');
    await other.goto(`${baseURL()}/sys_audit/newOpinion/${accepted.org.censor}/${accepted.project.id}`);
    await other.waitForURL((url) => url.pathname === '/common/404');
  });
});
