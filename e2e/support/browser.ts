import { chromium, type Browser, type Page } from 'playwright-core';
import { inject } from 'vitest';
import {
  AREAS,
  LOCAL_STORAGE_KEYS,
  SESSION_STORAGE_KEYS,
  homeArea,
  qualifyingMembers,
  type Locale,
  type OrgType,
  type Principal,
  type Profile,
} from '@drp/domain';
import { apiSignIn } from './server';

export const DEMO_PASSWORD = 'Demo@2026';
export const baseURL = () => inject('baseURL');

/** Debian's Chromium, with the flags this sandboxed, offline machine needs. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export async function newPage(browser: Browser, locale = 'zh-CN'): Promise<Page> {
  const context = await browser.newContext({
    baseURL: baseURL(),
    locale,
    viewport: { width: 1366, height: 800 },
  });
  return context.newPage();
}

/** Fills the sign-in form the way a person does. */
export async function signIn(page: Page, username: string, password = DEMO_PASSWORD) {
  await page.locator('input#username').fill(username);
  await page.locator('input#password').fill(password);
  await page.getByRole('button', { name: /登\s*录|Sign in/ }).click();
}

/**
 * Opens a page that the area guard refuses and waits for its "您没有权限。". The message shows for
 * 2 s before the guard leaves; on a busy machine that can pass before a navigation reports the page
 * loaded, so the wait starts before the navigation does.
 */
export async function expectRefused(page: Page, navigate: () => Promise<unknown>) {
  await Promise.all([page.getByText('您没有权限。').waitFor({ timeout: 20_000 }), navigate()]);
}

/**
 * Runs `navigate` while waiting for the expired-session message: the message shows for three
 * seconds, and a page whose load event is slow on a busy machine may only resolve after it went.
 */
export async function expectSessionExpired(page: Page, navigate: () => Promise<unknown>) {
  await Promise.all([page.getByText('登录信息已过期，请重新登录').waitFor({ timeout: 20_000 }), navigate()]);
}

export const sessionToken = (page: Page) => page.evaluate(() => sessionStorage.getItem('drp.token'));

interface AccountAnswer {
  code: string;
  detail: {
    account: { id: string; admin: boolean };
    members: {
      orgId: string;
      orgType: OrgType;
      admin: boolean;
      roleList: { profileDtoList: { name: Profile }[] }[];
    }[];
  };
}

/**
 * Opens the app already signed in as `username`, without the sign-in form: the API's sign-in flow
 * (password, PKCE code, token) gives the token, and it goes with the organisation the sign-in page
 * would pick into session storage, where the web app keeps its session. The page then opens `to`,
 * or the account's home area as the sign-in page would. Answers the path opened. The tests of
 * signing in itself fill the form (`signIn`); everything else starts here, which saves a page load
 * and the form per sign-in.
 */
export async function openSignedIn(
  page: Page,
  username: string,
  options: {
    password?: string;
    to?: string;
    /** The language the person chose (the app keeps it in local storage). */
    locale?: Locale;
    /** Another instance than the one global setup started. */
    server?: string;
  } = {},
): Promise<string> {
  const server = options.server ?? baseURL();
  const token = await apiSignIn(server, username, options.password ?? DEMO_PASSWORD);
  const res = await fetch(`${server}/api/admin/account`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const { detail } = (await res.json()) as AccountAnswer;
  const principal: Principal = {
    accountId: detail.account.id,
    systemAdmin: detail.account.admin,
    members: detail.members.map((m) => ({
      orgId: m.orgId,
      orgType: m.orgType,
      admin: m.admin,
      profiles: m.roleList.flatMap((r) => r.profileDtoList.map((p) => p.name)),
    })),
  };
  const area = homeArea(principal, null);
  const orgId =
    (area ? qualifyingMembers(principal, area)[0] : undefined)?.orgId ?? detail.members[0]?.orgId ?? '';
  // Session storage belongs to the tab and the origin: any page of the site will do to fill it.
  if (!page.url().startsWith(`${server}/`)) await page.goto(`${server}/logo.svg`);
  await page.evaluate(
    ([keys, values]) => {
      sessionStorage.setItem(keys.token, values.token);
      sessionStorage.setItem(keys.currentOrgId, values.orgId);
      if (values.locale) localStorage.setItem(values.localeKey, values.locale);
    },
    [
      SESSION_STORAGE_KEYS,
      { token, orgId, locale: options.locale, localeKey: LOCAL_STORAGE_KEYS.locale },
    ] as const,
  );
  const to = options.to ?? (area ? AREAS[area].prefix : '/common/index');
  await page.goto(`${server}${to}`);
  return to;
}
