import { expect, test } from '@playwright/test';
import { startTestDevnet, type TestDevnet } from './support/wallets/devnet';
import { openOnDevnet } from './support/wallets/game';
import { addressOf, installPolkadotExtension } from './support/wallets/polkadotExtension';

// Spec §8's Polkadot messages, each triggered through a test extension. None needs a chain (connecting fails first),
// so the game points at an address where nothing listens.
const NOWHERE = 'http://127.0.0.1:9/v2/devnet';

async function connectPolkadot(page: import('@playwright/test').Page) {
  await page.getByTestId('wallet-area').getByRole('button', { name: '连接钱包' }).click();
  const popup = page.getByRole('dialog', { name: '连接钱包' });
  await popup.getByRole('button', { name: '连接 Polkadot 扩展' }).click();
  return popup;
}

test.describe('Polkadot connection errors', () => {
  test.beforeEach(() => {});

  test('no extension: 请安装兼容 polkadot.js 的扩展。', async ({ page }) => {
    await openOnDevnet(page, NOWHERE);
    const popup = await connectPolkadot(page);
    await expect(popup.getByRole('alert')).toHaveText('请安装兼容 polkadot.js 的扩展。');
  });

  test('the player refuses this site: 请至少授权访问您的一个账户。', async ({ page }) => {
    await installPolkadotExtension(page, { onPrompt: 'refuse' });
    await openOnDevnet(page, NOWHERE);
    const popup = await connectPolkadot(page);
    await expect(popup.getByRole('alert')).toHaveText('请至少授权访问您的一个账户。');
  });

  test('an extension without accounts: 请在您的钱包中创建一个账户。', async ({ page }) => {
    await installPolkadotExtension(page, { accounts: [] });
    await openOnDevnet(page, NOWHERE);
    const popup = await connectPolkadot(page);
    await expect(popup.getByRole('alert')).toHaveText('请在您的钱包中创建一个账户。');
  });

  test('no extension could be enabled: 在 Polkadot 扩展中未找到账户。', async ({ page }) => {
    await installPolkadotExtension(page, { enableError: 'Extension context invalidated.' });
    await openOnDevnet(page, NOWHERE);
    const popup = await connectPolkadot(page);
    await expect(popup.getByRole('alert')).toHaveText('在 Polkadot 扩展中未找到账户。');
  });

  test('the extension fails after enabling: 连接到 Polkadot 扩展失败: {reason}', async ({ page }) => {
    await installPolkadotExtension(page, { accountsError: 'port closed' });
    await openOnDevnet(page, NOWHERE);
    const popup = await connectPolkadot(page);
    await expect(popup.getByRole('alert')).toHaveText('连接到 Polkadot 扩展失败: port closed');
  });

  test('auto-reconnect fails without the extension: 自动重连失败，请手动连接钱包。', async ({ page }) => {
    await page.addInitScript((address) => {
      localStorage.setItem('walletType', 'polkadot');
      localStorage.setItem('walletAddress', address);
    }, addressOf('//Alice'));
    await openOnDevnet(page, NOWHERE);
    await expect(page.getByTestId('wallet-area').getByRole('alert')).toHaveText(
      '自动重连失败，请手动连接钱包。',
    );
    await expect(page.getByTestId('wallet-area').getByRole('button', { name: '连接钱包' })).toBeVisible();
  });
});

test.describe('chain errors', () => {
  let devnet: TestDevnet | undefined;
  test.beforeAll(async () => {
    devnet = await startTestDevnet();
  });
  test.afterAll(async () => {
    await devnet?.stop();
  });

  test('the balance cannot be fetched: Failed to fetch balance', async ({ page }) => {
    await page.route('**/balances/get**', (route) => route.abort());
    await openOnDevnet(page, devnet!.baseUrl);
    await page.getByRole('button', { name: '连接钱包' }).click();
    await page
      .getByRole('dialog', { name: '连接钱包' })
      .getByRole('button', { name: '开发账户 Charlie' })
      .click();
    await expect(page.getByTestId('wallet-area')).toContainText('Failed to fetch balance');
    await expect(page.getByTestId('wallet-area')).not.toContainText('余额:');
  });

  test('a mint that fails (an account without funds) keeps the game from starting and shows why', async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await installPolkadotExtension(page, { accounts: [{ uri: '//SnakeNoFunds', name: 'Empty' }] });
    await openOnDevnet(page, devnet!.baseUrl);
    const popup = await connectPolkadot(page);
    await expect(popup).toBeHidden();
    await expect(page.getByTestId('wallet-area')).toContainText('余额: 0.0000 DEV');
    await page.getByRole('button', { name: 'Start Play' }).click();
    await expect(page.getByTestId('token-notice')).toContainText('创建蛇 NFT 失败，游戏未开始', {
      timeout: 90_000,
    });
    await expect(page.getByRole('button', { name: 'Start Play' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Stop' })).toHaveCount(0);
    expect(errors.some((e) => e.startsWith('Failed to create Snake NFT:'))).toBe(true);
    await page.getByTestId('token-notice').getByRole('button').click();
    await expect(page.getByTestId('token-notice')).toHaveCount(0);
  });
});
