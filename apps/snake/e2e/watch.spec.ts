// 观看: anyone can watch a leaderboard entry's best game, read from the chain (the token's BestGame property) and
// checked with the engine; the board plays it back at the game's speed and it ends on the recorded score.
import { expect, test } from '@playwright/test';
import { state, tick } from './helpers';
import { animationsSettled, saveScreen, screenOptions } from './screens';
import { devnetAndServiceForFile } from './support/service';
import { openWithService, playVerifiedGame } from './support/wallets/game';

const servers = devnetAndServiceForFile();

test('a visitor watches the best game of the leaderboard’s player; it ends on the recorded score', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  // A player plays one verified game: the service keeps it on their token as their best.
  await openWithService(page, servers.devnetUrl, servers.serviceUrl);
  const area = page.getByTestId('wallet-area');
  await area.getByRole('button', { name: '连接钱包' }).click();
  await page.getByRole('dialog', { name: '连接钱包' }).getByRole('button', { name: '开发账户 Dave' }).click();
  await expect(area).toContainText('已连接');
  await page.getByRole('button', { name: 'Start Play' }).click();
  await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible({ timeout: 90_000 });
  const score = await playVerifiedGame(page, 2);
  await expect(page.getByTestId('snake-token-games')).toHaveText('1', { timeout: 90_000 });

  // Someone else, on a phone, no wallet, the real clock: the leaderboard offers 观看.
  const phone = await browser.newContext(screenOptions(360, 740, true));
  const visitor = await phone.newPage();
  await openWithService(visitor, servers.devnetUrl, servers.serviceUrl, { realClock: true });
  const dialog = visitor.getByRole('dialog', { name: '排行榜' });
  const watch = dialog.getByRole('button', { name: `观看最佳一局（${score} 分）` });
  await expect(async () => {
    await visitor.getByRole('button', { name: '排行榜' }).click();
    await expect(watch).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  const body = dialog.locator('.modal__body');
  const { scroll, client } = await body.evaluate((b) => ({ scroll: b.scrollWidth, client: b.clientWidth }));
  expect(scroll, 'the leaderboard with its 观看 column fits the phone').toBeLessThanOrEqual(client);
  await saveScreen(visitor, 'leaderboard-watch-360x740');

  await watch.click();
  await expect(dialog).toBeHidden();
  await expect(visitor.getByTestId('status')).toContainText(`的最佳一局（${score} 分）`);
  await expect(visitor.getByRole('button', { name: 'Stop' })).toBeVisible();
  // The board plays it at the game's speed, and the player's keys do nothing to it.
  await visitor.keyboard.press('ArrowDown');
  const over = visitor.getByTestId('game-over');
  await expect(over).toBeVisible({ timeout: 60_000 });
  await expect(visitor.getByTestId('over-score')).toHaveText(`Score: ${score}`);
  await expect(visitor.getByTestId('over-token')).toContainText(
    `的最佳一局：${score} 分，按链上的记录重放，分数一致。`,
  );
  // On the phone's small board the whole game-over screen shows: Play again and the line under it too.
  await animationsSettled(visitor);
  const box = (await over.boundingBox())!;
  for (const part of [
    visitor.getByRole('button', { name: 'Play again' }),
    visitor.getByTestId('over-token'),
  ]) {
    const inner = (await part.boundingBox())!;
    expect(inner.y + inner.height, 'inside the game-over screen').toBeLessThanOrEqual(
      box.y + box.height + 0.5,
    );
    expect(await part.evaluate((e) => e.scrollHeight <= e.clientHeight + 1), 'not cut').toBe(true);
  }
  // Watching is not playing: no best score of the visitor's own, nothing to send.
  await expect(visitor.getByTestId('over-best')).toHaveText('Best: 0');
  expect(await visitor.evaluate(() => localStorage.getItem('snakePendingResults'))).toBeNull();
  await saveScreen(visitor, 'watched-360x740');
  await phone.close();

  // The player watches their own best game on a desktop, tick by tick (the test build's manual clock).
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'Play again' }).click();
  await page.getByRole('button', { name: 'Stop' }).click();
  await page.getByRole('button', { name: '排行榜' }).click();
  await page
    .getByRole('dialog', { name: '排行榜' })
    .getByRole('button', { name: `观看最佳一局（${score} 分）` })
    .click();
  await expect(page.getByTestId('status')).toContainText(`的最佳一局（${score} 分）`);
  await tick(page, 5);
  await saveScreen(page, 'watching-1280x800');
  for (let guard = 0; guard < 2_000 && !(await state(page)).playground.isGameOver; guard += 1)
    await tick(page);
  await expect(page.getByTestId('over-score')).toHaveText(`Score: ${score}`);
  // Their token is as it was: watching sends nothing.
  await expect(page.getByTestId('snake-token-games')).toHaveText('1');
});
