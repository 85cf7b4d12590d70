import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, test } from '@playwright/test';

/** Saves a screenshot of the whole window under test-results/ (a CI artifact) and attaches it to the report. */
export async function saveScreen(page: Page, name: string): Promise<void> {
  await animationsSettled(page);
  const path = test.info().outputPath(`${name}.png`);
  await page.screenshot({ path });
  await test.info().attach(name, { path, contentType: 'image/png' });
}

/** Finite CSS animations (the collision shake, the game-over fade) have ended; an endless spinner is left running. */
export async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

export async function expectNoDocumentScroll(page: Page): Promise<void> {
  const sizes = await page.evaluate(() => ({
    scrollW: document.documentElement.scrollWidth,
    scrollH: document.documentElement.scrollHeight,
    w: window.innerWidth,
    h: window.innerHeight,
  }));
  expect(sizes.scrollH, 'document height').toBeLessThanOrEqual(sizes.h);
  expect(sizes.scrollW, 'document width').toBeLessThanOrEqual(sizes.w);
}

/** The element lies wholly inside the window. */
export async function expectInViewport(page: Page, locator: Locator, what: string): Promise<void> {
  await expect(locator, what).toBeVisible();
  const box = await locator.boundingBox();
  const viewport = page.viewportSize();
  expect(box, what).not.toBeNull();
  if (!box || !viewport) return;
  expect(box.x, `${what} left`).toBeGreaterThanOrEqual(-0.5);
  expect(box.y, `${what} top`).toBeGreaterThanOrEqual(-0.5);
  expect(box.x + box.width, `${what} right`).toBeLessThanOrEqual(viewport.width + 0.5);
  expect(box.y + box.height, `${what} bottom`).toBeLessThanOrEqual(viewport.height + 0.5);
}

/** axe-core finds no serious or critical violation on the screen as it is. */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  await animationsSettled(page);
  const { violations } = await new AxeBuilder({ page }).analyze();
  const bad = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(bad, `axe on the ${screen} screen`).toEqual([]);
}

/** A window of this size as Playwright should open it: a phone also has touch, a mobile viewport and 3× pixels. */
export function screenOptions(width: number, height: number, phone: boolean) {
  return {
    viewport: { width, height },
    ...(phone ? { hasTouch: true, isMobile: true, deviceScaleFactor: 3 } : {}),
  };
}
