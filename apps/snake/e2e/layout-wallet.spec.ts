import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectInViewport, expectNoDocumentScroll, saveScreen, screenOptions } from './screens';
import { startTestDevnet, type TestDevnet } from './support/wallets/devnet';
import { connectDevAccount, openOnDevnet, playToGameOver } from './support/wallets/game';

/**
 * The layout of layout.spec.ts with a wallet connected: the header's address, balance and 断开连接 take one compact
 * header, and at game over the board, the score line, the token panel and the update notice are all on screen, none
 * under the footer, none cut off by a box around it, with no document scroll.
 */
let devnet: TestDevnet | undefined;
test.beforeAll(async () => {
  devnet = await startTestDevnet();
});
test.afterAll(async () => {
  await devnet?.stop();
});

// One dev account per size: each mints its own token on the shared devnet.
const SIZES = [
  { width: 1280, height: 800, phone: false, account: 'Alice' },
  { width: 1366, height: 650, phone: false, account: 'Bob' },
  { width: 1920, height: 1080, phone: false, account: 'Dave' },
  { width: 390, height: 844, phone: true, account: 'Charlie' },
  { width: 844, height: 390, phone: true, account: 'Eve' },
] as const;

type Box = { x: number; y: number; width: number; height: number };
const box = async (locator: Locator, what: string): Promise<Box> => {
  const b = await locator.boundingBox();
  expect(b, what).not.toBeNull();
  return b!;
};

/** Wholly in the window, above the footer (no overlap with its box), and not cut off by any box around it that clips. */
async function expectFullyShown(page: Page, locator: Locator, what: string, footer: Box): Promise<void> {
  await expectInViewport(page, locator, what);
  const b = await box(locator, what);
  expect(b.y + b.height, `${what} bottom above the footer (top ${footer.y})`).toBeLessThanOrEqual(
    footer.y + 0.5,
  );
  const clippedBy = await locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    for (let a = el.parentElement; a; a = a.parentElement) {
      const style = getComputedStyle(a);
      if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
      const c = a.getBoundingClientRect();
      const top = c.top + a.clientTop;
      const left = c.left + a.clientLeft;
      const inside =
        r.left >= left - 0.5 &&
        r.top >= top - 0.5 &&
        r.right <= left + a.clientWidth + 0.5 &&
        r.bottom <= top + a.clientHeight + 0.5;
      if (!inside)
        return `${a.tagName}.${a.className} ${[c.left, c.top, c.width, c.height].map(Math.round).join(',')}`;
    }
    return null;
  });
  expect(clippedBy, `${what} clipped by`).toBeNull();
}

for (const { width, height, phone, account } of SIZES) {
  test.describe(`${width}×${height}${phone ? ' phone' : ''} with a wallet`, () => {
    test.use(screenOptions(width, height, phone));

    test('one compact header; at game over the board, score, token panel and update notice are all on screen', async ({
      page,
    }) => {
      test.setTimeout(180_000);
      await openOnDevnet(page, devnet!.baseUrl, 3);
      await connectDevAccount(page, account);
      const area = page.getByTestId('wallet-area');
      const header = page.locator('.header');
      const address = area.getByText('已连接:');
      const balance = area.getByText('余额:');
      const disconnect = area.getByRole('button', { name: '断开连接' });

      // The header is as tall connected as it is with the single 连接钱包 button (44 px), the button beside the text.
      const headerBox = await box(header, 'header');
      expect(headerBox.height, 'header height').toBeLessThanOrEqual(48);
      for (const [what, locator] of [
        ['address', address],
        ['balance', balance],
        ['断开连接', disconnect],
        ['version', page.getByText(/^Version /)],
      ] as const) {
        await expectInViewport(page, locator, what);
        const b = await box(locator, what);
        expect(b.y, `${what} inside the header`).toBeGreaterThanOrEqual(headerBox.y - 0.5);
        expect(b.y + b.height, `${what} inside the header`).toBeLessThanOrEqual(
          headerBox.y + headerBox.height + 0.5,
        );
      }
      const [addressBox, balanceBox, buttonBox] = [
        await box(address, 'address'),
        await box(balance, 'balance'),
        await box(disconnect, '断开连接'),
      ];
      expect(buttonBox.x, '断开连接 right of the address').toBeGreaterThanOrEqual(
        addressBox.x + addressBox.width,
      );
      expect(buttonBox.x, '断开连接 right of the balance').toBeGreaterThanOrEqual(
        balanceBox.x + balanceBox.width,
      );
      await saveScreen(page, `wallet-idle-${width}x${height}`);

      await page.getByRole('button', { name: 'Start Play' }).click();
      await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible({ timeout: 90_000 });
      await expect(page.getByTestId('snake-token')).toBeVisible();
      await saveScreen(page, `wallet-playing-${width}x${height}`);
      await playToGameOver(page, 1);
      await expect(page.getByTestId('over-token')).toHaveText(/蛇 NFT 已更新：总分 1，已玩 1 局。/, {
        timeout: 90_000,
      });
      const notice = page.getByTestId('token-notice');
      await expect(notice).toHaveText(/蛇 NFT 已更新：总分 1，已玩 1 局。/);
      await saveScreen(page, `wallet-game-over-${width}x${height}`);

      await expectNoDocumentScroll(page);
      const footer = await box(page.locator('.footer'), 'footer');
      await expectInViewport(page, page.locator('.footer'), 'footer');
      const needed: [string, Locator][] = [
        ['address', address],
        ['balance', balance],
        ['断开连接', disconnect],
        ['board', page.getByTestId('board')],
        ['score', page.getByTestId('score')],
        ['best score', page.getByTestId('best')],
        ['Play again', page.getByRole('button', { name: 'Play again' })],
        ['token progress on the board', page.getByTestId('over-token')],
        ['token panel', page.getByTestId('snake-token')],
        ['token update notice', notice],
      ];
      for (const [what, locator] of needed) await expectFullyShown(page, locator, what, footer);

      // The board still fills its space (layout.spec.ts checks the same without a wallet).
      const boardBox = await box(page.getByTestId('board'), 'board');
      const stageBox = await box(page.getByTestId('stage'), 'stage');
      expect(boardBox.width).toBeGreaterThanOrEqual(0.85 * Math.min(stageBox.width, stageBox.height));
      expect((await box(header, 'header at game over')).height, 'header height at game over').toBe(
        headerBox.height,
      );
    });
  });
}
