import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Runs axe-core (WCAG 2.1 A and AA, plus best practices unless told otherwise) on the page or on
 * the parts a selector names, and fails with one line per violation.
 *
 * It first waits for running animations to end: axe measures contrast with the opacity of the
 * moment, so a dialog caught in its fade-in reads as low-contrast text on a busy machine.
 */
export async function expectAccessible(
  page: Page,
  what: string,
  options: { include?: string; bestPractice?: boolean; seriousOnly?: boolean } = {},
) {
  // Endless ones (a spinner, a pulsing badge) never end and are not what axe trips on. A motion
  // starts a frame after its element appears, so the page must stay still for several frames.
  await page.evaluate(() => {
    (window as { drpStillFrames?: number }).drpStillFrames = 0;
  });
  await page.waitForFunction(
    () => {
      const moving = document
        .getAnimations()
        .some(
          (animation) =>
            animation.playState === 'running' && animation.effect?.getComputedTiming().endTime !== Infinity,
        );
      const state = window as { drpStillFrames?: number };
      state.drpStillFrames = moving ? 0 : (state.drpStillFrames ?? 0) + 1;
      return state.drpStillFrames >= 10;
    },
    undefined,
    { polling: 'raf' },
  );
  let builder = new AxeBuilder({ page }).withTags(
    options.bestPractice === false ? WCAG_21_AA : [...WCAG_21_AA, 'best-practice'],
  );
  if (options.include) builder = builder.include(options.include);
  const result = await builder.analyze();
  const bad = result.violations
    .filter((v) => !options.seriousOnly || v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${what}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(bad).toEqual([]);
}
