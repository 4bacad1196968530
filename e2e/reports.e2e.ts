import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MissionGrid, OpinionReportDetail } from '@drp/domain';
import { acceptedDrawings, addSpecialty, type AcceptedDrawings } from './support/accepted-drawings';
import { expectAccessible } from './support/accessibility';
import { DEMO_PASSWORD, baseURL, launchBrowser, newPage, openSignedIn } from './support/browser';
import { apiSession, call, type ApiSession } from './support/project-api';
import { sheetPdf } from './support/sheet-pdf';

/**
 * Opinion reports (issue 20): once every mission of the round is accepted, the agency's director
 * compiles the round's report from the project's 审查意见告知书 screen, reads it (its PDF drawn in
 * the page) and forwards it; the construction unit then finds it on its own report screen.
 */

const tag = Date.now().toString(36).slice(-5);
const PROJECT = `梅溪湖告知书测试楼${tag}`;
const BUILDING = `5#楼${tag}`;
const OPINION = `楼梯间疏散宽度不足${tag}，请按规范调整`;

describe('the opinion report: compiled, read and forwarded by the agency, read by the units', () => {
  let browser: Browser;
  let accepted: AcceptedDrawings;

  beforeAll(async () => {
    browser = await launchBrowser();
    accepted = await acceptedDrawings({
      name: PROJECT,
      building: BUILDING,
      drawings: [{ name: `建施-01${tag}.pdf`, bytes: await sheetPdf() }],
      survey: { name: `勘察报告${tag}.pdf`, bytes: await sheetPdf() },
    });
    const { org, project } = accepted;
    // Every cell of the round goes to censor_reviewer, checked by the director; one opinion is
    // recorded on the architecture; every mission is submitted and accepted.
    const agency: ApiSession = {
      ...(await apiSession(baseURL(), 'censor_admin', DEMO_PASSWORD)),
      orgId: org.censor,
    };
    const director: ApiSession = {
      ...(await apiSession(baseURL(), 'censor_director', DEMO_PASSWORD)),
      orgId: org.censor,
    };
    const base = `/api/checkDrawings/${org.censor}/${project.id}`;
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
    await call(accepted.reviewer, 'POST', `${base}/opinions`, {
      missionId: architecture,
      opinionType: 'FIRE_SAFETY',
      text: OPINION,
    });
    for (const cell of saved.cells) {
      await call(accepted.reviewer, 'POST', `${base}/missions/${cell.missionId}/submit`);
      await call(director, 'POST', `${base}/missions/${cell.missionId}/accept`);
    }
  }, 240_000);
  afterAll(() => browser?.close());

  it('goes from the director’s compile to the construction unit’s reading', { timeout: 150_000 }, async () => {
    const { org, project } = accepted;

    // The director opens the application's missions, then its report screen from the sidebar.
    const director = await newPage(browser);
    await openSignedIn(director, 'censor_director', {
      to: `/sys_audit/${org.censor}/${project.id}/missions`,
    });
    await director.getByTestId('project-menu').getByText('审查意见告知书').click();
    await director.waitForURL(`**/sys_audit/${org.censor}/${project.id}/report`);
    const compile = director.getByTestId('report-compile');
    await expect.poll(() => compile.textContent()).toContain('编制第 1 轮告知书');
    await expectAccessible(director, 'the report list before compiling', {
      include: '[data-testid="report-list"]',
    });
    await compile.click();

    // The detail opens; the PDF is built in the queue and then drawn in the page.
    await director.waitForURL('**/report/detail/*');
    const detail = director.getByTestId('report-detail');
    await expect
      .poll(() => detail.getByTestId('report-status').getAttribute('data-status'), { timeout: 30_000 })
      .toBe('READY');
    expect(await detail.getByTestId('report-counts').textContent()).toContain('1（违反强条 0）');
    expect(await detail.getByTestId('report-conclusion').textContent()).toBe('需修改后复审');
    await expect
      .poll(() => detail.getByTestId('report-pages').getAttribute('data-state'), { timeout: 30_000 })
      .toBe('ready');
    const pages = detail.locator('canvas.report-page');
    expect(await pages.count()).toBeGreaterThanOrEqual(1);
    // The first page is drawn, not blank: its canvas holds dark pixels (the title, the tables).
    const inked = await pages.first().evaluate((canvas: HTMLCanvasElement) => {
      const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
      let dark = 0;
      for (let i = 0; i < data.length; i += 4) if (data[i]! < 100) dark++;
      return dark;
    });
    expect(inked).toBeGreaterThan(2000);
    await expectAccessible(director, 'the report detail', { include: '[data-testid="report-detail"]' });

    // Not forwardable before it is signed (issue 21): the director is told so.
    await detail.getByTestId('report-unsigned').waitFor();
    expect(await detail.getByTestId('report-forward').count()).toBe(0);
    expect(await detail.getByTestId('report-signing').textContent()).toContain('已签 0 / 3');

    // Each signer signs from the project's 电子签章 screen, in order, with the password again: the
    // reviewer, then the director, then the admin's seal of the agency.
    const signAs = async (user: string, signed: number) => {
      const page = await newPage(browser);
      await openSignedIn(page, user, { to: `/sys_audit/${org.censor}/${project.id}/missions` });
      await page.getByTestId('project-menu').getByText('电子签章').click();
      await page.waitForURL(`**/sys_audit/${org.censor}/${project.id}/signature`);
      const row = page.getByTestId('signature-list').locator('tbody tr.ant-table-row');
      await row.getByTestId('signature-mine').waitFor();
      if (signed === 1)
        await expectAccessible(page, 'the signature list', { include: '[data-testid="signature-list"]' });
      await row.getByRole('button', { name: /签\s*署/ }).click();
      await page.waitForURL('**/signature/detail/*');
      await page.getByTestId('sign-mine').click();
      // A wrong password signs nothing and says so in the dialog.
      if (signed === 1) {
        await page.getByTestId('sign-password').fill('not the password');
        await page.getByTestId('sign-confirm').click();
        await page.getByText('签署密码不正确，未签署').waitFor();
      }
      await page.getByTestId('sign-password').fill(DEMO_PASSWORD);
      await page.getByTestId('sign-confirm').click();
      await expect
        .poll(() => page.getByTestId('signature-progress').textContent(), { timeout: 30_000 })
        .toContain(`${signed} / 3`);
      // The file's signatures as verified: each unchanged and under the platform's certificate.
      const checks = page.getByTestId('signature-checks').locator('tbody tr.ant-table-row');
      await expect.poll(() => checks.count()).toBe(signed);
      expect(await checks.last().textContent()).toContain('未被改动');
      expect(await checks.last().textContent()).toContain('平台证书，可信');
      if (signed === 1)
        await expectAccessible(page, 'the signature detail', { include: '[data-testid="signature-detail"]' });
      await page.context().close();
    };
    await signAs('censor_reviewer', 1);
    await signAs('censor_director', 2);
    await signAs('censor_admin', 3);

    await director.reload();
    await detail.getByTestId('report-forward').click();
    await director
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expect
      .poll(() => detail.getByTestId('report-status').getAttribute('data-status'))
      .toBe('FORWARDED');
    expect(await detail.getByTestId('report-forward').count()).toBe(0);
    const reportId = director.url().split('/').pop()!;
    await director.context().close();

    // Anyone who scans the QR code reads what was issued; a wrong code reads nothing.
    const agency: ApiSession = {
      ...(await apiSession(baseURL(), 'censor_director', DEMO_PASSWORD)),
      orgId: org.censor,
    };
    const issued = await call<OpinionReportDetail>(
      agency,
      'GET',
      `/api/checkDrawings/${org.censor}/${project.id}/opinionReport/${reportId}`,
    );
    const verify = new URL(issued.content.verifyUrl);
    const reader = await newPage(browser);
    await reader.goto(`${verify.pathname}${verify.search}`);
    const check = reader.getByTestId('report-check');
    await check.waitFor();
    expect(await check.textContent()).toContain(PROJECT);
    expect(await check.textContent()).toContain(issued.file!.sha256);
    await expectAccessible(reader, 'the public check of a report');
    const wrong = verify.searchParams.get('c')!.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'));
    await reader.goto(`/common/verify?no=${encodeURIComponent(issued.reportNo)}&c=${wrong}`);
    await reader.getByTestId('report-check-missing').waitFor();
    await reader.context().close();

    // The construction unit reads it from its own report screen.
    const construct = await newPage(browser);
    await openSignedIn(construct, 'construct_admin', {
      to: `/sys_apply/${accepted.construct.orgId}/${project.id}/report`,
    });
    const row = construct.getByTestId('report-table').locator('tbody tr.ant-table-row');
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.getByTestId('report-status').getAttribute('data-status')).toBe('FORWARDED');
    expect(await construct.getByTestId('report-compile').count()).toBe(0);
    await expectAccessible(construct, 'the units’ report list', { include: '[data-testid="report-list"]' });
    await row.getByTestId('report-view').click();
    await expect
      .poll(() => construct.getByTestId('report-pages').getAttribute('data-state'), { timeout: 30_000 })
      .toBe('ready');
    expect(await construct.getByTestId('report-forward').count()).toBe(0);

    // The unit checks the sealed file it downloaded on its own 电子签章 screen: it is the issued one.
    const reportDoc = construct.url().split('/').pop()!;
    await construct.getByTestId('project-menu').getByText('电子签章').click();
    const signedRow = construct.getByTestId('signature-list').locator('tbody tr.ant-table-row');
    await expect.poll(() => signedRow.count()).toBe(1);
    expect(await signedRow.textContent()).toContain('已全部签署');
    await signedRow.getByRole('button', { name: /查\s*看/ }).click();
    await construct.waitForURL('**/signature/detail/*');
    expect(await construct.getByTestId('sign-mine').count()).toBe(0);
    const link = await call<{ url: string }>(
      agency,
      'GET',
      `/api/checkDrawings/${org.censor}/${project.id}/signature/getViewUrl?documentId=${reportDoc}`,
    );
    const bytes = Buffer.from(await (await fetch(`${baseURL()}${link.url}?download=1`)).arrayBuffer());
    await construct
      .getByTestId('signature-verify')
      .locator('input[type=file]')
      .setInputFiles({ name: '告知书.pdf', mimeType: 'application/pdf', buffer: bytes });
    const result = construct.getByTestId('verify-result');
    await result.waitFor();
    expect(await result.textContent()).toContain('逐字节一致');
    expect(await result.locator('tbody tr.ant-table-row').count()).toBe(3);
    await expectAccessible(construct, 'a unit’s signature detail with a verified copy', {
      include: '[data-testid="signature-detail"]',
    });
    await construct.context().close();
  });
});
