import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Opens the antd Select with this test id and picks the option with this text. Where the select
 * searches, the text is typed first (a long list scrolls virtually) and the click waits for the
 * filtered list. On a busy machine a click can still be lost while the list re-renders between
 * the press and the release (the dropdown stays open, nothing chosen), so the attempt is repeated
 * until the select shows the option.
 */
export async function choose(page: Page, testId: string, option: string) {
  const select = page.getByTestId(testId);
  const dropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  // What the select shows as chosen (antd 6 renders the label inside its content box, beside the search input).
  const shown = select.locator('.ant-select-content');
  const searches = (await select.locator('input[type=search]:not([readonly])').count()) > 0;

  const attempt = async () => {
    if (!(await dropdown.count())) {
      await select.click();
      if (searches) {
        await page.keyboard.press('ControlOrMeta+A');
        await page.keyboard.type(option);
      }
    }
    if (searches) {
      const listed = dropdown.locator('.ant-select-item-option');
      await expect
        .poll(async () => {
          const texts = await listed.allTextContents();
          return texts.length > 0 && texts.every((text) => text.includes(option));
        })
        .toBe(true);
    }
    await dropdown
      .getByTitle(option, { exact: true })
      .click({ timeout: 5_000 })
      .catch(() => undefined);
    await dropdown.waitFor({ state: 'hidden', timeout: 2_000 }).catch(() => undefined);
    return (await shown.count()) ? shown.textContent() : null;
  };
  await expect.poll(attempt, { timeout: 30_000 }).toBe(option);
  await dropdown.waitFor({ state: 'hidden' });
}
