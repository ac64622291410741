import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';

/** Set NOTARIUM_SHOTS to a folder to keep screenshots of a state, at three sizes and in both themes. */
const SHOTS = process.env.NOTARIUM_SHOTS;

/** The window sizes the UI is judged at: a small laptop, a common small window, a large screen. */
export const SHOT_SIZES = [
  [800, 600],
  [1024, 700],
  [1440, 900],
] as const;

/**
 * `<name>-<w>x<h>-<scheme>.png` for each size and theme, with `show` scrolled into view (a narrow
 * window may put it below the fold); the page is left at its size and theme.
 */
export async function keepShots(page: Page, name: string, show?: Locator): Promise<void> {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  const size = page.viewportSize();
  for (const [width, height] of SHOT_SIZES) {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height });
      await page.emulateMedia({ colorScheme });
      await show?.scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(SHOTS, `${name}-${width}x${height}-${colorScheme}.png`) });
    }
  }
  if (size) await page.setViewportSize(size);
  await page.emulateMedia({ colorScheme: null });
}
