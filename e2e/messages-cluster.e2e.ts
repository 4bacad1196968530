import { randomBytes, randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditCodeCheckChar, type MessageType } from '@drp/domain';
import { inTransaction, openDatabase, type Database } from '../apps/server/src/db/database';
import { orgs, projectOrgs, projects } from '../apps/server/src/db/schema/index';
import { sendMessage } from '../apps/server/src/modules/messages/messages.service';
import { DEMO_PASSWORD, launchBrowser, openSignedIn } from './support/browser';
import {
  apiSignIn,
  applyForRegistration,
  approveRegistration,
  startServer,
  type RunningServer,
} from './support/server';
import { bellCount } from './support/bell';

/**
 * Two instances of the built server on one PostgreSQL database, as in a load-balanced
 * deployment. A message sent through one database connection (here the test process, standing
 * in for "another instance") must reach a browser connected to the other, live.
 */

const adminUrl = process.env.TEST_DATABASE_URL;

const CONSTRUCT_ORG = '长沙市城市建设投资开发集团有限公司';
const DESIGN_ORG = '湖南省建筑设计院集团股份有限公司';
const OTHER_CONSTRUCT_ORG = '湘江新区开发建设有限公司';

const popover = (page: Page) => page.getByTestId('message-popover');
const items = (page: Page) => popover(page).getByTestId('message-item');
const itemAbout = (page: Page, projectName: string) => items(page).filter({ hasText: projectName });
const footer = (page: Page) => popover(page).getByTestId('message-live').textContent();
const toasts = (page: Page) => page.locator('.ant-message-notice').allTextContents();

async function openPopover(page: Page) {
  await page.getByTestId('message-bell').click();
  await popover(page).waitFor({ state: 'visible' });
  await expect.poll(() => popover(page).locator('.ant-spin').count(), { timeout: 5_000 }).toBe(0);
}

/** Shows one of the popover's lists: 待办, 已办 or 通知. */
const tab = (page: Page, name: '待办' | '已办' | '通知') =>
  popover(page).locator('.ant-segmented-item').filter({ hasText: name }).click();

describe.skipIf(!adminUrl)('to-do messages with two server instances on PostgreSQL', () => {
  const dbName = `drp_e2e_${randomBytes(6).toString('hex')}`;
  let a: RunningServer | undefined;
  let b: RunningServer | undefined;
  let database: Database | undefined;
  let browser: Browser | undefined;
  let constructOrgId: string;
  let designOrgId: string;
  let otherConstructOrgId: string;
  let serial = 0;

  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    await admin(`create database ${dbName}`);
    const url = new URL(adminUrl!);
    url.pathname = `/${dbName}`;
    const databaseUrl = url.toString();
    // One after the other, so that only the first one seeds the demo data.
    a = await startServer({ DATABASE_URL: databaseUrl });
    b = await startServer({ DATABASE_URL: databaseUrl });
    database = await openDatabase({ databaseUrl });
    const orgId = async (name: string) => {
      const [row] = await database!.db.select({ id: orgs.id }).from(orgs).where(eq(orgs.name, name));
      if (!row) throw new Error(`no organisation ${name}`);
      return row.id;
    };
    constructOrgId = await orgId(CONSTRUCT_ORG);
    designOrgId = await orgId(DESIGN_ORG);
    otherConstructOrgId = await orgId(OTHER_CONSTRUCT_ORG);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await database?.close();
    await b?.stop();
    await a?.stop();
    await admin(`drop database if exists ${dbName} with (force)`);
  });

  /** A fresh browser page on one instance. */
  async function pageOn(server: RunningServer): Promise<Page> {
    const context = await browser!.newContext({
      baseURL: server.baseURL,
      locale: 'zh-CN',
      viewport: { width: 1366, height: 800 },
    });
    return context.newPage();
  }
  /** Signs in on instance b, where every page of this suite is. */
  async function signInTo(page: Page, username: string, password = DEMO_PASSWORD) {
    await openSignedIn(page, username, { password, server: b!.baseURL });
    await page.waitForURL((url) => url.pathname === '/sys_submit');
  }

  /** A project of the demo construction unit, with the demo design unit taking part unless not. */
  async function project(status: 'DRAFT' | 'SUBMITTED', designTakesPart = true) {
    const name = `消息测试项目${Date.now().toString(36)}${++serial}`;
    const owner = designTakesPart ? constructOrgId : otherConstructOrgId;
    const [row] = await database!.db
      .insert(projects)
      .values({ name, status, constructOrgId: owner })
      .returning({ id: projects.id });
    const id = row!.id;
    await database!.db
      .insert(projectOrgs)
      .values([
        { projectId: id, orgId: owner, role: 'CONSTRUCT' },
        ...(designTakesPart ? [{ projectId: id, orgId: designOrgId, role: 'DESIGN' as const }] : []),
      ]);
    return { id, name };
  }

  /** The construction unit tells the design unit, committed through the test's own connection. */
  const send = (type: MessageType, about: { id: string; name: string }, at = new Date()) =>
    inTransaction(database!.db, (tx) =>
      sendMessage(tx, {
        type,
        to: [{ orgId: designOrgId }],
        at,
        by: null,
        senderOrgId: constructOrgId,
        projectId: about.id,
        params: { senderName: CONSTRUCT_ORG, projectName: about.name },
      }),
    );

  it('a message sent through another connection reaches a browser on instance B within seconds', async () => {
    const page = await pageOn(b!);
    await signInTo(page, 'design_user');
    await openPopover(page);
    // An acceptance asks nothing more of the design unit: a notice.
    await tab(page, '通知');
    await expect.poll(() => footer(page), { timeout: 5_000 }).toBe('新消息实时送达');
    const before = await bellCount(page);
    if (before === null) throw new Error('no bell');

    const about = await project('SUBMITTED');
    await send('CENSOR_MATERIAL_ACCEPT', about);
    // Live (the list otherwise refreshes every 10 minutes while the stream is up).
    await expect.poll(() => bellCount(page), { timeout: 5_000 }).toBe(before + 1);
    await expect.poll(() => itemAbout(page, about.name).count()).toBe(1);
    const item = itemAbout(page, about.name);
    expect(await item.getAttribute('data-read')).toBe('false');
    expect(await item.locator('.ant-tag').textContent()).toBe('审查机构受理资料');
    expect(await item.locator('time').textContent()).toBe('刚刚');
    expect(await item.textContent()).toContain(
      `${CONSTRUCT_ORG}已受理项目「${about.name}」的资料，审查开始。`,
    );
    await page.context().close();
  });

  it('a registration approved through instance A waits for the new admin on instance B', async () => {
    const tag = `${Date.now().toString(36)}${++serial}`;
    let creditCode: string | null = null;
    while (!creditCode) {
      const first17 = `91430111MA${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
      const check = creditCodeCheckChar(first17);
      if (check) creditCode = `${first17}${check}`;
    }
    const org = {
      orgType: 'SURVEY' as const,
      name: `长沙市集群测试勘察有限公司${tag}`,
      creditCode,
      username: `cluster_${tag}`,
      password: 'Ji#Qun2026',
    };
    const sysadmin = await apiSignIn(a!.baseURL, 'sysadmin', DEMO_PASSWORD);
    await approveRegistration(a!.baseURL, sysadmin, await applyForRegistration(a!.baseURL, org));

    const page = await pageOn(b!);
    await signInTo(page, org.username, org.password);
    await expect.poll(() => bellCount(page), { timeout: 5_000 }).toBe(1);
    await openPopover(page);
    expect(await items(page).first().textContent()).toContain(`「${org.name}」的注册申请已通过审核`);
    await page.context().close();
  });

  it('a hand-over about an application no longer submitted says the message is out of date', async () => {
    const draft = await project('DRAFT');
    const submitted = await project('SUBMITTED');
    const elsewhere = await project('SUBMITTED', false);
    for (const about of [draft, submitted, elsewhere]) await send('CONSTRUCT_PROJECT_SUBMIT', about);

    const page = await pageOn(b!);
    await signInTo(page, 'design_user');
    await openPopover(page);
    for (const about of [draft, submitted, elsewhere]) {
      expect(await itemAbout(page, about.name).getAttribute('data-read')).toBe('false');
      expect(await itemAbout(page, about.name).locator('.ant-tag').textContent()).toBe('建设单位提交报审');
    }

    // Back to draft (recalled): out of date, and done as well; the page stays where it is.
    await itemAbout(page, draft.name).click();
    await expect.poll(() => toasts(page), { timeout: 5_000 }).toContain('消息已失效！');
    await expect.poll(() => itemAbout(page, draft.name).getAttribute('data-read')).toBe('true');
    expect(new URL(page.url()).pathname).toBe('/sys_submit');

    // A project the design unit takes no part in (any more) is just as out of date.
    await expect.poll(() => toasts(page), { timeout: 10_000 }).not.toContain('消息已失效！');
    await itemAbout(page, elsewhere.name).click();
    await expect.poll(() => toasts(page), { timeout: 5_000 }).toContain('消息已失效！');
    await expect.poll(() => itemAbout(page, elsewhere.name).getAttribute('data-read')).toBe('true');

    // Still submitted: no warning; the message opens the upload screen, where its work is done.
    await expect.poll(() => toasts(page), { timeout: 10_000 }).not.toContain('消息已失效！');
    const checked = page.waitForResponse((r) => r.url().includes(`/isSubmitted/${submitted.id}`));
    await itemAbout(page, submitted.name).click();
    expect(await (await checked).json()).toMatchObject({ code: 'SUCCESS', detail: true });
    await page.waitForURL((url) => url.pathname === `/sys_submit/${submitted.id}/workingDrawing`);
    expect(await toasts(page)).not.toContain('消息已失效！');
    await openPopover(page);
    await expect.poll(() => itemAbout(page, submitted.name).getAttribute('data-read')).toBe('true');
    await page.context().close();
  });

  it('older messages say how long ago they came, newest first', async () => {
    const MINUTE = 60_000;
    const HOUR = 60 * MINUTE;
    const now = Date.now();
    const threeDaysAgo = new Date(now - 72 * HOUR);
    const pad = (n: number) => String(n).padStart(2, '0');
    const sent = [
      { ago: 5 * MINUTE + 20_000, shows: '5 分钟前' },
      { ago: 3 * HOUR + 10 * MINUTE, shows: '3 小时前' },
      { ago: 30 * HOUR, shows: '1 天前' },
      {
        ago: 72 * HOUR,
        shows: `${threeDaysAgo.getFullYear()}-${pad(threeDaysAgo.getMonth() + 1)}-${pad(threeDaysAgo.getDate())}`,
      },
    ];
    const abouts: { id: string; name: string }[] = [];
    // Sent oldest first, so that the list order comes from the times, not from the sending.
    for (const m of [...sent].reverse()) {
      const about = await project('SUBMITTED');
      await send('CENSOR_MATERIAL_ACCEPT', about, new Date(now - m.ago));
      abouts.unshift(about);
    }

    const page = await pageOn(b!);
    await signInTo(page, 'design_user');
    await openPopover(page);
    await tab(page, '通知');
    const texts = await items(page).allTextContents();
    const positions = abouts.map((about) => texts.findIndex((t) => t.includes(about.name)));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((x, y) => x - y)).toEqual(positions);
    for (const [i, about] of abouts.entries())
      expect(await itemAbout(page, about.name).locator('time').textContent()).toBe(sent[i]!.shows);
    await page.context().close();
  });

  it('with the live stream blocked, a new message still arrives by polling', async () => {
    const page = await pageOn(b!);
    let attempts = 0;
    await page.route(
      (url) => url.pathname === '/api/message/events',
      (route) => {
        attempts++;
        return route.abort();
      },
    );
    await signInTo(page, 'design_user');
    await openPopover(page);
    await tab(page, '通知');
    await expect.poll(() => attempts, { timeout: 5_000 }).toBeGreaterThan(0);
    expect(await footer(page)).toBe('实时推送已中断，每 15 秒刷新一次');
    const before = await bellCount(page);
    if (before === null) throw new Error('no bell');

    const about = await project('SUBMITTED');
    await send('CENSOR_MATERIAL_ACCEPT', about);
    await expect.poll(() => bellCount(page), { timeout: 30_000 }).toBe(before + 1);
    await expect.poll(() => itemAbout(page, about.name).count()).toBe(1);
    // It came by polling: the stream never got through.
    expect(await footer(page)).toBe('实时推送已中断，每 15 秒刷新一次');
    await page.context().close();
  }, 60_000);
});
