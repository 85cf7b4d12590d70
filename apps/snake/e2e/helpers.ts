import type { Direction, GameState, Position } from '@nftkit/snake-engine';
import { expect, type Page } from '@playwright/test';

/** Opens the game with a fixed seed and, unless `realClock`, a manual clock advanced by `tick()`. */
export async function openGame(
  page: Page,
  { seed = 1, realClock = false, howto }: { seed?: number; realClock?: boolean; howto?: string } = {},
) {
  const params = new URLSearchParams({ seed: String(seed) });
  if (!realClock) params.set('tick', 'manual');
  if (howto) params.set('howto', howto);
  await page.goto(`/?${params}`);
  await expect(page.getByRole('heading', { name: 'SNAKE' })).toBeVisible();
  await page.waitForFunction(() => window.__snake !== undefined);
}

export const state = (page: Page): Promise<GameState> => page.evaluate(() => window.__snake!.state());

export const tick = (page: Page, count = 1) => page.evaluate((n) => window.__snake!.tick(n), count);

export async function start(page: Page) {
  await page.getByRole('button', { name: 'Start Play' }).click();
  await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();
}

/** The head as drawn on the board (grid coordinates; −1 and 35 are the wall ring). */
export async function drawnHead(page: Page): Promise<Position> {
  const head = page.locator('[data-cell="head"]');
  await expect(head).toHaveCount(1);
  return {
    x: Number(await head.getAttribute('data-x')),
    y: Number(await head.getAttribute('data-y')),
  };
}

export const DELTA: Record<Direction, Position> = {
  UP: { x: 0, y: -1 },
  DOWN: { x: 0, y: 1 },
  LEFT: { x: -1, y: 0 },
  RIGHT: { x: 1, y: 0 },
};

export const ARROW: Record<Direction, string> = {
  UP: 'ArrowUp',
  DOWN: 'ArrowDown',
  LEFT: 'ArrowLeft',
  RIGHT: 'ArrowRight',
};

export const WASD: Record<Direction, string> = { UP: 'w', DOWN: 's', LEFT: 'a', RIGHT: 'd' };

export const isVertical = (d: Direction) => d === 'UP' || d === 'DOWN';

/** Presses game keys to walk the head onto `target`, one tick per step, never asking for a reversal. */
export async function steerTo(page: Page, target: Position, keys: Record<Direction, string> = ARROW) {
  for (let guard = 0; guard < 200; guard += 1) {
    const s = await state(page);
    const head = s.snake[0]!;
    if (head.x === target.x && head.y === target.y) return;
    const current = s.playground.direction;
    let want: Direction =
      head.x !== target.x ? (target.x > head.x ? 'RIGHT' : 'LEFT') : target.y > head.y ? 'DOWN' : 'UP';
    const opposite = { UP: 'DOWN', DOWN: 'UP', LEFT: 'RIGHT', RIGHT: 'LEFT' }[current];
    if (want === opposite)
      want = isVertical(current) ? (head.x < 17 ? 'RIGHT' : 'LEFT') : head.y < 17 ? 'DOWN' : 'UP';
    if (want !== current) await page.keyboard.press(keys[want]);
    await tick(page);
  }
  throw new Error(`could not reach ${JSON.stringify(target)}`);
}
