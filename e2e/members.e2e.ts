import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectRefused,
  launchBrowser,
  newPage,
  openSignedIn,
  signIn,
} from './support/browser';
import { bellCount } from './support/bell';
import { expectAccessible } from './support/accessibility';
import { choose } from './support/select';

/**
 * The organisation back office. These tests change only accounts they create, so the demo
 * accounts stay as the other suites expect them.
 */
async function openBackOffice(page: Page, admin: string, area: string) {
  await openSignedIn(page, admin);
  await page.waitForURL((url) => url.pathname === area);
  await page.getByTestId('back-office').click();
  await page.waitForURL((url) => url.pathname.startsWith(`${area}/admin/user/`));
  await expect.poll(() => page.getByRole('row').count()).toBeGreaterThan(1);
}

async function addNewAccount(page: Page, person: { username: string; name: string; password: string }) {
  await page.getByTestId('add-member').click();
  await page.locator('input#username').fill(person.username);
  await page.locator('input#name').fill(person.name);
  await page.locator('input#phone').fill('13912345678');
  await page.locator('input#password').fill(person.password);
  await page.locator('.ant-modal-footer .ant-btn-primary').click();
  await expect.poll(() => page.getByRole('row', { name: new RegExp(person.username) }).count()).toBe(1);
}

/** First sign-in with a password someone else chose: the platform sends the person to change it. */
async function firstSignIn(
  page: Page,
  area: string,
  username: string,
  password: string,
  newPassword: string,
) {
  await page.goto('/sys_sso/login');
  await signIn(page, username, password);
  await page.waitForURL((url) => url.pathname === `${area}/password/modify`);
  await expect.poll(() => page.getByText('您的密码已超过有效期，请立即修改密码').count()).toBe(1);
  await page.locator('input#oldPassword').fill(password);
  await page.locator('input#newPassword').fill(newPassword);
  await page.locator('input#confirmPassword').fill(newPassword);
  await page.getByRole('button', { name: /提\s*交/ }).click();
  await page.waitForURL((url) => url.pathname === '/sys_sso/login' && url.search === '');
  await signIn(page, username, newPassword);
  await page.waitForURL((url) => url.pathname === area);
}

describe('organisation back office', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('an agency admin adds a reviewer with a profile, who then works in /sys_audit', async () => {
    const admin = await newPage(browser);
    await openBackOffice(admin, 'censor_admin', '/sys_audit');
    await admin.getByTestId('add-member').click();
    // Only the profiles a review agency may hold are offered.
    await expect
      .poll(() => admin.locator('.ant-modal .ant-checkbox-wrapper').allTextContents())
      .toEqual(['审查管理员', '审查负责人', '审查人员', '审查打印']);
    await admin
      .locator('.ant-modal')
      .getByRole('button', { name: /取\s*消/ })
      .click();
    await addNewAccount(admin, { username: 'e2e_reviewer', name: '彭涛', password: 'Peng#Tao2026' });
    // Keep only the reviewer profile.
    const row = admin.getByRole('row', { name: /e2e_reviewer/ });
    await row.getByRole('button', { name: '编辑权限' }).click();
    for (const other of ['审查管理员', '审查负责人', '审查打印']) {
      const box = admin.locator('.ant-modal').getByRole('checkbox', { name: other });
      // A click that lands while the dialog is still opening is lost; the state is what counts.
      await expect
        .poll(async () => {
          if (await box.isChecked()) await box.click();
          return box.isChecked();
        })
        .toBe(false);
    }
    await admin.locator('.ant-modal-footer .ant-btn-primary').click();
    await expect.poll(() => row.locator('.ant-tag').allTextContents()).toEqual(['审查人员', '正常']);

    const reviewer = await newPage(browser);
    await firstSignIn(reviewer, '/sys_audit', 'e2e_reviewer', 'Peng#Tao2026', 'Peng#Tao2027');
    await expect.poll(() => reviewer.getByTestId('welcome').textContent()).toContain('彭涛');
    await expect.poll(() => reviewer.getByText('审查人员').count()).toBeGreaterThan(0);
    await admin.context().close();
    await reviewer.context().close();
  });

  it('a member disabled by the admin loses access at once', async () => {
    const admin = await newPage(browser);
    await openBackOffice(admin, 'design_admin', '/sys_submit');
    await addNewAccount(admin, { username: 'e2e_drafter', name: '邓洁', password: 'Deng#Jie2026' });

    const drafter = await newPage(browser);
    await firstSignIn(drafter, '/sys_submit', 'e2e_drafter', 'Deng#Jie2026', 'Deng#Jie2027');

    const row = admin.getByRole('row', { name: /e2e_drafter/ });
    await row.getByRole('button', { name: '停用' }).click();
    await admin.getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(() => row.locator('.ant-tag').allTextContents()).toEqual(['资料上传', '已停用']);

    // The very next page the drafter opens no longer admits them.
    await expectRefused(drafter, () => drafter.reload());
    // After the 2-second guard message, home says why there is nothing to open.
    await expect
      .poll(() => drafter.getByText('您的账号尚未在任何单位中分配可用的权限，请联系单位管理员。').count(), {
        timeout: 10_000,
      })
      .toBe(1);
    await admin.context().close();
    await drafter.context().close();
  });

  it('a password reset ends the old session and hands over a one-time password', async () => {
    const admin = await newPage(browser);
    await openBackOffice(admin, 'survey_admin', '/sys_submit');
    await addNewAccount(admin, { username: 'e2e_surveyor', name: '谢宁', password: 'Xie#Ning2026' });
    const surveyor = await newPage(browser);
    await firstSignIn(surveyor, '/sys_submit', 'e2e_surveyor', 'Xie#Ning2026', 'Xie#Ning2027');

    // The surveyor's open page may learn of the reset by itself (its next call, or the bell's live
    // stream reconnecting, is refused) before the reload below; either way it must say so. The
    // message shows for three seconds, so the wait starts before the reset (on CI's slowest run the
    // page had gone to sign-in by itself and the reload of sign-in showed nothing).
    const expired = surveyor
      .getByText('登录信息已过期，请重新登录')
      .waitFor({ timeout: 30_000 })
      .then(
        () => 'shown',
        (error: unknown) => String(error),
      );
    await admin
      .getByRole('row', { name: /e2e_surveyor/ })
      .getByRole('button', { name: '重置密码' })
      .click();
    await admin.getByRole('button', { name: /确\s*定/ }).click();
    const temporary = (await admin.getByTestId('temporary-password').textContent())!.trim();
    expect(temporary).toMatch(/^\S{14}$/);

    if (!new URL(surveyor.url()).pathname.startsWith('/sys_sso/login')) await surveyor.reload();
    expect(await expired).toBe('shown');
    await expect.poll(() => new URL(surveyor.url()).pathname).toBe('/sys_sso/login');
    await firstSignIn(surveyor, '/sys_submit', 'e2e_surveyor', temporary, 'Xie#Ning2028');
    await admin.context().close();
    await surveyor.context().close();
  });

  it("another organisation's admin cannot open the back office by changing the address", async () => {
    const owner = await newPage(browser);
    await openBackOffice(owner, 'censor_admin', '/sys_audit');
    const ownPath = new URL(owner.url()).pathname;
    await owner.context().close();

    const outsider = await newPage(browser);
    await openBackOffice(outsider, 'censor2_admin', '/sys_audit');
    await outsider.goto(ownPath);
    // Another organisation's back office answers 404 like one that does not exist; a record
    // missing on a page's first load now shows the 404 page (lib/not-found).
    await outsider.waitForURL((url) => url.pathname === '/common/404');
    await expect.poll(() => outsider.getByText('抱歉，您访问的页面不存在。').count()).toBe(1);
    expect(await outsider.getByText('张伟').count()).toBe(0);
    await outsider.context().close();
  });

  it('an admin invites an existing account, which joins only when the person accepts in their to-dos', async () => {
    // The person: an account of the survey unit, made for this test.
    const surveyAdmin = await newPage(browser);
    await openBackOffice(surveyAdmin, 'survey_admin', '/sys_submit');
    await addNewAccount(surveyAdmin, { username: 'e2e_invitee', name: '韩雪', password: 'Han#Xue2026' });
    await surveyAdmin.context().close();

    const admin = await newPage(browser);
    await openBackOffice(admin, 'design_admin', '/sys_submit');
    await admin.getByTestId('add-member').click();
    await admin.getByTestId('add-mode').getByText('邀请已有账号').click();
    // New-account fields are gone; the form says the person must accept.
    await expect.poll(() => admin.locator('.ant-modal input#name').count()).toBe(0);
    await expect.poll(() => admin.getByText('对方须在自己的待办中接受邀请后才会加入本单位').count()).toBe(1);
    await admin.locator('.ant-modal input#username').fill('e2e_invitee');
    await expectAccessible(admin, 'invitation form', { include: '.ant-modal' });
    // Sent by keyboard.
    await admin.locator('.ant-modal-footer .ant-btn-primary').focus();
    await admin.keyboard.press('Enter');
    await expect.poll(() => admin.getByText('已向 e2e_invitee 发出邀请').count()).toBe(1);
    // The admin sees the username waiting, nothing more, and not among the people.
    const pending = admin.getByTestId('pending-invitations');
    await expect.poll(() => pending.getByRole('row', { name: /e2e_invitee/ }).count()).toBe(1);
    expect(await admin.getByText('韩雪').count()).toBe(0);
    expect(await admin.getByRole('row', { name: /e2e_invitee/ }).count()).toBe(1);
    await expectAccessible(admin, 'back office with invitations', { include: '.area-content' });

    // The person signs in (a first sign-in: a new password first) and finds it in the bell.
    const invitee = await newPage(browser);
    await firstSignIn(invitee, '/sys_submit', 'e2e_invitee', 'Han#Xue2026', 'Han#Xue2027');
    // The bell counts it (with whatever else the survey unit has been sent by other suites).
    await expect.poll(() => bellCount(invitee)).toBeGreaterThan(0);
    await invitee.getByTestId('message-bell').focus();
    await invitee.keyboard.press('Enter');
    const invitation = invitee.getByTestId('invitation');
    await expect
      .poll(() => invitation.textContent())
      .toContain('邀请您加入 湖南省建筑设计院集团股份有限公司');
    expect(await invitation.textContent()).toContain('邀请人：陈明');
    expect(await invitation.textContent()).toContain('资料上传');
    await expectAccessible(invitee, 'to-dos with an invitation', {
      include: '[data-testid="message-popover"]',
    });
    await invitation.getByRole('button', { name: /接\s*受/ }).focus();
    await invitee.keyboard.press('Enter');
    await expect.poll(() => invitee.getByText('已加入 湖南省建筑设计院集团股份有限公司').count()).toBe(1);
    await expect.poll(() => invitee.getByTestId('invitation').count()).toBe(0);

    // The admin now sees the person, with the name only they could confirm, and no invitation.
    const invitationsRead = admin.waitForResponse(
      (r) => r.url().endsWith('/invitations') && r.request().method() === 'GET',
    );
    await admin.reload();
    await invitationsRead;
    const row = admin.getByRole('row', { name: /e2e_invitee/ });
    await expect.poll(() => row.textContent()).toContain('韩雪');
    expect(await admin.getByTestId('pending-invitations').count()).toBe(0);
    await admin.context().close();
    await invitee.context().close();
  });

  it('an admin withdraws an invitation; a person with no area answers theirs on the landing page', async () => {
    const admin = await newPage(browser);
    await openBackOffice(admin, 'survey_admin', '/sys_submit');
    await addNewAccount(admin, { username: 'e2e_loner', name: '孟远', password: 'Meng#Yuan2026' });
    const loner = await newPage(browser);
    await firstSignIn(loner, '/sys_submit', 'e2e_loner', 'Meng#Yuan2026', 'Meng#Yuan2027');
    // Disabled in the survey unit, the person has nowhere to work.
    const row = admin.getByRole('row', { name: /e2e_loner/ });
    await row.getByRole('button', { name: '停用' }).click();
    await admin.getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(() => row.locator('.ant-tag').allTextContents()).toContain('已停用');
    await admin.context().close();

    const inviter = await newPage(browser);
    await openBackOffice(inviter, 'design_admin', '/sys_submit');
    for (const username of ['e2e_loner', 'e2e_nobody_here']) {
      await inviter.getByTestId('add-member').click();
      await inviter.getByTestId('add-mode').getByText('邀请已有账号').click();
      await inviter.locator('.ant-modal input#username').fill(username);
      await inviter.locator('.ant-modal-footer .ant-btn-primary').click();
      // An unknown username is answered exactly like a real one.
      await expect.poll(() => inviter.getByText(`已向 ${username} 发出邀请`).count()).toBe(1);
    }
    const pending = inviter.getByTestId('pending-invitations');
    const unknown = pending.getByRole('row', { name: /e2e_nobody_here/ });
    await unknown.getByRole('button', { name: '撤销邀请' }).click();
    await inviter.getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(() => unknown.count()).toBe(0);
    await expect.poll(() => pending.getByRole('row', { name: /e2e_loner/ }).count()).toBe(1);

    await loner.goto('/common/index');
    const landing = loner.getByTestId('landing-invitations');
    await expect.poll(() => landing.textContent()).toContain('邀请您加入 湖南省建筑设计院集团股份有限公司');
    expect(await loner.getByText('尚未分配权限').count()).toBe(1);
    await expectAccessible(loner, 'landing page with an invitation', { include: 'main' });
    await landing.getByRole('button', { name: /接\s*受/ }).focus();
    await loner.keyboard.press('Enter');
    // Joined, the person is taken to the area the new organisation works in.
    await loner.waitForURL((url) => url.pathname === '/sys_submit');
    await expect
      .poll(() => loner.getByTestId('current-org').textContent())
      .toBe('湖南省建筑设计院集团股份有限公司');
    await inviter.context().close();
    await loner.context().close();
  });

  it('an agency admin records a reviewer’s 专业, 职称 and registration; a design unit keeps the registration only', async () => {
    const admin = await newPage(browser);
    await openBackOffice(admin, 'censor_admin', '/sys_audit');
    await addNewAccount(admin, { username: 'e2e_specialist', name: '石峰', password: 'Shi#Feng2026' });
    const row = admin.getByRole('row', { name: /e2e_specialist/ });
    await expect.poll(() => row.textContent()).toContain('未登记');
    await row.getByRole('button', { name: '编辑权限' }).click();
    const modal = admin.locator('.ant-modal');
    await expect.poll(() => modal.getByText('专业与注册信息').count()).toBe(1);
    // Several specialties: the list stays open between picks.
    const specialties = admin.getByTestId('credential-specialties');
    for (const name of ['建筑', '结构']) {
      await specialties.click();
      await admin.keyboard.type(name);
      await admin
        .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
        .getByTitle(name, { exact: true })
        .click();
      await expect.poll(() => specialties.textContent()).toContain(name);
    }
    // Leaving the field closes its list (a click on the title failed where the list, opened
    // upwards, covered it; Tab picks the active option in a multiple select and stays).
    await specialties.locator('input').blur();
    await expect
      .poll(() => admin.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').count())
      .toBe(0);
    await choose(admin, 'credential-title', '高级工程师');
    await choose(admin, 'credential-registration-type', '一级注册建筑师');
    // A registration without its certificate number is refused before anything is sent.
    await admin.locator('.ant-modal-footer .ant-btn-primary').click();
    await expect.poll(() => modal.getByText('注册类型和注册证书号须同时填写').count()).toBeGreaterThan(0);
    await admin.getByTestId('credential-registration-no').fill('证书');
    await expect.poll(() => modal.getByText('请输入 4–40 位字母、数字或连字符').count()).toBe(1);
    await admin.getByTestId('credential-registration-no').fill('JZ-2020-430118');
    // Away from the OK button, whose hover colour is not the one being checked.
    await modal.locator('.ant-modal-title').click();
    await expectAccessible(admin, 'member form with credentials', { include: '.ant-modal' });
    await admin.locator('.ant-modal-footer .ant-btn-primary').click();
    await expect
      .poll(() => row.getByTestId('member-credentials').textContent())
      .toBe('建筑结构高级工程师一级注册建筑师 JZ-2020-430118');
    await expectAccessible(admin, 'back office with credentials', { include: '.area-content' });

    const design = await newPage(browser);
    await openBackOffice(design, 'design_admin', '/sys_submit');
    await design
      .getByRole('row', { name: /design_admin/ })
      .getByRole('button', { name: '编辑权限' })
      .click();
    const designModal = design.locator('.ant-modal');
    await expect.poll(() => designModal.getByText('注册证书号').count()).toBe(1);
    expect(await designModal.getByText('职称').count()).toBe(0);
    expect(await design.getByTestId('credential-specialties').count()).toBe(0);
    await admin.context().close();
    await design.context().close();
  });

  it('a plain member sees no back-office link', async () => {
    const page = await newPage(browser);
    await openSignedIn(page, 'censor_director');
    await page.waitForURL((url) => url.pathname === '/sys_audit');
    await expect.poll(() => page.getByTestId('welcome').count()).toBe(1);
    expect(await page.getByTestId('back-office').count()).toBe(0);
    await page.context().close();
  });
});
