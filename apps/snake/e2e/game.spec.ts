import type { Direction } from '@nftkit/snake-engine';
import { expect, test } from '@playwright/test';
import { ARROW, DELTA, drawnHead, isVertical, openGame, start, state, steerTo, tick, WASD } from './helpers';

test.describe('the screen', () => {
  test('shows header, title, controls, a 37×37 board and the footer', async ({ page }) => {
    await openGame(page);
    await expect(page.getByText('Version 1.0.0')).toBeVisible();
    await expect(page.getByRole('button', { name: '连接钱包' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'How to play' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Start Play' })).toBeVisible();
    await expect(page.locator('.board .cell')).toHaveCount(37 * 37);
    await expect(page.locator('[data-cell="wall"]')).toHaveCount(37 * 4 - 4);
    await expect(page.locator('.footer__social a')).toHaveCount(4);
    await expect(page.getByRole('link', { name: 'View Source Code' })).toBeVisible();
    await expect(page.getByText(/Copyright 2023/)).toBeVisible();
    expect((await state(page)).packageVersion).toBe('0.1.5');
  });
});

test.describe('playing', () => {
  test('Start Play places the snake at (18,18) and a snack, shows Score: 0 and Stop', async ({ page }) => {
    await openGame(page, { seed: 11 });
    await start(page);
    await expect(page.getByRole('button', { name: 'How to play' })).toHaveCount(0);
    await expect(page.getByTestId('score')).toHaveText('Score: 0');
    expect(await drawnHead(page)).toEqual({ x: 18, y: 18 });
    const snack = page.locator('[data-cell="snack"]');
    await expect(snack).toHaveCount(1);
    const sx = Number(await snack.getAttribute('data-x'));
    const sy = Number(await snack.getAttribute('data-y'));
    for (const v of [sx, sy]) expect(v >= 1 && v <= 34).toBe(true);
    await expect(page.getByTestId('board')).toHaveAttribute('data-status', 'playing');
  });

  test('arrow keys steer the snake', async ({ page }) => {
    await openGame(page, { seed: 5 });
    await start(page);
    const first = (await state(page)).playground.direction;
    const turns: Direction[] = isVertical(first) ? ['LEFT', 'UP', 'RIGHT'] : ['UP', 'LEFT', 'DOWN'];
    const fixed: Direction[] = turns.map((d) => (d === first ? (isVertical(d) ? 'LEFT' : 'UP') : d));
    let head = await drawnHead(page);
    for (const direction of fixed) {
      await page.keyboard.press(ARROW[direction]);
      await tick(page);
      const next = await drawnHead(page);
      expect(next).toEqual({ x: head.x + DELTA[direction].x, y: head.y + DELTA[direction].y });
      head = next;
    }
  });

  test('WASD steers the snake', async ({ page }) => {
    await openGame(page, { seed: 8 });
    await start(page);
    const first = (await state(page)).playground.direction;
    const square: Direction[] = isVertical(first)
      ? ['LEFT', 'UP', 'RIGHT', 'DOWN']
      : ['UP', 'LEFT', 'DOWN', 'RIGHT'];
    const start18 = await drawnHead(page);
    let head = start18;
    for (const direction of square) {
      await page.keyboard.press(WASD[direction]);
      await tick(page);
      const next = await drawnHead(page);
      expect(next).toEqual({ x: head.x + DELTA[direction].x, y: head.y + DELTA[direction].y });
      head = next;
    }
    expect(head).toEqual(start18);
  });

  test('eating the snack grows the snake and updates the score', async ({ page }) => {
    await openGame(page, { seed: 21 });
    await start(page);
    const snack = (await state(page)).snack!;
    await steerTo(page, snack);
    await expect(page.getByTestId('score')).toHaveText('Score: 1');
    await expect(page.locator('[data-cell="body"]')).toHaveCount(1);
    const after = await state(page);
    expect(after.snake).toHaveLength(2);
    expect(after.tickRate).toBe(151);
    await expect(page.locator('[data-cell="snack"]')).toHaveCount(1);
    expect(after.snack).not.toEqual(snack);
    // the snake keeps moving as one piece
    await tick(page);
    await expect(page.locator('[data-cell="body"]')).toHaveCount(1);
  });

  test('hitting the wall shows the game-over style and brings back Start Play', async ({ page }) => {
    await openGame(page, { seed: 3 });
    await start(page);
    for (let i = 0; i < 40 && (await state(page)).isPlaying; i += 1) await tick(page);
    await expect(page.getByRole('button', { name: 'Start Play' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'How to play' })).toBeVisible();
    await expect(page.getByTestId('status')).toHaveText('Game over!');
    const head = page.locator('[data-cell="head"][data-game-over]');
    await expect(head).toHaveCount(1);
    await expect(head).toHaveClass(/cell--game-over/);
    const { x, y } = await drawnHead(page);
    expect([x, y].some((v) => v === -1 || v === 35)).toBe(true);
    await expect(page.getByTestId('board')).toHaveAttribute('data-status', 'over');
    // A new game starts clean.
    await start(page);
    await expect(page.locator('[data-game-over]')).toHaveCount(0);
    expect(await drawnHead(page)).toEqual({ x: 18, y: 18 });
  });

  test('Stop ends the game without a loss', async ({ page }) => {
    await openGame(page, { seed: 4 });
    await start(page);
    await tick(page, 2);
    await page.getByRole('button', { name: 'Stop' }).click();
    await expect(page.getByRole('button', { name: 'Start Play' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Start Play' })).toBeFocused();
    await expect(page.locator('[data-game-over]')).toHaveCount(0);
    const head = await drawnHead(page);
    await tick(page, 3);
    expect(await drawnHead(page)).toEqual(head);
  });

  test('two quick turns within one tick both apply', async ({ page }) => {
    await openGame(page, { seed: 9 });
    await start(page);
    const first = (await state(page)).playground.direction;
    // A U-turn: two perpendicular turns pressed before the next tick.
    const pair: Direction[] = isVertical(first)
      ? ['LEFT', first === 'UP' ? 'DOWN' : 'UP']
      : ['UP', first === 'LEFT' ? 'RIGHT' : 'LEFT'];
    const head = await drawnHead(page);
    await page.keyboard.press(ARROW[pair[0]!]);
    await page.keyboard.press(ARROW[pair[1]!]);
    await tick(page);
    const one = await drawnHead(page);
    expect(one).toEqual({ x: head.x + DELTA[pair[0]!].x, y: head.y + DELTA[pair[0]!].y });
    await tick(page);
    expect(await drawnHead(page)).toEqual({ x: one.x + DELTA[pair[1]!].x, y: one.y + DELTA[pair[1]!].y });
  });

  test('a key opposite to the direction is refused', async ({ page }) => {
    await openGame(page, { seed: 12 });
    await start(page);
    const first = (await state(page)).playground.direction;
    const opposite = { UP: 'DOWN', DOWN: 'UP', LEFT: 'RIGHT', RIGHT: 'LEFT' }[first] as Direction;
    const head = await drawnHead(page);
    await page.keyboard.press(ARROW[opposite]);
    await tick(page);
    expect(await drawnHead(page)).toEqual({ x: head.x + DELTA[first].x, y: head.y + DELTA[first].y });
  });

  test('arrow keys never scroll the page, even in a tiny window', async ({ page }) => {
    await page.setViewportSize({ width: 600, height: 320 });
    await openGame(page, { seed: 2 });
    const scrolled = () =>
      page.evaluate(
        () => window.scrollX + window.scrollY + (document.querySelector('.main')?.scrollTop ?? 0),
      );
    for (const key of ['ArrowDown', 'ArrowDown', 'ArrowRight', 's', 'PageDown'])
      await page.keyboard.press(key);
    expect(await scrolled()).toBe(0);
    await start(page);
    for (const key of ['ArrowDown', 'ArrowRight', 'ArrowDown']) await page.keyboard.press(key);
    expect(await scrolled()).toBe(0);
  });

  test('Space and P pause and resume', async ({ page }) => {
    await openGame(page, { seed: 6 });
    await start(page);
    await page.keyboard.press(' ');
    await expect(page.getByTestId('status')).toHaveText(/Paused/);
    await expect(page.getByTestId('board')).toHaveAttribute('data-status', 'paused');
    // Space must not have pressed the Stop button.
    await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();
    const head = await drawnHead(page);
    await tick(page, 3);
    expect(await drawnHead(page)).toEqual(head);
    await page.keyboard.press('p');
    await expect(page.getByTestId('board')).toHaveAttribute('data-status', 'playing');
    await tick(page);
    expect(await drawnHead(page)).not.toEqual(head);
    await page.keyboard.press('P');
    await expect(page.getByTestId('board')).toHaveAttribute('data-status', 'paused');
    await page.getByRole('button', { name: 'Resume' }).click();
    await expect(page.getByTestId('board')).toHaveAttribute('data-status', 'playing');
  });

  test('a swipe on the board turns the snake', async ({ page }) => {
    await openGame(page, { seed: 14 });
    await start(page);
    const first = (await state(page)).playground.direction;
    const turn: Direction = isVertical(first) ? 'LEFT' : 'DOWN';
    const box = (await page.getByTestId('board').boundingBox())!;
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    const to = { x: cx + DELTA[turn].x * 80, y: cy + DELTA[turn].y * 80 };
    const board = page.getByTestId('board');
    await board.dispatchEvent('pointerdown', {
      pointerId: 7,
      pointerType: 'touch',
      clientX: cx,
      clientY: cy,
      isPrimary: true,
    });
    await board.dispatchEvent('pointermove', {
      pointerId: 7,
      pointerType: 'touch',
      clientX: to.x,
      clientY: to.y,
      isPrimary: true,
    });
    await board.dispatchEvent('pointerup', {
      pointerId: 7,
      pointerType: 'touch',
      clientX: to.x,
      clientY: to.y,
      isPrimary: true,
    });
    const head = await drawnHead(page);
    await tick(page);
    expect(await drawnHead(page)).toEqual({ x: head.x + DELTA[turn].x, y: head.y + DELTA[turn].y });
  });

  test('the best score is kept across visits', async ({ page }) => {
    await openGame(page, { seed: 21 });
    await start(page);
    await steerTo(page, (await state(page)).snack!);
    await page.getByRole('button', { name: 'Stop' }).click();
    await expect(page.getByTestId('best')).toHaveText('Best: 1');
    await openGame(page, { seed: 21 });
    await expect(page.getByTestId('best')).toHaveText('Best: 1');
  });

  test('the real clock moves the snake until it hits the wall', async ({ page }) => {
    await openGame(page, { seed: 3, realClock: true });
    await start(page);
    await expect.poll(async () => (await state(page)).ticks, { timeout: 30_000 }).toBeGreaterThan(1);
    await expect(page.getByRole('button', { name: 'Start Play' })).toBeVisible({ timeout: 45_000 });
    await expect(page.locator('[data-cell="head"][data-game-over]')).toHaveCount(1);
  });

  test('the real clock stops while paused', async ({ page }) => {
    await openGame(page, { seed: 3, realClock: true });
    await start(page);
    await expect.poll(async () => (await state(page)).ticks, { timeout: 30_000 }).toBeGreaterThan(0);
    await page.keyboard.press('p');
    await expect(page.getByTestId('board')).toHaveAttribute('data-status', 'paused');
    const ticks = (await state(page)).ticks;
    await page.waitForTimeout(700);
    expect((await state(page)).ticks).toBe(ticks);
  });
});

test.describe('touch screens', () => {
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 400, height: 800 } });

  test('on-screen arrows turn the snake', async ({ page }) => {
    await openGame(page, { seed: 14 });
    await start(page);
    const first = (await state(page)).playground.direction;
    const turn: Direction = isVertical(first) ? 'RIGHT' : 'UP';
    const label = { UP: 'Up', DOWN: 'Down', LEFT: 'Left', RIGHT: 'Right' }[turn];
    const button = page.getByRole('button', { name: label, exact: true });
    await expect(button).toBeVisible();
    const head = await drawnHead(page);
    await button.tap();
    await tick(page);
    expect(await drawnHead(page)).toEqual({ x: head.x + DELTA[turn].x, y: head.y + DELTA[turn].y });
  });
});
