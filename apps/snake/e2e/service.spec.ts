import { expect, type Page, test } from '@playwright/test';
import { devnetAndServiceForFile } from './support/service';
import { parseTokenId, tokenTotals } from './support/wallets/chain';
import { connectDevAccount, openWithService, playVerifiedGame } from './support/wallets/game';
import { installMetaMask, metaMaskLog, TEST_ETH_ADDRESS } from './support/wallets/metamask';
import { addressOf, extensionLog, installPolkadotExtension } from './support/wallets/polkadotExtension';

// One devnet and one game service for the file; the tests build on each other (the leaderboard lists both players).
test.describe.configure({ mode: 'serial' });

const servers = devnetAndServiceForFile();

const BOB = addressOf('//Bob');
const short = (address: string) => `${address.slice(0, 6)}...${address.slice(-4)}`;
const totals = { bob: 0, metamask: 0 };
let bobToken = '';

async function open(page: Page) {
  await openWithService(page, servers.devnetUrl, servers.serviceUrl);
}

async function startGame(page: Page) {
  await page.getByRole('button', { name: 'Start Play' }).click();
  await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible({ timeout: 90_000 });
}

async function playAndExpect(page: Page, snacks: number, games: number, total: number) {
  await startGame(page);
  const score = await playVerifiedGame(page, snacks);
  await expect(page.getByTestId('snake-token-games')).toHaveText(String(games), { timeout: 90_000 });
  await expect(page.getByTestId('snake-token-total')).toHaveText(String(total + score));
  return score;
}

test('a dev account signs in without fees, gets its token from the service, and two games add up', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await open(page);
  await connectDevAccount(page, 'Bob');
  await expect(page.getByTestId('wallet-area')).toContainText(`已连接: ${short(BOB)}`);
  // Signed in at connect, without a transaction: the session is kept for reloads.
  await expect
    .poll(async () =>
      JSON.parse((await page.evaluate(() => localStorage.getItem('snakeServiceSession'))) ?? '{}'),
    )
    .toMatchObject({ address: BOB, service: servers.serviceUrl });

  totals.bob += await playAndExpect(page, 1, 1, totals.bob);
  bobToken = (await page.getByTestId('snake-token-id').textContent()) ?? '';
  totals.bob += await playAndExpect(page, 1, 2, totals.bob);
  const ids = parseTokenId(bobToken);
  // The chain holds what the panel shows; the token is Bob's, in the service's collection.
  expect(await tokenTotals(servers.devnetUrl, ids.collectionId, ids.tokenId)).toEqual({
    owner: BOB,
    totalScore: String(totals.bob),
    gamesPlayed: '2',
  });
  expect(await page.evaluate(() => localStorage.getItem('snakePendingResults'))).toBeNull();
});

test('a fresh browser shows the same token and totals', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await open(page);
  await connectDevAccount(page, 'Bob');
  await expect(page.getByTestId('snake-token-id')).toHaveText(bobToken, { timeout: 30_000 });
  await expect(page.getByTestId('snake-token-total')).toHaveText(String(totals.bob));
  await expect(page.getByTestId('snake-token-games')).toHaveText('2');
  await context.close();
});

test('MetaMask with no coins: signs in with personal_sign, gets a token, two games add up', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await installMetaMask(page);
  await open(page);
  await page.getByTestId('wallet-area').getByRole('button', { name: '连接钱包' }).click();
  await page.getByRole('dialog', { name: '连接钱包' }).getByRole('button', { name: '连接 MetaMask' }).click();
  await expect(page.getByTestId('wallet-area')).toContainText(`已连接: ${short(TEST_ETH_ADDRESS)}`);
  await expect(page.getByTestId('wallet-area')).toContainText(/余额: 0\.0000 /);
  await expect
    .poll(async () => (await metaMaskLog(page)).calls.some((c) => c.method === 'personal_sign'))
    .toBe(true);

  totals.metamask += await playAndExpect(page, 2, 1, totals.metamask);
  totals.metamask += await playAndExpect(page, 2, 2, totals.metamask);
  await expect(page.getByTestId('token-notice')).not.toContainText('MetaMask');
  const ids = parseTokenId((await page.getByTestId('snake-token-id').textContent()) ?? '');
  const onChain = await tokenTotals(servers.devnetUrl, ids.collectionId, ids.tokenId);
  expect(onChain.owner.toLowerCase()).toBe(TEST_ETH_ADDRESS);
  expect(onChain).toMatchObject({ totalScore: String(totals.metamask), gamesPlayed: '2' });
});

test('the leaderboard lists both players in order, the player’s own row highlighted', async ({ page }) => {
  await open(page);
  await connectDevAccount(page, 'Bob');
  await expect(page.getByTestId('snake-token-games')).toHaveText('2', { timeout: 30_000 });
  await page.getByRole('button', { name: '排行榜' }).click();
  const dialog = page.getByRole('dialog', { name: '排行榜' });
  const rows = dialog.getByTestId('leaderboard-row');
  await expect(rows).toHaveCount(2);
  const expected = [
    { address: TEST_ETH_ADDRESS, total: totals.metamask },
    { address: BOB, total: totals.bob },
  ].sort((a, b) => b.total - a.total);
  for (const [i, entry] of expected.entries()) {
    await expect(rows.nth(i)).toContainText(short(entry.address));
    await expect(rows.nth(i).locator('td').nth(2)).toHaveText(String(entry.total));
    await expect(rows.nth(i).locator('td').nth(3)).toHaveText('2');
  }
  const bobRank = expected.findIndex((e) => e.address === BOB) + 1;
  await expect(dialog.locator('tr[aria-current="true"]')).toContainText(short(BOB));
  await expect(dialog.getByTestId('leaderboard-me')).toHaveText(`我的排名: 第 ${bobRank} 名`);
});

test('a reload right after game over loses nothing: the result waits in the browser and is sent after the reload', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await open(page);
  await connectDevAccount(page, 'Bob');
  await expect(page.getByTestId('snake-token-games')).toHaveText('2', { timeout: 30_000 });
  // The first send never reaches the service (as if the tab closed at once).
  await page.route('**/games/result', (route) => route.abort('connectionclosed'));
  await startGame(page);
  const score = await playVerifiedGame(page, 1);
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('snakePendingResults')))
    .toContain('"gameId"');
  // Leaving asks first while the result is unconfirmed.
  const asked: string[] = [];
  page.on('dialog', (dialog) => {
    asked.push(dialog.type());
    void dialog.accept();
  });
  await page.reload();
  expect(asked).toContain('beforeunload');
  // After the reload the result is still kept (the service is still out of reach), then goes through.
  await expect(page.getByTestId('token-notice')).toContainText('本局成绩已保存在本机', { timeout: 30_000 });
  expect(await page.evaluate(() => localStorage.getItem('snakePendingResults'))).toContain('"gameId"');
  await expect(page.getByTestId('snake-token-games')).toHaveText('2');
  await page.unroute('**/games/result');
  await expect(page.getByTestId('snake-token-games')).toHaveText('3', { timeout: 90_000 });
  await expect(page.getByTestId('snake-token-total')).toHaveText(String(totals.bob + score));
  await expect.poll(() => page.evaluate(() => localStorage.getItem('snakePendingResults'))).toBeNull();
});

test('a Polkadot extension signs in with signRaw (no transaction) and plays on its token', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await installPolkadotExtension(page, { accounts: [{ uri: '//Charlie', name: 'Charlie' }] });
  await open(page);
  await page.getByTestId('wallet-area').getByRole('button', { name: '连接钱包' }).click();
  await page
    .getByRole('dialog', { name: '连接钱包' })
    .getByRole('button', { name: '连接 Polkadot 扩展' })
    .click();
  await expect(page.getByTestId('wallet-area')).toContainText(`已连接: ${short(addressOf('//Charlie'))}`);
  await expect.poll(async () => (await extensionLog(page)).signedRaw).toBe(1);
  await playAndExpect(page, 1, 1, 0);
  expect(await extensionLog(page)).toMatchObject({ signed: 0, signedRaw: 1 });
});

test('a wallet that refuses to sign in sees why, and the game does not start', async ({ page }) => {
  await installMetaMask(page, { rejectSign: true });
  await open(page);
  await page.getByTestId('wallet-area').getByRole('button', { name: '连接钱包' }).click();
  await page.getByRole('dialog', { name: '连接钱包' }).getByRole('button', { name: '连接 MetaMask' }).click();
  const notice = page.getByTestId('token-notice');
  await expect(notice).toHaveText(/钱包拒绝了签名，未能登录游戏服务/);
  await page.getByRole('button', { name: 'Start Play' }).click();
  // Start asks the wallet once more; the notice already says the same, so wait for the second request itself.
  await expect
    .poll(async () => (await metaMaskLog(page)).calls.filter((c) => c.method === 'personal_sign').length)
    .toBe(2);
  await expect(notice).toHaveText(/钱包拒绝了签名，未能登录游戏服务/);
  await expect(page.getByRole('button', { name: 'Start Play' })).toBeVisible();
});

test('a game on the real clock is accepted as played (its duration is the page’s own measure)', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openWithService(page, servers.devnetUrl, servers.serviceUrl, { realClock: true });
  await connectDevAccount(page, 'Eve');
  await startGame(page);
  // No key pressed: the snake runs into the wall within 19 ticks of 150 ms (eating the snack if the service's seed
  // put it on the way).
  await expect(page.getByTestId('status')).toHaveText('Game over!', { timeout: 30_000 });
  const score = Number((await page.getByTestId('over-score').textContent())?.replace('Score: ', ''));
  await expect(page.getByTestId('snake-token-games')).toHaveText('1', { timeout: 90_000 });
  await expect(page.getByTestId('token-notice')).toHaveText(
    new RegExp(`蛇 NFT 已更新：总分 ${score}，已玩 1 局。`),
  );
});
