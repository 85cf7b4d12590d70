import { expect, test } from '@playwright/test';
import { expectAccessible, expectInViewport, saveScreen } from './screens';
import { startTestDevnet, type TestDevnet } from './support/wallets/devnet';
import { openOnDevnet, playToGameOver } from './support/wallets/game';

let devnet: TestDevnet | undefined;
test.beforeAll(async () => {
  devnet = await startTestDevnet();
});
test.afterAll(async () => {
  await devnet?.stop();
});

test.use({ viewport: { width: 1280, height: 800 } });

type Shift = { value: number; startTime: number; sources: string[] };

declare global {
  interface Window {
    __shifts?: Shift[];
  }
}

test('no layout shift from Start Play through a mint, a game and its token update', async ({ page }) => {
  test.setTimeout(240_000);
  await page.addInitScript(() => {
    window.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        value: number;
        startTime: number;
        sources?: { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
      }[])
        window.__shifts!.push({
          value: entry.value,
          startTime: entry.startTime,
          sources: (entry.sources ?? []).map(
            (s) =>
              `${s.node instanceof Element ? `${s.node.tagName}.${s.node.className}` : String(s.node?.nodeName)} ${[s.previousRect.x, s.previousRect.y, s.previousRect.width, s.previousRect.height].map(Math.round).join(',')} → ${[s.currentRect.x, s.currentRect.y, s.currentRect.width, s.currentRect.height].map(Math.round).join(',')}`,
          ),
        });
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await openOnDevnet(page, devnet!.baseUrl, 21);
  await page.getByRole('button', { name: '连接钱包' }).click();
  await page.getByRole('button', { name: '开发账户 Alice' }).click();
  await expect(page.getByTestId('wallet-area')).toContainText('已连接:', { timeout: 60_000 });
  await page.waitForFunction(() => localStorage.getItem('collectionId') !== null, undefined, {
    timeout: 60_000,
  });

  // The Start button is centred in its row: if the minting label made it grow, its edge would move, a layout shift.
  const t0 = await page.evaluate(() => performance.now());
  await page.getByRole('button', { name: 'Start Play' }).click();
  await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible({ timeout: 90_000 });
  await expectInViewport(page, page.getByTestId('snake-token'), 'token panel');
  await expectInViewport(page, page.getByTestId('board'), 'board');

  await playToGameOver(page, 1);
  const token = page.getByTestId('over-token');
  await expect(token).toHaveText(/蛇 NFT 已更新：总分 1，已玩 1 局。/, { timeout: 90_000 });
  await expect(page.getByTestId('snake-token-games')).toHaveText('1');
  await saveScreen(page, 'game-over-token-updated');
  await expectAccessible(page, 'game-over with a token');

  const shifts = await page.evaluate((since) => window.__shifts!.filter((s) => s.startTime >= since), t0);
  const total = shifts.reduce((sum, s) => sum + s.value, 0);
  expect(total, JSON.stringify(shifts)).toBeLessThanOrEqual(0.01);
});
