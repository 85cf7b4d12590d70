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

/** Opens the game in service mode (test builds take `?service=`), by default with the manual clock; the service picks the seed. */
export async function openWithService(
  page: Page,
  chainUrl: string,
  serviceUrl: string,
  { realClock = false } = {},
): Promise<void> {
  const params = new URLSearchParams({ chain: chainUrl, service: serviceUrl });
  if (!realClock) params.set('tick', 'manual');
  await page.goto(`/?${params}`);
  await expect(page.getByRole('heading', { name: 'SNAKE' })).toBeVisible();
  await page.waitForFunction(() => window.__snake !== undefined);
}

const outside = (x: number, y: number) => x < 0 || y < 0 || x > 34 || y > 34;

/**
 * Plays a game the game service will accept: eats `snacks` snacks, walks into the wall, and lets real time catch up
 * before the losing tick. The service refuses a game that took less time than its ticks need at its speed, and the
 * manual clock ticks far faster, so the test waits (this is no timing assertion: waiting longer changes nothing).
 * Call it right after Start; returns the score.
 */
export async function playVerifiedGame(page: Page, snacks: number): Promise<number> {
  const startedAt = Date.now();
  for (let i = 0; i < snacks; i += 1) {
    const { snack } = await state(page);
    if (!snack) break;
    await steerTo(page, snack);
  }
  for (let guard = 0; guard < 100; guard += 1) {
    const head = (await state(page)).snake[0]!;
    if (outside(head.x, head.y)) break;
    await tick(page);
  }
  const before = await state(page);
  // Every tick so far plus the losing one, at the highest rate of the game (it only grows), plus slack.
  const needed = (before.ticks + 1) * before.tickRate + 500;
  const waited = Date.now() - startedAt;
  if (waited < needed) await page.waitForTimeout(needed - waited);
  await tick(page);
  const final = await state(page);
  expect(final.playground.isGameOver).toBe(true);
  return final.snake.length - 1;
}

/** Connects the dev account `name` (Alice … Ferdie) through the header's 连接钱包 popup and waits for its balance. */
export async function connectDevAccount(page: Page, name: string): Promise<void> {
  const area = page.getByTestId('wallet-area');
  await area.getByRole('button', { name: '连接钱包' }).click();
  const popup = page.getByRole('dialog', { name: '连接钱包' });
  await popup.getByRole('button', { name: `开发账户 ${name}` }).click();
  await expect(popup).toBeHidden();
  await expect(area).toContainText('已连接:', { timeout: 60_000 });
  await expect(area).toContainText(/余额: \d+\.\d{4} DEV/, { timeout: 60_000 });
}
