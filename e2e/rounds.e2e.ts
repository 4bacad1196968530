import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AnswerDetail,
  AnswerPage,
  CertificateDetail,
  MissionGrid,
  Opinion,
  OpinionReportDetail,
  OpinionReportSummary,
  SigningDocumentPage,
} from '@drp/domain';
import { acceptedDrawings, addSpecialty, type AcceptedDrawings } from './support/accepted-drawings';
import { expectAccessible } from './support/accessibility';
import { DEMO_PASSWORD, baseURL, launchBrowser, newPage, openSignedIn } from './support/browser';
import {
  apiSession,
  call,
  commitDocs,
  listDocTree,
  signReportByApi,
  type ApiSession,
} from './support/project-api';
import { sheetPdf } from './support/sheet-pdf';

/**
 * Three rounds of review ending in 审查合格 (issue 20). Round 1 issues two opinions with its report;
 * the design unit answers the first on its own answer screen, naming the revised sheet of round 2's
 * version (carried forward from round 1), and explains the second without revising. The revision is
 * handed over, sent and accepted; the same reviewer finds both carried opinions with their answers,
 * closes the first beside its compare link and, not persuaded by the explanation, keeps the second
 * open with a new remark: round 2's report asks for revision again and lists what it closed and
 * kept. Round 3's revision answers the second; the reviewer closes it (the first, closed, could only
 * be reopened), round 3's report passes and the construction unit reads 审查合格. The hand-over steps
 * between the screens run through the API: their screens are round 1's, tested on their own.
 */

const tag = Date.now().toString(36).slice(-5);
const PROJECT = `梅溪湖复审测试楼${tag}`;
const BUILDING = `6#楼${tag}`;
const SHEET = `建施-02${tag}.pdf`;
const OPINION = `防火门开启方向错误${tag}，请调整`;
const ANSWER = `已将 FM1 改为向疏散方向开启${tag}`;
const OPINION2 = `卫生间未设置机械排风${tag}，请补充`;
const EXPLAINED = `卫生间设有外窗，可自然通风${tag}`;
const KEEP_REMARK = `外窗可开启面积不足，仍须设机械排风${tag}`;
const ANSWER3 = `已在卫生间吊顶增设排气扇${tag}`;

describe('three rounds of review: answered by the designer, closed or kept by the reviewer, passed', () => {
  let browser: Browser;
  let accepted: AcceptedDrawings;
  let director: ApiSession;
  let agency: ApiSession;
  let base: string;
  /** Round 1's two opinions: answered by a revision, and explained without one. */
  let revised: string;
  let explained: string;

  /** Every mission of the round submitted and accepted, then its report compiled, built and forwarded. */
  async function finishRound(missionIds: string[]) {
    for (const id of missionIds) {
      await call(accepted.reviewer, 'POST', `${base}/missions/${id}/submit`);
      await call(director, 'POST', `${base}/missions/${id}/accept`);
    }
    const compiled = await call<OpinionReportSummary>(director, 'POST', `${base}/opinionReport/compile`);
    // Built in the server's job queue (a hook may not poll with expect: a plain wait).
    for (let until = Date.now() + 60_000; ;) {
      const { status } = await call<OpinionReportDetail>(
        director,
        'GET',
        `${base}/opinionReport/${compiled.id}`,
      );
      if (status === 'READY') break;
      if (Date.now() > until) throw new Error(`report ${compiled.id} still ${status}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    await signReportByApi(
      { reviewer: accepted.reviewer, director, admin: agency },
      accepted.project.id,
      compiled.id,
      DEMO_PASSWORD,
    );
    await call(director, 'POST', `${base}/opinionReport/forward/${compiled.id}`);
    return call<OpinionReportDetail>(director, 'GET', `${base}/opinionReport/${compiled.id}`);
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    accepted = await acceptedDrawings({
      name: PROJECT,
      building: BUILDING,
      drawings: [{ name: SHEET, bytes: await sheetPdf() }],
      survey: { name: `勘察报告${tag}.pdf`, bytes: await sheetPdf() },
    });
    const { org, project } = accepted;
    agency = { ...(await apiSession(baseURL(), 'censor_admin', DEMO_PASSWORD)), orgId: org.censor };
    director = { ...(await apiSession(baseURL(), 'censor_director', DEMO_PASSWORD)), orgId: org.censor };
    base = `/api/checkDrawings/${org.censor}/${project.id}`;
    const grid = await call<MissionGrid>(director, 'GET', `${base}/missions`);
    let reviewerId = '';
    for (const specialty of grid.specialties)
      reviewerId = (await addSpecialty(agency, 'censor_reviewer', specialty)).accountId;
    const directorId =
      grid.candidates.find((c) => c.director && c.accountId !== reviewerId)?.accountId ?? null;
    const saved = await call<MissionGrid>(director, 'PUT', `${base}/missions`, {
      cells: grid.cells.map((c) => ({
        buildingId: c.buildingId,
        specialty: c.specialty,
        reviewerAccountId: reviewerId,
        checkerAccountId: directorId,
        deadline: null,
        revision: c.revision,
      })),
    });
    const architecture = saved.cells.find((c) => c.specialty === 'ARCHITECTURE')!.missionId!;
    // Round 1: two opinions, on the sheet the design unit filed.
    const write = async (opinionType: string, text: string) =>
      (
        await call<Opinion>(accepted.reviewer, 'POST', `${base}/opinions`, {
          missionId: architecture,
          opinionType,
          text,
          sheet: { fileId: accepted.fileIds[SHEET], page: 0 },
        })
      ).id;
    revised = await write('FIRE_SAFETY', OPINION);
    explained = await write('GENERAL', OPINION2);
    const report = await finishRound(roundMissions(saved));
    expect(report.conclusion).toBe('REVISE');
  }, 300_000);
  afterAll(() => browser?.close());

  const designBase = () => `/api/checkDrawings/${accepted.org.design}/${accepted.project.id}`;
  /** The round's missions, as the director's grid holds them (a later round has only some cells). */
  const roundMissions = (grid: MissionGrid) => grid.cells.flatMap((c) => (c.missionId ? [c.missionId] : []));

  /** The revision handed over by the design unit, sent by the construction unit, accepted by the agency. */
  async function handOverRevision(versionId: string) {
    const { project } = accepted;
    await commitDocs(accepted.design, project.id, versionId, 'DESIGN');
    await call(
      accepted.construct,
      'GET',
      `/api/checkDrawings/${accepted.construct.orgId}/${project.id}/docRepositoryOrg/confirmApplyDoc?versionId=${versionId}&confirmWarnings=true`,
    );
    await call(agency, 'GET', `${base}/docRepositoryOrg/confirmApplyDoc?versionId=${versionId}`);
  }

  /** The director's grid of round `number`, and the reviewer's architecture mission of it opened. */
  async function openReviewerMission(number: number): Promise<{ grid: MissionGrid; page: Page }> {
    const grid = await call<MissionGrid>(director, 'GET', `${base}/missions`);
    expect(grid.round?.number).toBe(number);
    const mission = grid.cells.find((c) => c.specialty === 'ARCHITECTURE')!.missionId!;
    const page = await newPage(browser);
    await openSignedIn(page, 'censor_reviewer', {
      to: `/sys_audit/${accepted.org.censor}/${accepted.project.id}/mission/${mission}`,
    });
    return { grid, page };
  }

  /** The round the answers go with, as the design unit reads it. */
  const answerRound = async () =>
    (await call<AnswerPage>(accepted.design, 'GET', `${designBase()}/opinionAnswer/pagelist?list=CONST`))
      .round!;

  it('round 1: the design unit answers one opinion from the sidebar, naming the revised sheet; explains the other', async () => {
    const { org, project } = accepted;
    // The second opinion is explained without a revision (the form's other kind, tested below).
    await call(accepted.design, 'POST', `${designBase()}/opinionAnswer/${explained}`, {
      kind: 'EXPLAINED',
      text: EXPLAINED,
    });
    const page = await newPage(browser);
    await openSignedIn(page, 'design_admin', { to: `/sys_submit/${org.design}/${project.id}/report` });
    await page.getByTestId('project-menu').getByText('施工图审查意见回复').click();
    await page.waitForURL(`**/sys_submit/${org.design}/${project.id}/answerCensorConstRes`);
    const list = page.getByTestId('answer-list');
    await expect
      .poll(() => list.getByTestId('answer-mine-unanswered').textContent())
      .toContain('本单位还有 1 条意见未回复');
    await expectAccessible(page, 'the answer list', { include: '[data-testid="answer-list"]' });

    await list.getByTestId(`answer-row-${revised}`).getByTestId('answer-give').click();
    const form = page.getByTestId('answer-form');
    expect(await page.getByTestId('answer-form-opinion').textContent()).toContain(OPINION);
    await form.getByText('已修改图纸').click();
    await page.getByTestId('answer-text').fill(ANSWER);
    // The sheet list holds the unit's PDFs of round 2's version: round 1's sheet, carried forward.
    // Its option reads "<folder path> / <file name>": typed by name, the one match is picked.
    const sheet = page.getByTestId('answer-sheet');
    await sheet.click();
    await page.keyboard.type(SHEET);
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .filter({ hasText: SHEET })
      .click();
    await expect.poll(() => sheet.locator('.ant-select-content').textContent()).toContain(SHEET);
    await expectAccessible(page, 'the answer form', { include: '.ant-modal' });
    await page.getByTestId('answer-save').click();
    await expect
      .poll(() => list.getByTestId(`answer-row-${revised}`).getByTestId('answer-summary').textContent())
      .toContain(ANSWER);
    expect(
      await list.getByTestId(`answer-row-${explained}`).getByTestId('answer-summary').textContent(),
    ).toContain(EXPLAINED);
    expect(await list.getByTestId('answer-mine-unanswered').count()).toBe(0);
    // The answer letter (意见回复单) of the round, drawn in the page.
    await list.getByTestId('answer-letter-link').click();
    await page.waitForURL(`**/answerCensorConstRes/pdf/*`);
    await expect
      .poll(() => page.getByTestId('answer-letter-pages').getAttribute('data-state'), { timeout: 30_000 })
      .toBe('ready');
    expect(await page.locator('canvas.report-page').count()).toBe(1);
    await expectAccessible(page, 'the answer letter', { include: '[data-testid="answer-letter"]' });
    await page.context().close();

    // The revision is handed over, sent and accepted as round 1's materials were.
    const round = await answerRound();
    expect(round.number).toBe(2);
    await handOverRevision(round.versionId);
  }, 180_000);

  it('round 2: the reviewer closes the revised opinion beside its answer and keeps the explained one open', async () => {
    // The reviewer's round 2 mission: the carried opinions lead, with their answers and what is owed.
    const { grid: round2, page } = await openReviewerMission(2);
    const carried = page.getByTestId('carried-opinions');
    await expect.poll(() => carried.textContent()).toContain('还有 2 条意见未作闭合或保留处理');
    expect(
      await carried.getByTestId(`carried-${revised}`).getByTestId('answer-summary').textContent(),
    ).toContain(ANSWER);
    expect(
      await carried.getByTestId(`carried-${explained}`).getByTestId('answer-summary').textContent(),
    ).toContain(EXPLAINED);
    // An explanation names no revised sheet, so there is nothing to compare.
    expect(await carried.getByTestId(`carried-${explained}`).getByTestId('carried-compare').count()).toBe(0);
    await expectAccessible(page, 'the carried opinions', { include: '[data-testid="carried-opinions"]' });
    await carried.getByTestId(`carried-${revised}`).getByText('详情').click();
    const detail = page.getByTestId('answer-detail-view');
    await expect.poll(() => detail.getByTestId('answer-history').textContent()).toContain(ANSWER);
    // The revised sheet opens in the viewer compared with round 1's, at the opinion's page.
    const compare = await detail.getByTestId('answer-compare-link').getAttribute('href');
    expect(compare).toContain(`compare=${accepted.fileIds[SHEET]}`);
    expect(compare).toContain('/reviewPDF/');
    await expectAccessible(page, 'the answer detail', { include: '[data-testid="answer-detail-view"]' });

    await detail.getByTestId('answer-decide-CLOSE').click();
    await page.getByRole('dialog').getByTestId('answer-decide-save').click();
    await expect
      .poll(() => detail.getByTestId('answer-decision').first().getAttribute('data-decision'))
      .toBe('CLOSE');
    await page.goBack();
    await expect
      .poll(() => page.getByTestId('carried-opinions').textContent())
      .toContain('还有 1 条意见未作闭合或保留处理');

    // Keeping the explained one open needs a remark the units will read.
    const kept = page.getByTestId(`carried-${explained}`);
    await kept.getByTestId('answer-decide-KEEP').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('answer-decide-save').click();
    await expect.poll(() => dialog.getByText('保留或重新打开意见时请说明原因').count()).toBe(1);
    await page.mouse.move(0, 0);
    await expectAccessible(page, 'the keep-open dialog', { include: '.ant-modal' });
    await dialog.getByTestId('answer-decision-remark').fill(KEEP_REMARK);
    await dialog.getByTestId('answer-decide-save').click();
    await expect.poll(() => kept.getByTestId('answer-decision').getAttribute('data-decision')).toBe('KEEP');
    expect(await kept.getByTestId('answer-decision').textContent()).toContain(KEEP_REMARK);
    await expect
      .poll(() => page.getByTestId('carried-opinions').textContent())
      .toContain('以前轮次的意见均已处理');
    await page.context().close();

    // Round 2's report: revise again, listing the closed and the kept opinion.
    const report = await finishRound(roundMissions(round2));
    expect(report).toMatchObject({ round: 2, conclusion: 'REVISE' });
    expect(report.content.carried?.map((c) => c.decision)).toEqual(['CLOSE', 'KEEP']);

    // The design unit reads the kept opinion with the reviewer's remark, open for round 3.
    const design = await call<AnswerDetail>(
      accepted.design,
      'GET',
      `${designBase()}/opinionAnswer/${explained}`,
    );
    expect(design.state).toBe('OPEN');
    expect(design.decisions.map((d) => [d.decision, d.remark])).toEqual([['KEEP', KEEP_REMARK]]);
  }, 240_000);

  it('round 3: the revision answers the kept opinion; the reviewer closes it, and the report passes', async () => {
    const { project } = accepted;
    const round = await answerRound();
    expect(round.number).toBe(3);
    // The design unit revises the sheet this time; it is round 3's copy of the same file.
    const [designRoot] = await listDocTree(accepted.design, project.id, round.versionId, 'DESIGN');
    const files = await call<{ id: string; name: string }[]>(
      accepted.design,
      'GET',
      `${designBase()}/docRepository/queryFile?versionId=${round.versionId}&folderId=${designRoot!.children[0]!.id}`,
    );
    const sheet = files.find((f) => f.name === SHEET)!;
    await call(accepted.design, 'POST', `${designBase()}/opinionAnswer/${explained}`, {
      kind: 'REVISED',
      text: ANSWER3,
      sheet: { fileId: sheet.id, page: 0 },
    });
    await handOverRevision(round.versionId);

    const { grid: round3, page } = await openReviewerMission(3);
    const carried = page.getByTestId('carried-opinions');
    await expect.poll(() => carried.textContent()).toContain('还有 1 条意见未作闭合或保留处理');
    // The one closed in round 2 can only be reopened; the kept one shows round 3's answer.
    const closed = carried.getByTestId(`carried-${revised}`);
    expect(await closed.getByTestId('answer-state').getAttribute('data-state')).toBe('CLOSED');
    expect(await closed.getByTestId('answer-decide-CLOSE').count()).toBe(0);
    // Closed, it owes no answer this round, and says so rather than "unanswered".
    expect(await closed.textContent()).toContain('已闭合，无需回复');
    // Reopened with a remark, it would stand open again; the reviewer thinks better of it and takes
    // the decision back before the report, so it stays closed.
    await closed.getByTestId('answer-decide-REOPEN').click();
    await page.getByRole('dialog').getByTestId('answer-decision-remark').fill(`FM1 门宽仍不足${tag}`);
    await page.getByRole('dialog').getByTestId('answer-decide-save').click();
    await expect
      .poll(() => closed.getByTestId('answer-decision').getAttribute('data-decision'))
      .toBe('REOPEN');
    await closed.getByTestId('answer-decision-withdraw').click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: '撤回处理' }).click();
    await expect.poll(() => closed.getByTestId('answer-decision').count()).toBe(0);
    const kept = carried.getByTestId(`carried-${explained}`);
    expect(await kept.getByTestId('answer-summary').textContent()).toContain(ANSWER3);
    expect(await kept.getByTestId('carried-compare').count()).toBe(1);
    await kept.getByTestId('answer-decide-CLOSE').click();
    await page.getByRole('dialog').getByTestId('answer-decide-save').click();
    await expect.poll(() => carried.textContent()).toContain('以前轮次的意见均已处理');
    await page.context().close();

    const report = await finishRound(roundMissions(round3));
    expect(report).toMatchObject({ round: 3, conclusion: 'PASSED' });
    expect(report.content.carried?.map((c) => c.decision)).toEqual(['CLOSE']);

    // The construction unit reads both opinions closed and the passed report.
    const construct = await newPage(browser);
    await openSignedIn(construct, 'construct_admin', {
      to: `/sys_apply/${accepted.construct.orgId}/${project.id}/answerCensorConstRes`,
    });
    const list = construct.getByTestId('answer-list');
    await expect
      .poll(() => list.getByTestId('answer-state').evaluateAll((tags) => tags.map((t) => t.dataset.state)))
      .toEqual(['CLOSED', 'CLOSED']);
    await construct.getByTestId('project-menu').getByText('审查意见告知书').click();
    await expect.poll(() => construct.getByTestId('report-list').textContent()).toContain('审查合格');
    await construct.context().close();
  }, 240_000);

  it('the certificate: compiled by the director, signed, issued, read by the construction unit and checked by anyone', async () => {
    const { org, project } = accepted;
    // The director, from the project's sidebar: nothing yet, and compiling is offered.
    const page = await newPage(browser);
    await openSignedIn(page, 'censor_director', { to: `/sys_audit/${org.censor}/${project.id}/report` });
    await page.getByTestId('project-menu').getByText('审查合格书').click();
    await page.getByTestId('certificate-compile').click();
    await page.waitForURL('**/certification/detail/*');
    const id = page.url().split('/').pop()!;
    // Built in the job queue; then it waits for its signatures (the one reviewer, the director, the
    // seal), drawn on its one page.
    await expect
      .poll(() => page.getByTestId('certificate-status').getAttribute('data-status'), { timeout: 30_000 })
      .toBe('READY');
    await expect
      .poll(() => page.getByTestId('certificate-unsigned').textContent())
      .toContain('3 处签章未完成');
    const facts = page.getByTestId('certificate-facts');
    expect(await facts.textContent()).toContain('未通过');
    expect(await page.getByTestId('certificate-reviewers').textContent()).toContain('建筑吴芳');
    await expect.poll(() => page.getByTestId('certificate-pages').locator('canvas').count()).toBe(1);
    // Where the compile button was, the mouse now hovers over another: not what axe should judge.
    await page.mouse.move(0, 0);
    await expectAccessible(page, 'the certificate before its signatures', {
      include: '[data-testid="certificate-detail"]',
    });
    expect(await page.getByTestId('certificate-issue').count()).toBe(0);

    // Signed as the report was (the signing screens are walked in reports.e2e), then issued here.
    await signReportByApi(
      { reviewer: accepted.reviewer, director, admin: agency },
      project.id,
      id,
      DEMO_PASSWORD,
    );
    await page.reload();
    await page.getByTestId('certificate-issue').click();
    await page.getByRole('button', { name: /确\s*定/ }).click();
    await expect
      .poll(() => page.getByTestId('certificate-status').getAttribute('data-status'))
      .toBe('ISSUED');
    await expect.poll(() => page.getByTestId('certificate-signing').textContent()).toContain('已签 3 / 3');
    const certificate = await call<CertificateDetail>(director, 'GET', `${base}/certification/${id}`);
    await page.context().close();

    // The construction unit finds it on its 电子签章 screen, signed and sealed, and downloads it.
    const construct = await newPage(browser);
    await openSignedIn(construct, 'construct_admin', {
      to: `/sys_apply/${accepted.construct.orgId}/${project.id}/report`,
    });
    await construct.getByTestId('project-menu').getByText('电子签章').click();
    const row = construct
      .getByTestId('signature-list')
      .locator('tbody tr.ant-table-row', { hasText: certificate.certificateNo });
    await expect.poll(() => row.textContent()).toContain('已全部签署');
    await construct.context().close();
    const bytes = Buffer.from(
      await (
        await fetch(
          `${baseURL()}/api/checkDrawings/${accepted.construct.orgId}/${project.id}/certification/getCertificate/${id}?download=1`,
          { headers: { authorization: `Bearer ${accepted.construct.token}` } },
        )
      ).arrayBuffer(),
    );
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

    // Anyone, signed in or not, opens the QR code's link: valid, and the copy held is the issued one.
    const visitor = await newPage(browser);
    await visitor.goto(
      new URL(certificate.content.verifyUrl).pathname + new URL(certificate.content.verifyUrl).search,
    );
    const answer = visitor.getByTestId('certificate-check');
    await expect.poll(() => answer.textContent()).toContain(certificate.certificateNo);
    expect(await answer.textContent()).toContain(PROJECT);
    expect(await visitor.getByText('该审查合格书有效').count()).toBe(1);
    await visitor
      .getByTestId('certificate-compare')
      .locator('input[type=file]')
      .setInputFiles({ name: '合格书.pdf', mimeType: 'application/pdf', buffer: bytes });
    await expect
      .poll(() => visitor.getByTestId('certificate-compare-result').textContent())
      .toContain('与签发的合格书逐字节一致');
    await expectAccessible(visitor, 'the public certificate check');
    // A wrong code finds nothing, and says so without a hint.
    await visitor.goto(`/common/verify/certificate?no=${certificate.certificateNo}&c=0000000000000000`);
    await expect.poll(() => visitor.getByTestId('certificate-check-missing').count()).toBe(1);
    await visitor.context().close();
  }, 180_000);

  it('the sealed drawing set: prepared beside the certificate, signed, every sheet sealed, checked by the construction unit', async () => {
    const { org, project } = accepted;
    const page = await newPage(browser);
    await openSignedIn(page, 'censor_director', {
      to: `/sys_audit/${org.censor}/${project.id}/certification`,
    });
    const card = page.getByTestId('drawing-set-card');
    await card.getByTestId('drawing-set-compile').click();
    await expect.poll(() => card.getByTestId('drawing-set-summary').textContent()).toContain('第 3 版');
    await page.mouse.move(0, 0);
    await expectAccessible(page, 'the sealed set beside the certificate', {
      include: '[data-testid="drawing-set-card"]',
    });
    // Every signer signs once for every sheet they concern; the sheets are sealed in the job queue.
    const { items } = await call<SigningDocumentPage>(
      agency,
      'GET',
      `/api/checkDrawings/${org.censor}/${project.id}/docRepository/querySignatureFile?kind=DRAWING_SET`,
    );
    expect(items).toHaveLength(1);
    await signReportByApi(
      { reviewer: accepted.reviewer, director, admin: agency },
      project.id,
      items[0]!.id,
      DEMO_PASSWORD,
    );
    await expect
      .poll(() => card.getByTestId('drawing-set-summary').textContent(), { timeout: 60_000 })
      .toContain('已全部签章');
    await page.context().close();

    // The construction unit finds it on its 电子签章 screen and checks a sealed sheet's signatures.
    const construct = await newPage(browser);
    await openSignedIn(construct, 'construct_admin', {
      to: `/sys_apply/${accepted.construct.orgId}/${project.id}/report`,
    });
    await construct.getByTestId('project-menu').getByText('电子签章').click();
    const row = construct
      .getByTestId('signature-list')
      .locator('tbody tr.ant-table-row', { hasText: '施工图签章' });
    await expect.poll(() => row.count()).toBe(1);
    await row.getByRole('button', { name: /查\s*看/ }).click();
    await construct.waitForURL('**/signature/detail/*');
    const sheets = construct.getByTestId('drawing-set-sheets');
    await expect.poll(() => sheets.getByTestId('sheet-progress').count()).toBeGreaterThan(0);
    for (const text of await sheets.getByTestId('sheet-progress').allTextContents()) {
      const [signed, total] = text.split('/').map((n) => Number(n.trim()));
      expect(signed, text).toBe(total);
      expect(total, text).toBeGreaterThanOrEqual(2);
    }
    await expectAccessible(construct, 'the sealed sheets', { include: '[data-testid="drawing-set-sheets"]' });
    await sheets.getByTestId('sheet-verify').first().click();
    const checks = construct.getByTestId('sheet-checks');
    await expect.poll(() => checks.textContent()).toContain('审查机构电子印章');
    expect(await checks.textContent()).toContain('平台证书，可信');
    expect(await checks.textContent()).not.toContain('已被改动');
    await construct.context().close();
  }, 120_000);

  it('filing: the agency files the certificate, the city bureau rejects it with a reason, then confirms the correction', async () => {
    const { org, project } = accepted;
    const page = await newPage(browser);
    await openSignedIn(page, 'censor_director', {
      to: `/sys_audit/${org.censor}/${project.id}/certification`,
    });
    await page.getByTestId('project-menu').getByText('备案').click();
    const form = page.getByTestId('filing-form');
    await expect.poll(() => form.textContent()).toContain('个工作日内');
    await expectAccessible(page, 'the filing form', { include: '[data-testid="filing-list"]' });
    await page.getByTestId('filing-submit').click();
    await expect
      .poll(() => page.getByTestId('filing-status').first().getAttribute('data-status'))
      .toBe('PENDING');
    expect(await page.getByTestId('filing-form').count()).toBe(0);
    await page.context().close();

    // The city bureau, from its sidebar: the filing waits for it; it rejects it with a reason.
    const bureau = await newPage(browser);
    await openSignedIn(bureau, 'control_admin');
    await bureau.getByRole('menuitem', { name: '审查备案' }).click();
    await bureau.waitForURL('**/sys_supervise/approval/tbc');
    const row = bureau
      .getByTestId('filing-approval-table')
      .locator('tbody tr.ant-table-row', { hasText: PROJECT });
    await expect.poll(() => row.count()).toBe(1);
    await expectAccessible(bureau, 'the filings to confirm', { include: '[data-testid="filing-approval"]' });
    await row.getByTestId('filing-view').click();
    await bureau.waitForURL('**/sys_supervise/filing/detail/*');
    await expect.poll(() => bureau.getByTestId('filing-national').textContent()).toContain('OneCensorIsPass');
    await expectAccessible(bureau, 'a filing to decide', { include: '[data-testid="filing-detail"]' });
    await bureau.getByTestId('filing-reject').click();
    await bureau
      .locator('.ant-modal')
      .getByRole('button', { name: /退\s*回/ })
      .click();
    await expect.poll(() => bureau.getByText('请填写退回原因').count()).toBe(1);
    await bureau.locator('.ant-modal textarea').fill('人防审查结论应为审查合格');
    await bureau
      .locator('.ant-modal')
      .getByRole('button', { name: /退\s*回/ })
      .click();
    await expect.poll(() => bureau.getByTestId('filing-status').getAttribute('data-status')).toBe('REJECTED');

    // The agency reads why, corrects and files again; the bureau confirms.
    const agencyPage = await newPage(browser);
    await openSignedIn(agencyPage, 'censor_director', {
      to: `/sys_audit/${org.censor}/${project.id}/filing`,
    });
    await expect
      .poll(() => agencyPage.getByTestId('filing-submit').textContent())
      .toContain('更正后重新备案');
    await agencyPage.getByLabel('人防审查').click();
    await agencyPage
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
      .getByText('审查合格')
      .click();
    await agencyPage.getByTestId('filing-submit').click();
    await expect
      .poll(() => agencyPage.getByTestId('filing-status').allTextContents())
      .toEqual(['待确认', '已退回']);
    await agencyPage.context().close();

    await bureau.goto('/sys_supervise/approval/tbc');
    await expect.poll(() => row.count()).toBe(1);
    await row.getByTestId('filing-view').click();
    await bureau.getByTestId('filing-confirm').click();
    await bureau.getByRole('button', { name: /确\s*定/ }).click();
    await expect
      .poll(() => bureau.getByTestId('filing-status').getAttribute('data-status'))
      .toBe('CONFIRMED');
    expect(await bureau.getByTestId('filing-national').textContent()).toContain('审查合格');
    await bureau.goto('/sys_supervise/approval/confirmed');
    await expect.poll(() => row.count()).toBe(1);
    const [download] = await Promise.all([
      bureau.waitForEvent('download'),
      bureau.getByTestId('filing-export').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^施工图审查备案_.*\.csv$/);
    await bureau.context().close();
    const detail = await call<{ status: string }>(
      accepted.construct,
      'GET',
      `/api/checkDrawings/project/detail/${project.id}`,
    );
    expect(detail.status).toBe('FILED');
  }, 180_000);

  it('the public record: anyone finds the filed application from the portal menu, reads it and its building', async () => {
    const visitor = await newPage(browser);
    await visitor.goto('/sys_out_sys/home');
    await visitor.getByTestId('portal-menu').getByRole('link', { name: '审查信息公开' }).click();
    await visitor.waitForURL((url) => url.pathname === '/common/reviewInfoSearch');
    await visitor.getByLabel('项目名称').fill(PROJECT);
    await visitor.getByTestId('record-search').click();
    const row = visitor.getByTestId('review-record');
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.textContent()).toContain('有效');
    expect(new URL(visitor.url()).searchParams.get('projectName')).toBe(PROJECT);
    await expectAccessible(visitor, 'the public review record search');

    await row.getByRole('link', { name: PROJECT }).click();
    await visitor.waitForURL('**/common/reviewInfoSearch/buildingFilingDetail/*');
    const record = visitor.getByTestId('review-record-detail');
    await expect.poll(() => record.textContent()).toContain('一次审查是否通过');
    const text = (await record.textContent()) ?? '';
    expect(text).toContain(accepted.project.code);
    // Filed after the bureau's correction: 人防 passed, as the second attempt stated.
    expect(text).toMatch(/人防设计审查\s*审查合格/);
    // Nothing personal: no phone number of any contact.
    expect(text).not.toMatch(/(?<!\d)1[3-9]\d{9}(?!\d)/);
    await expectAccessible(visitor, 'a public review record');

    await visitor.getByTestId('record-building').getByRole('link', { name: BUILDING }).click();
    await visitor.waitForURL('**/common/reviewInfoSearch/buildingFilingDetail2/*');
    await expect
      .poll(() => visitor.getByTestId('review-building-detail').textContent())
      .toContain('抗震设防烈度');
    expect(await visitor.getByTestId('review-building-detail').textContent()).toContain(PROJECT);
    await expectAccessible(visitor, "a public record's building");
    // The same in English, by the portal's language switch.
    await visitor.getByTestId('portal-lang').click();
    await expect
      .poll(() => visitor.getByTestId('review-building-detail').textContent())
      .toContain('Seismic fortification');
    await visitor.getByTestId('portal-lang').click();
    // A made-up id is no record, and the page says so.
    await visitor.goto('/common/reviewInfoSearch/buildingFilingDetail/00000000-0000-4000-8000-000000000000');
    await expect.poll(() => visitor.getByTestId('record-not-found').count()).toBe(1);
    await visitor.context().close();
  }, 120_000);

  it('revoking: the director revokes the certificate with a reason; the QR check and the public record say so', async () => {
    const { org, project } = accepted;
    const page = await newPage(browser);
    await openSignedIn(page, 'censor_director', {
      to: `/sys_audit/${org.censor}/${project.id}/certification`,
    });
    await page.getByTestId('certificate-view').click();
    await page.getByTestId('certificate-revoke').click();
    await page.getByTestId('certificate-revoke-confirm').click();
    await expect.poll(() => page.getByText('请填写撤销原因').count()).toBe(1);
    await expectAccessible(page, 'the revoke dialog', { include: '.ant-modal' });
    await page.getByTestId('certificate-revoke-reason').fill('发现消防设计说明与图纸不一致');
    await page.getByTestId('certificate-revoke-confirm').click();
    await expect
      .poll(() => page.getByTestId('certificate-revoked').textContent())
      .toContain('发现消防设计说明与图纸不一致');
    expect(await page.getByTestId('certificate-revoke').count()).toBe(0);
    const certificate = await call<CertificateDetail>(
      director,
      'GET',
      `${base}/certification/${page.url().split('/').pop()}`,
    );
    await page.context().close();

    const visitor = await newPage(browser);
    const verify = new URL(certificate.content.verifyUrl);
    await visitor.goto(verify.pathname + verify.search);
    await expect.poll(() => visitor.getByText('该审查合格书已被审查机构撤销，不再有效').count()).toBe(1);
    await visitor.goto(`/common/reviewInfoSearch?certificateNo=${certificate.certificateNo}`);
    await expect.poll(() => visitor.getByTestId('review-record').textContent()).toContain('已撤销');
    await visitor.context().close();
  }, 90_000);
});
