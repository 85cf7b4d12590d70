import { expect, test } from '@playwright/test';
import { drawnHead, openGame, start, state, steerTo, tick } from './helpers';
import { expectAccessible, saveScreen } from './screens';

test.use({ viewport: { width: 1280, height: 800 } });

async function runIntoWall(page: import('@playwright/test').Page) {
  for (let i = 0; i < 60 && !(await state(page)).playground.isGameOver; i += 1) await tick(page);
  expect((await state(page)).playground.isGameOver).toBe(true);
}

test.describe('popups pause the game', () => {
  test('the wallet popup pauses a running game; closing it leaves the game paused until the player resumes', async ({
    page,
  }) => {
    await openGame(page, { seed: 6 });
    await start(page);
    await tick(page, 2);
    await expectAccessible(page, 'playing');
    await page.getByRole('button', { name: '连接钱包' }).click();
    const popup = page.getByRole('dialog', { name: '连接钱包' });
    await expect(popup).toBeVisible();
    await expect(page.getByTestId('board')).toHaveAttribute('data-status', 'paused');
    const head = await drawnHead(page);
    await tick(page, 3);
    // Keys pressed while the popup is open neither steer nor resume (Space would press the focused popup button).
    for (const key of ['p', 'P', 'ArrowUp', 'a']) await page.keyboard.press(key);
    await expect(popup).toBeVisible();
    await tick(page, 2);
    expect(await drawnHead(page)).toEqual(head);
    await saveScreen(page, 'popup-wallet');
    await expectAccessible(page, 'wallet popup');

    await page.keyboard.press('Escape');
    await expect(popup).toBeHidden();
    await expect(page.getByTestId('board')).toHaveAttribute('data-status', 'paused');
    await tick(page, 2);
    expect(await drawnHead(page)).toEqual(head);
    await page.keyboard.press(' ');
    await expect(page.getByTestId('board')).toHaveAttribute('data-status', 'playing');
    await tick(page);
    expect(await drawnHead(page)).not.toEqual(head);
  });

  test('with the real clock the head stays put while a popup is open', async ({ page }) => {
    await openGame(page, { seed: 3, realClock: true });
    await start(page);
    await expect.poll(async () => (await state(page)).ticks, { timeout: 30_000 }).toBeGreaterThan(0);
    await page.getByRole('button', { name: '连接钱包' }).click();
    await expect(page.getByRole('dialog', { name: '连接钱包' })).toBeVisible();
    const ticks = (await state(page)).ticks;
    const head = await drawnHead(page);
    await page.waitForTimeout(700);
    expect((await state(page)).ticks).toBe(ticks);
    expect(await drawnHead(page)).toEqual(head);
  });

  test('the how-to-play popup is accessible', async ({ page }) => {
    await openGame(page);
    await expectAccessible(page, 'idle');
    await page.getByRole('button', { name: 'How to play' }).click();
    await expect(
      page.getByRole('dialog', { name: 'How to play' }).getByRole('heading').first(),
    ).toBeVisible();
    await saveScreen(page, 'popup-how-to-play');
    await expectAccessible(page, 'how-to-play popup');
  });
});

test.describe('game over', () => {
  test('an overlay on the board with score, best, and Play again by Enter or Space', async ({ page }) => {
    await openGame(page, { seed: 3 });
    await start(page);
    await runIntoWall(page);
    const over = page.getByTestId('game-over');
    await expect(over).toBeVisible();
    await expect(over.getByRole('heading', { name: 'Game over!' })).toBeVisible();
    await expect(page.getByTestId('over-score')).toHaveText('Score: 0');
    await expect(page.getByTestId('over-best')).toHaveText('Best: 0');
    await expect(page.getByTestId('over-token')).toHaveText('连接钱包后，每局成绩都会记入你的蛇 NFT。');
    const board = (await page.getByTestId('board').boundingBox())!;
    const box = (await over.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(board.x);
    expect(box.y + box.height).toBeLessThanOrEqual(board.y + board.height);
    await expect(page.getByRole('button', { name: 'Play again' })).toBeFocused();
    await saveScreen(page, 'game-over');
    await expectAccessible(page, 'game-over');

    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();
    await expect(over).toBeHidden();
    expect(await drawnHead(page)).toEqual({ x: 18, y: 18 });

    await runIntoWall(page);
    await expect(over).toBeVisible();
    // Space from anywhere that is not a control plays again too.
    await page.locator('.title').click();
    await page.keyboard.press(' ');
    await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();
  });

  test('a new best score is celebrated', async ({ page }) => {
    await openGame(page, { seed: 21 });
    await start(page);
    await steerTo(page, (await state(page)).snack!);
    await runIntoWall(page);
    await expect(page.getByTestId('over-score')).toHaveText('Score: 1');
    await expect(page.getByTestId('over-best')).toHaveText('New best!');
    await expect(page.getByTestId('best')).toHaveText('Best: 1');
    await saveScreen(page, 'game-over-new-best');
    await page.getByRole('button', { name: 'Play again' }).click();
    await runIntoWall(page);
    await expect(page.getByTestId('over-best')).toHaveText('Best: 1');
  });
});

test.describe('motion', () => {
  test('the snake glides between cells; eating and the collision show; all still under reduced motion', async ({
    page,
  }) => {
    await openGame(page, { seed: 21 });
    await start(page);
    const before = (await state(page)).snake[0]!;
    await tick(page);
    const after = (await state(page)).snake[0]!;
    const half = await page.evaluate(() => window.__snakeView!.draw(0.5));
    expect(half.x).toBeCloseTo((before.x + after.x) / 2, 5);
    expect(half.y).toBeCloseTo((before.y + after.y) / 2, 5);
    expect(await page.evaluate(() => window.__snakeView!.draw(1))).toEqual(after);
    // Eating pops the score.
    await steerTo(page, (await state(page)).snack!);
    await expect(page.getByTestId('score')).toHaveText('Score: 1');
    expect(
      await page.evaluate(() => document.querySelector('[data-testid=score] span')!.getAnimations().length),
    ).toBe(1);
    await runIntoWall(page);
    expect(await page.evaluate(() => document.querySelector('.board')!.getAnimations().length)).toBe(1);

    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expect(page.locator('.board-frame')).toHaveAttribute('data-motion', 'off');
    await page.getByRole('button', { name: 'Play again' }).click();
    await tick(page);
    const head = (await state(page)).snake[0]!;
    // Without motion the snake is drawn where the engine has it, at any moment.
    expect(await page.evaluate(() => window.__snakeView!.draw())).toEqual(head);
    await steerTo(page, (await state(page)).snack!);
    expect(await page.evaluate(() => document.getAnimations().length)).toBe(0);
    await runIntoWall(page);
    expect(await page.evaluate(() => document.getAnimations().length)).toBe(0);
  });
});

test.describe('stored values', () => {
  for (const raw of ['1e+23', '-5', '7.5', 'lots', '99999999999999999999'])
    test(`a stored best score of ${raw} is ignored`, async ({ page }) => {
      await page.addInitScript((value) => localStorage.setItem('bestScore', value), raw);
      await openGame(page);
      await expect(page.getByTestId('best')).toHaveText('Best: 0');
    });

  test('a valid stored best score is shown', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('bestScore', '42'));
    await openGame(page);
    await expect(page.getByTestId('best')).toHaveText('Best: 42');
  });
});

test('the footer shows the configured links and no placeholders', async ({ page }) => {
  await openGame(page);
  // Test builds take these from apps/snake/.env.test.
  await expect(page.getByRole('link', { name: 'View Source Code' })).toHaveAttribute(
    'href',
    'https://code.example.test/nftkit/snake',
  );
  const social = page.locator('.footer__social a');
  await expect(social).toHaveCount(4);
  const hrefs = await social.evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));
  expect(hrefs).toEqual([
    'https://github.com/nftkit-test',
    'https://www.linkedin.com/in/nftkit-test',
    'https://x.com/nftkit_test',
    'https://www.instagram.com/nftkit_test',
  ]);
  await expect(page.getByText('Copyright 2023 · Made by Test Author')).toBeVisible();
});
