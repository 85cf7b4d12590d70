/**
 * `game.start_with_mint_ms.median`: from the click on Start Play to the first tick when the player's snake NFT must be
 * minted first, on a devnet with its default block time (1000 ms). One sample per dev account (each account's first
 * Start mints), each in a fresh browser context, after its collection exists (created in the background on connect).
 */
import type { Browser } from '@playwright/test';
import { startDevnet } from '../../../packages/devnet/src/index.js';

const DEV_ACCOUNTS = ['Alice', 'Bob', 'Charlie', 'Dave', 'Eve', 'Ferdie'] as const;

async function oneStart(
  browser: Browser,
  appUrl: string,
  chainUrl: string,
  account: string,
): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1000, height: 900 } });
  try {
    const page = await context.newPage();
    await page.goto(`${appUrl}?${new URLSearchParams({ seed: '1', chain: chainUrl })}`);
    await page.waitForFunction(() => window.__snake !== undefined);
    await page.getByRole('button', { name: '连接钱包' }).click();
    await page.getByRole('button', { name: `开发账户 ${account}` }).click();
    await page.getByTestId('wallet-area').getByText('已连接:').waitFor({ timeout: 60_000 });
    await page.waitForFunction(() => localStorage.getItem('collectionId') !== null, undefined, {
      timeout: 60_000,
    });
    // No named inner functions here: tsx's keepNames would reference a helper the page does not have.
    return await page.evaluate(async () => {
      const start = document.querySelector<HTMLButtonElement>('button.button--start');
      if (!start) throw new Error('no Start Play button');
      const t0 = performance.now();
      start.click();
      while (performance.now() - t0 < 60_000) {
        const s = window.__snake!.state();
        const head = s.snake[0];
        if (s.isPlaying && head && (head.x !== 18 || head.y !== 18)) return performance.now() - t0;
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
      throw new Error('the game did not start');
    });
  } finally {
    await context.close();
  }
}

export async function startWithMint(browser: Browser, appUrl: string): Promise<Record<string, number>> {
  const devnet = await startDevnet({ host: '127.0.0.1', port: 0, dbPath: ':memory:', logLevel: 'warn' });
  try {
    const chainUrl = devnet.url.replace(/\/$/, '');
    const samples: number[] = [];
    for (const account of DEV_ACCOUNTS) samples.push(await oneStart(browser, appUrl, chainUrl, account));
    samples.sort((a, b) => a - b);
    console.log(`[bench] start with mint (ms): ${samples.map((s) => s.toFixed(0)).join(' ')}`);
    const mid = samples.length / 2;
    const median = (samples[Math.floor(mid - 0.5)]! + samples[Math.ceil(mid - 0.5)]!) / 2;
    return { 'game.start_with_mint_ms.median': Number(median.toFixed(1)) };
  } finally {
    await devnet.stop();
  }
}
