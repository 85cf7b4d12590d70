// One voice and a screen that fits: messages in the page's language with the raw error apart, the leaderboard on a
// 360 px phone, the game-over screen after a game played without a wallet, a readable new best, and no stale wallet
// error. Each was seen wrong first and is kept here.
import { expect, type Locator, test } from '@playwright/test';
import { start } from './helpers';
import { expectInViewport, saveScreen, screenOptions } from './screens';
import { devnetAndServiceForFile } from './support/service';
import {
  connectDevAccount,
  openOnDevnet,
  openWithService,
  playToGameOver,
  playVerifiedGame,
} from './support/wallets/game';

test.describe.configure({ mode: 'serial' });

const servers = devnetAndServiceForFile();

const NOWHERE = 'http://127.0.0.1:9';

/** How many lines the text of an element takes (distinct tops of its text's boxes). */
const lineCount = (locator: Locator) =>
  locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
  });

/** Latin words of a text besides names (NFT, MetaMask, Polkadot, Start Play). */
const foreignWords = (text: string) =>
  text.replace(/\b(NFT|MetaMask|Polkadot|Start Play)\b/g, '').match(/[A-Za-z]{2,}/g) ?? [];

test('the leaderboard fits a 360 px phone: headers on one line, （我） beside the address', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const context = await browser.newContext(screenOptions(360, 740, true));
  const page = await context.newPage();
  await openWithService(page, servers.devnetUrl, servers.serviceUrl);
  await connectDevAccount(page, 'Bob');
  await page.getByRole('button', { name: 'Start Play' }).click();
  await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible({ timeout: 90_000 });
  await playVerifiedGame(page, 1);
  await expect(page.getByTestId('snake-token-games')).toHaveText('1', { timeout: 90_000 });
  await page.getByRole('button', { name: 'Play again' }).click();
  await page.getByRole('button', { name: 'Stop' }).click();

  await page.getByRole('button', { name: '排行榜' }).click();
  const dialog = page.getByRole('dialog', { name: '排行榜' });
  const mine = dialog.locator('tr[aria-current="true"]');
  await expect(mine).toContainText('（我）');
  for (const header of await dialog.locator('th').all())
    expect(await lineCount(header), `header ${await header.textContent()}`).toBe(1);
  expect(await lineCount(mine.locator('td').nth(1)), 'the address and （我）').toBe(1);
  // Nothing wider than the popup: no sideways scrolling inside it.
  const body = dialog.locator('.modal__body');
  const { scroll, client } = await body.evaluate((b) => ({ scroll: b.scrollWidth, client: b.clientWidth }));
  expect(scroll).toBeLessThanOrEqual(client);
  await saveScreen(page, 'leaderboard-360x740');
  await context.close();
});

test('after a game without a wallet, connecting does not show the token’s totals under that game', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openWithService(page, servers.devnetUrl, servers.serviceUrl);
  await start(page);
  const score = await playToGameOver(page, 2);
  await expect(page.getByTestId('over-score')).toHaveText(`Score: ${score}`);
  await expect(page.getByTestId('over-token')).toHaveText('连接钱包后，每局成绩都会记入你的蛇 NFT。');
  // Bob has a token with a game on it (the test before): its totals are not this game's.
  await connectDevAccount(page, 'Bob');
  await expect(page.getByTestId('snake-token-games')).toHaveText('1', { timeout: 30_000 });
  await expect(page.getByTestId('over-token')).toHaveText(
    '本局开始时未连接钱包，不计入蛇 NFT；下一局起计入。',
  );
  await expect(page.getByTestId('over-token')).not.toContainText('总分');
});

test('“New best!” is as large as the score on a desktop screen', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openOnDevnet(page, servers.devnetUrl);
  await start(page);
  await playToGameOver(page, 1);
  const best = page.getByTestId('over-best');
  await expect(best).toHaveText('New best!');
  const size = (locator: Locator) => locator.evaluate((e) => Number.parseFloat(getComputedStyle(e).fontSize));
  expect(await size(best)).toBeGreaterThanOrEqual(await size(page.getByTestId('over-score')));
  expect(await size(best)).toBeGreaterThanOrEqual(20);
  await saveScreen(page, 'new-best-1280x800');
});

test('the error under the wallet button goes when the popup closes', async ({ page }) => {
  await openOnDevnet(page, NOWHERE);
  await page.getByTestId('wallet-area').getByRole('button', { name: '连接钱包' }).click();
  const popup = page.getByRole('dialog', { name: '连接钱包' });
  await popup.getByRole('button', { name: '连接 Polkadot 扩展' }).click();
  await expect(popup.getByRole('alert')).toHaveText('请安装兼容 polkadot.js 的扩展。');
  await popup.getByRole('button', { name: 'Close' }).click();
  await expect(popup).toBeHidden();
  await expect(page.getByTestId('wallet-area').getByRole('alert')).toHaveCount(0);
});

test('a failure is told in the page’s language, the raw error only in the line under it', async ({
  page,
}) => {
  await openWithService(page, servers.devnetUrl, NOWHERE);
  await connectDevAccount(page, 'Alice');
  const notice = page.getByTestId('token-notice');
  await expect(notice).toContainText('读取蛇 NFT 失败：无法连接游戏服务。', { timeout: 30_000 });
  const text = (await notice.locator('.token-notice__text').evaluate((e) => e.firstChild?.textContent)) ?? '';
  expect(foreignWords(text)).toEqual([]);
  await expect(page.getByTestId('token-notice-detail')).not.toHaveText('');
  await page.getByRole('button', { name: 'Start Play' }).click();
  await expect(notice).toContainText('游戏未开始：无法连接游戏服务。', { timeout: 30_000 });
  // On a phone the message stays whole and on screen; the long raw line is cut, not the message.
  await page.setViewportSize({ width: 360, height: 740 });
  await expectInViewport(page, notice, 'the notice');
  await saveScreen(page, 'notice-detail-360x740');
});
