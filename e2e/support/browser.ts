import { chromium, type Browser, type Page } from 'playwright-core';
import { inject } from 'vitest';

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

export const sessionToken = (page: Page) => page.evaluate(() => sessionStorage.getItem('drp.token'));
