// Start Play works with the chain down (the game service path): the game plays, its result waits in the browser
// with a notice that says so, and lands on the player's token once the devnet is back.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { E2E_PORT } from '../playwright.config';
import { startTestService, type TestService } from './support/service';
import { startTestDevnet, type TestDevnet } from './support/wallets/devnet';
import { openWithService, playVerifiedGame } from './support/wallets/game';

let devnet: TestDevnet | undefined;
let service: TestService | undefined;
let dir = '';
test.afterAll(async () => {
  await service?.stop();
  await devnet?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('Start Play with the devnet stopped plays, and the result lands once the devnet is back', async ({
  page,
}) => {
  test.setTimeout(300_000);
  // A chain on disk, so the devnet started again is the same chain (the service's collection is still there).
  dir = mkdtempSync(join(tmpdir(), 'snake-chain-down-'));
  const db = join(dir, 'chain.sqlite');
  devnet = await startTestDevnet(0, db);
  const port = Number(new URL(devnet.baseUrl).port);
  service = await startTestService(devnet.baseUrl, `http://127.0.0.1:${E2E_PORT}`);

  await openWithService(page, devnet.baseUrl, service.url);
  const area = page.getByTestId('wallet-area');
  await area.getByRole('button', { name: '连接钱包' }).click();
  await page
    .getByRole('dialog', { name: '连接钱包' })
    .getByRole('button', { name: '开发账户 Charlie' })
    .click();
  await expect(area).toContainText('已连接');

  await devnet.stop();
  devnet = undefined;
  const offline = page.getByTestId('chain-offline');
  await expect(offline).toContainText('游戏照常进行，成绩保存在本机，链恢复后自动提交', { timeout: 30_000 });

  await page.getByRole('button', { name: 'Start Play' }).click();
  await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible({ timeout: 60_000 });
  const score = await playVerifiedGame(page, 1);
  const notice = page.getByTestId('token-notice');
  await expect(notice).toContainText('本局成绩已保存在本机', { timeout: 60_000 });
  await expect(notice).not.toContainText('fetch');
  await expect
    .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('snakePendingResults') ?? '[]').length))
    .toBe(1);

  devnet = await startTestDevnet(port, db);
  await expect(offline).toBeHidden({ timeout: 30_000 });
  // The first verified game brings the player's token, with this game on it.
  await expect(page.getByTestId('snake-token-games')).toHaveText('1', { timeout: 120_000 });
  await expect(page.getByTestId('snake-token-total')).toHaveText(String(score));
  expect(await page.evaluate(() => localStorage.getItem('snakePendingResults'))).toBeNull();
});
