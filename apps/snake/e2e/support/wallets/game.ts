import { expect, type Page } from '@playwright/test';
import { state, steerTo, tick } from '../../helpers';

/** Opens the game on the devnet at `baseUrl` (test builds take `?chain=`), seeded, with the manual clock. */
export async function openOnDevnet(page: Page, baseUrl: string, seed = 1): Promise<void> {
  const params = new URLSearchParams({ seed: String(seed), tick: 'manual', chain: baseUrl });
  await page.goto(`/?${params}`);
  await expect(page.getByRole('heading', { name: 'SNAKE' })).toBeVisible();
  await page.waitForFunction(() => window.__snake !== undefined);
}

/** Plays one game to its end: eats `snacks` snacks, then runs into the wall. Returns the score. */
export async function playToGameOver(page: Page, snacks: number): Promise<number> {
  for (let i = 0; i < snacks; i += 1) {
    const { snack } = await state(page);
    if (!snack) break;
    await steerTo(page, snack);
  }
  for (let guard = 0; guard < 100; guard += 1) {
    if ((await state(page)).playground.isGameOver) break;
    await tick(page);
  }
  const final = await state(page);
  expect(final.playground.isGameOver).toBe(true);
  return final.snake.length - 1;
}
