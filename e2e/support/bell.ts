import type { Page } from 'playwright-core';

/**
 * The number on the bell (0 when no number shows, also while one zooms out); null when there is
 * no bell. Read in one go: the badge comes and goes with an animation.
 */
export async function bellCount(page: Page): Promise<number | null> {
  const counts = await page.getByTestId('message-count').evaluateAll((badges) =>
    badges.map((badge) => {
      const shown = Array.from(badge.querySelectorAll('.ant-badge-count')).find(
        (count) => count.getAttribute('data-show') !== 'false',
      );
      return shown ? Number(shown.getAttribute('title')) : 0;
    }),
  );
  return counts.length === 1 ? counts[0]! : null;
}
