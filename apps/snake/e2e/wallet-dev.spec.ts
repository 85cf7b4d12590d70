import { expect, test } from '@playwright/test';
import { parseTokenId, tokenTotals } from './support/wallets/chain';
import { startTestDevnet, type TestDevnet } from './support/wallets/devnet';
import { openOnDevnet, playToGameOver } from './support/wallets/game';
import { addressOf } from './support/wallets/polkadotExtension';

let devnet: TestDevnet | undefined;
test.beforeAll(async () => {
  devnet = await startTestDevnet();
});
test.afterAll(async () => {
  await devnet?.stop();
});

const BOB = addressOf('//Bob');
const shortBob = `${BOB.slice(0, 6)}...${BOB.slice(-4)}`;

test('dev account on the devnet: connect, mint, two games add up, reload, disconnect', async ({ page }) => {
  test.setTimeout(240_000);
  const baseUrl = devnet!.baseUrl;
  await openOnDevnet(page, baseUrl);
  const area = page.getByTestId('wallet-area');

  await area.getByRole('button', { name: '连接钱包' }).click();
  const popup = page.getByRole('dialog', { name: '连接钱包' });
  for (const name of ['Alice', 'Bob', 'Charlie', 'Dave', 'Eve', 'Ferdie']) {
    await expect(popup.getByRole('button', { name: `开发账户 ${name}` })).toBeVisible();
  }
  await popup.getByRole('button', { name: '开发账户 Bob' }).click();
  await expect(popup).toBeHidden();
  await expect(area).toContainText(`已连接: ${shortBob}`);
  await expect(area).toContainText(/余额: \d+\.\d{4} DEV/);

  await page.getByRole('button', { name: 'Start Play' }).click();
  await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible({ timeout: 90_000 });
  const ids = parseTokenId((await page.getByTestId('snake-token-id').textContent()) ?? '');
  expect(await tokenTotals(baseUrl, ids.collectionId, ids.tokenId)).toEqual({
    owner: BOB,
    totalScore: '0',
    gamesPlayed: '0',
  });

  let total = await playToGameOver(page, 1);
  await expect(page.getByTestId('snake-token-games')).toHaveText('1', { timeout: 90_000 });
  await page.getByRole('button', { name: 'Start Play' }).click();
  await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();
  total += await playToGameOver(page, 1);
  await expect(page.getByTestId('snake-token-games')).toHaveText('2', { timeout: 90_000 });
  expect(await tokenTotals(baseUrl, ids.collectionId, ids.tokenId)).toMatchObject({
    totalScore: String(total),
    gamesPlayed: '2',
  });

  await page.reload();
  await expect(area).toContainText(`已连接: ${shortBob}`);
  await expect(page.getByTestId('snake-token-total')).toHaveText(String(total));

  await area.getByRole('button', { name: '断开连接' }).click();
  await expect(area.getByRole('button', { name: '连接钱包' })).toBeVisible();
  expect(
    await page.evaluate(() => [localStorage.getItem('walletType'), localStorage.getItem('walletAddress')]),
  ).toEqual([null, null]);
});

test('a real network never offers the dev accounts', async ({ page }) => {
  await openOnDevnet(page, 'https://rest.unique.network/v2/opal');
  await page.getByRole('button', { name: '连接钱包' }).click();
  const popup = page.getByRole('dialog', { name: '连接钱包' });
  await expect(popup.getByRole('button', { name: '连接 Polkadot 扩展' })).toBeVisible();
  await expect(popup.getByRole('button', { name: /开发账户/ })).toHaveCount(0);
});
