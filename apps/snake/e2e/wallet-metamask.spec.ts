import { expect, test } from '@playwright/test';
import { startTestDevnet, type TestDevnet } from './support/wallets/devnet';
import { openOnDevnet } from './support/wallets/game';
import {
  emitMetaMaskEvent,
  installMetaMask,
  metaMaskLog,
  TEST_ETH_ADDRESS,
} from './support/wallets/metamask';

let devnet: TestDevnet | undefined;
test.beforeAll(async () => {
  devnet = await startTestDevnet();
});
test.afterAll(async () => {
  await devnet?.stop();
});

const short = `${TEST_ETH_ADDRESS.slice(0, 6)}...${TEST_ETH_ADDRESS.slice(-4)}`;

async function connect(page: import('@playwright/test').Page) {
  await page.getByTestId('wallet-area').getByRole('button', { name: '连接钱包' }).click();
  const popup = page.getByRole('dialog', { name: '连接钱包' });
  await popup.getByRole('button', { name: '连接 MetaMask' }).click();
  return popup;
}

test('MetaMask: connect adds and switches to the devnet chain, shows address and balance, reconnects silently', async ({
  page,
}) => {
  const baseUrl = devnet!.baseUrl;
  await installMetaMask(page);
  await openOnDevnet(page, baseUrl);
  const popup = await connect(page);
  await expect(popup).toBeHidden();
  const area = page.getByTestId('wallet-area');
  await expect(area).toContainText(`已连接: ${short}`);
  await expect(area).toContainText(/余额: \d+\.\d{4} DEV/);

  const { calls } = await metaMaskLog(page);
  expect(calls.map((c) => c.method)).toEqual([
    'eth_requestAccounts',
    'wallet_addEthereumChain',
    'wallet_switchEthereumChain',
  ]);
  expect(calls[1]?.params).toEqual([
    {
      chainId: '0x22b4',
      chainName: 'nftkit devnet',
      nativeCurrency: { name: 'Devnet', symbol: 'DEV', decimals: 18 },
      rpcUrls: [new URL(baseUrl).origin],
    },
  ]);
  expect(calls[2]?.params).toEqual([{ chainId: '0x22b4' }]);
  // The wallet checked the chain id at the devnet's JSON-RPC before it took the chain.
  expect((await metaMaskLog(page)).rpc).toEqual([{ url: new URL(baseUrl).origin, method: 'eth_chainId' }]);

  await page.reload();
  await expect(area).toContainText(`已连接: ${short}`);
  const after = await metaMaskLog(page);
  expect(after.prompts).toBe(0);
  expect(after.calls.map((c) => c.method)).not.toContain('eth_requestAccounts');
});

test('MetaMask on Opal: the chain request carries Opal’s parameters', async ({ page }) => {
  await installMetaMask(page);
  // No chain call is needed to check the wallet requests; the balance may fail offline. Opal's JSON-RPC is stood in
  // for by an answer to the wallet's chain-id check (no network beyond loopback in tests).
  await page.route('https://rest.unique.network/**', (route) => route.abort());
  await page.route('https://rpc-opal.unique.network/**', (route) => {
    const { id } = route.request().postDataJSON() as { id: number };
    return route.fulfill({ json: { jsonrpc: '2.0', id, result: '0x22b2' } });
  });
  await openOnDevnet(page, 'https://rest.unique.network/v2/opal');
  await connect(page);
  await expect(page.getByTestId('wallet-area')).toContainText(`已连接: ${short}`);
  const { calls } = await metaMaskLog(page);
  expect(calls.find((c) => c.method === 'wallet_addEthereumChain')?.params).toEqual([
    {
      chainId: '0x22b2',
      chainName: 'Opal by Unique',
      nativeCurrency: { name: 'Opal', symbol: 'OPL', decimals: 18 },
      rpcUrls: ['https://rpc-opal.unique.network'],
      blockExplorerUrls: ['https://uniquescan.io/opal/'],
    },
  ]);
  await expect(page.getByTestId('wallet-area')).toContainText('Failed to fetch balance');
});

test('MetaMask through window.ethereum when nothing is announced; reads go to the devnet’s JSON-RPC', async ({
  page,
}) => {
  await installMetaMask(page, { announce: false, legacy: true });
  await openOnDevnet(page, devnet!.baseUrl);
  await connect(page);
  await expect(page.getByTestId('wallet-area')).toContainText(`已连接: ${short}`);
  const read = await page.evaluate(async () => {
    const eth = (window as Window & { ethereum?: { request(a: object): Promise<unknown> } }).ethereum!;
    return {
      chainId: await eth.request({ method: 'eth_chainId' }),
      blockNumber: await eth.request({ method: 'eth_blockNumber' }),
      balance: await eth.request({
        method: 'eth_getBalance',
        params: ['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', 'latest'],
      }),
    };
  });
  expect(read.chainId).toBe('0x22b4');
  expect(read.blockNumber).toMatch(/^0x[0-9a-f]+$/);
  expect(BigInt(read.balance as string)).toBeGreaterThan(0n);
});

test('MetaMask: rejection (4001) shows 用户拒绝了访问。', async ({ page }) => {
  await installMetaMask(page, { reject: 'accounts' });
  await openOnDevnet(page, 'http://127.0.0.1:9/v2/devnet');
  const popup = await connect(page);
  await expect(popup.getByRole('alert')).toHaveText('用户拒绝了访问。');
  expect(await page.evaluate(() => localStorage.getItem('walletType'))).toBeNull();
});

test('MetaMask: rejecting the chain switch shows 用户拒绝了访问。', async ({ page }) => {
  await installMetaMask(page, { reject: 'switchChain' });
  await openOnDevnet(page, devnet!.baseUrl);
  const popup = await connect(page);
  await expect(popup.getByRole('alert')).toHaveText('用户拒绝了访问。');
});

test('MetaMask: an RPC URL that does not answer is refused with the wallet’s reason', async ({ page }) => {
  await installMetaMask(page);
  await openOnDevnet(page, 'http://127.0.0.1:9/v2/devnet');
  const popup = await connect(page);
  await expect(popup.getByRole('alert')).toHaveText(
    '连接到 MetaMask 扩展失败: Could not fetch chain ID. Is your RPC URL correct?',
  );
});

test('no MetaMask shows 请安装 MetaMask 扩展。', async ({ page }) => {
  await openOnDevnet(page, 'http://127.0.0.1:9/v2/devnet');
  const popup = await connect(page);
  await expect(popup.getByRole('alert')).toHaveText('请安装 MetaMask 扩展。');
});

test('MetaMask: Start plays without a token and says so', async ({ page }) => {
  await installMetaMask(page);
  await openOnDevnet(page, devnet!.baseUrl);
  await connect(page);
  await expect(page.getByTestId('wallet-area')).toContainText(`已连接: ${short}`);
  await page.getByRole('button', { name: 'Start Play' }).click();
  await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();
  await expect(page.getByTestId('token-notice')).toContainText('MetaMask');
  await expect(page.getByTestId('snake-token')).toHaveCount(0);
});

test('MetaMask: disconnecting the site in the wallet disconnects the game', async ({ page }) => {
  await installMetaMask(page);
  await openOnDevnet(page, devnet!.baseUrl);
  await connect(page);
  const area = page.getByTestId('wallet-area');
  await expect(area).toContainText(`已连接: ${short}`);
  await emitMetaMaskEvent(page, 'accountsChanged', []);
  await expect(area.getByRole('button', { name: '连接钱包' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('walletAddress'))).toBeNull();
});
