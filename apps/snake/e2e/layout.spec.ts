import { expect, test } from '@playwright/test';
import { openGame, start, tick } from './helpers';
import { expectInViewport, expectNoDocumentScroll, saveScreen, screenOptions } from './screens';

/** Window sizes of the issue, each with the least board side it must reach (85 % of its free space, measured below). */
const SIZES = [
  { width: 1280, height: 800, phone: false, least: 600 },
  { width: 1366, height: 650, phone: false, least: 480 },
  { width: 1920, height: 1080, phone: false, least: 850 },
  { width: 390, height: 844, phone: true, least: 290 },
  { width: 844, height: 390, phone: true, least: 250 },
] as const;

for (const { width, height, phone, least } of SIZES) {
  test.describe(`${width}×${height}${phone ? ' phone' : ''}`, () => {
    test.use(screenOptions(width, height, phone));

    test('the board fills its space in whole device pixels; everything needed is on screen; nothing scrolls', async ({
      page,
    }) => {
      // A six-digit best must still fit the score line on one line.
      await page.addInitScript(() => localStorage.setItem('bestScore', '123456'));
      await openGame(page, { seed: 3 });
      await saveScreen(page, `idle-${width}x${height}`);
      await start(page);
      await tick(page, 2);

      const board = page.getByTestId('board');
      const boardBox = (await board.boundingBox())!;
      const stageBox = (await page.getByTestId('stage').boundingBox())!;
      expect(Math.abs(boardBox.width - boardBox.height)).toBeLessThan(0.01);
      expect(boardBox.width).toBeGreaterThanOrEqual(0.85 * Math.min(stageBox.width, stageBox.height));
      expect(boardBox.width).toBeGreaterThanOrEqual(least);

      const cells = await page.evaluate(() => {
        const dpr = window.devicePixelRatio;
        const widths = new Set<number>();
        // Layout places the board in 1/64 CSS px, so its corner may sit a hair off the device grid; every cell must
        // then sit off it by the same hair (the same pixel snapping for all), and by much less than a pixel.
        const offsets = new Set<number>();
        for (const cell of document.querySelectorAll('.board .cell')) {
          const r = cell.getBoundingClientRect();
          widths.add(Math.round(r.width * dpr * 1000) / 1000);
          widths.add(Math.round(r.height * dpr * 1000) / 1000);
          for (const edge of [r.left * dpr, r.top * dpr]) {
            const off = edge - Math.round(edge);
            offsets.add(Math.round(off * 1000) / 1000);
          }
        }
        const offGrid = [...offsets].filter((o) => Math.abs(o) > 0.05).length;
        return { sizes: [...widths], offGrid, offsets: offsets.size, dpr };
      });
      expect(cells.sizes, 'every cell one size').toHaveLength(1);
      expect(Number.isInteger(cells.sizes[0]), `cell ${cells.sizes[0]} device px`).toBe(true);
      expect(cells.offGrid, 'cell edges on device pixels').toBe(0);
      expect(cells.offsets, 'one sub-pixel offset for all cells (x and y)').toBeLessThanOrEqual(2);

      await expectNoDocumentScroll(page);
      await expectInViewport(page, board, 'board');
      await expectInViewport(page, page.getByTestId('score'), 'score');
      await expectInViewport(page, page.getByTestId('best'), 'best score');
      await expectInViewport(page, page.getByRole('button', { name: 'Stop' }), 'Stop');
      await expectInViewport(page, page.locator('.info'), 'token panel area');
      await expectInViewport(page, page.locator('.footer'), 'footer');
      if (phone) {
        await expectInViewport(page, page.getByTestId('touch-controls'), 'touch controls');
        await expect(page.getByRole('button', { name: /^(Pause|Resume)$/ })).toHaveCount(1);
      } else {
        await expectInViewport(page, page.getByRole('button', { name: 'Pause' }), 'Pause');
      }
      // The score line stays on one line.
      const lines = await page.evaluate(() => {
        const line = document.querySelector('.scoreline')!;
        const height = line.getBoundingClientRect().height;
        const lineHeight = Number.parseFloat(getComputedStyle(line.querySelector('p')!).lineHeight) || 20;
        return height / lineHeight;
      });
      expect(lines).toBeLessThan(1.5);
      await expect(page.getByTestId('best')).toHaveText('Best: 123456');
      await saveScreen(page, `playing-${width}x${height}`);
    });
  });
}

test('the board follows the window as it is resized', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openGame(page);
  const side = async () => (await page.getByTestId('board').boundingBox())!.width;
  const large = await side();
  await page.setViewportSize({ width: 800, height: 400 });
  await expect.poll(side).toBeLessThan(large);
  expect(await side()).toBeGreaterThanOrEqual(250);
  await expectNoDocumentScroll(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect.poll(side).toBe(large);
});

test.describe('hints follow the device', () => {
  test('a keyboard and mouse get key hints and no touch pad', async ({ page }) => {
    await openGame(page, { seed: 2 });
    await expect(page.getByTestId('status')).toContainText('arrow keys');
    await start(page);
    await expect(page.getByTestId('touch-controls')).toBeHidden();
    await expect(page.getByText('Space or P pauses.')).toBeVisible();
  });

  test.describe('touch screen', () => {
    test.use({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });
    test('touch hints, and one Pause control', async ({ page }) => {
      await openGame(page, { seed: 2 });
      await expect(page.getByText('Press Start Play. Swipe to steer.')).toBeVisible();
      await expect(page.getByText(/arrow keys|WASD|Space/)).toBeHidden();
      await start(page);
      await expect(page.getByText(/Space or P/)).toBeHidden();
      const pause = page.getByRole('button', { name: 'Pause', exact: true });
      await expect(pause).toHaveCount(1);
      await pause.tap();
      await expect(page.getByTestId('board')).toHaveAttribute('data-status', 'paused');
      await expect(page.getByText('Paused. Tap Resume to go on.')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Resume', exact: true })).toHaveCount(1);
    });
  });
});
