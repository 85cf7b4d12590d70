import { expect, test } from '@playwright/test';
import { startTestDevnet, type TestDevnet } from './support/wallets/devnet';
import { openOnDevnet } from './support/wallets/game';

let devnet: TestDevnet | undefined;
test.beforeAll(async () => {
  devnet = await startTestDevnet();
});
test.afterAll(async () => {
  await devnet?.stop();
});

test('minting logs nothing red: no 404 while the status is pending, a favicon', async ({ page }) => {
  test.setTimeout(180_000);
  const errors: string[] = [];
  const failed: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  await openOnDevnet(page, devnet!.baseUrl);
  const area = page.getByTestId('wallet-area');
  await area.getByRole('button', { name: '连接钱包' }).click();
  await page.getByRole('dialog', { name: '连接钱包' }).getByRole('button', { name: '开发账户 Dave' }).click();
  await expect(area).toContainText(/余额: \d+\.\d{4} DEV/);
  // The first game creates the collection and mints the token: two writes, each polled until its block.
  await page.getByRole('button', { name: 'Start Play' }).click();
  await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible({ timeout: 90_000 });
  await expect(page.getByTestId('snake-token-id')).toBeVisible();
  expect(failed).toEqual([]);
  expect(errors).toEqual([]);
  expect((await page.request.get('/favicon.svg')).status()).toBe(200);
});

test('the game says when the devnet stops answering, and plays on', async ({ page }) => {
  test.setTimeout(120_000);
  const baseUrl = devnet!.baseUrl;
  const port = Number(new URL(baseUrl).port);
  await openOnDevnet(page, baseUrl);
  const notice = page.getByTestId('chain-offline');
  await expect(page.getByRole('button', { name: 'Start Play' })).toBeVisible();
  await expect(notice).toBeHidden();

  await devnet!.stop();
  devnet = undefined;
  await expect(notice).toBeVisible({ timeout: 30_000 });
  await expect(notice).toContainText(baseUrl);
  await page.getByRole('button', { name: 'Start Play' }).click();
  await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();

  devnet = await startTestDevnet(port);
  await expect(notice).toBeHidden({ timeout: 30_000 });
});
