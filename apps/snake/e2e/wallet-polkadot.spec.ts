import { expect, test } from '@playwright/test';
import { Metadata, TypeRegistry } from '@polkadot/types';
import { parseTokenId, tokenTotals } from './support/wallets/chain';
import { startTestDevnet, type TestDevnet } from './support/wallets/devnet';
import { openOnDevnet, playToGameOver } from './support/wallets/game';
import { addressOf, extensionLog, installPolkadotExtension } from './support/wallets/polkadotExtension';

let devnet: TestDevnet | undefined;
test.beforeAll(async () => {
  devnet = await startTestDevnet();
});
test.afterAll(async () => {
  await devnet?.stop();
});

const ALICE = addressOf('//Alice');

test('Polkadot extension: connect, mint on Start, record two games, reconnect on reload, disconnect', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const baseUrl = devnet!.baseUrl;
  await installPolkadotExtension(page, { accounts: [{ uri: '//Alice', name: 'Alice' }] });
  await openOnDevnet(page, baseUrl);
  const area = page.getByTestId('wallet-area');

  await test.step('connect: address and balance shown', async () => {
    await area.getByRole('button', { name: '连接钱包' }).click();
    const popup = page.getByRole('dialog', { name: '连接钱包' });
    await popup.getByRole('button', { name: '连接 Polkadot 扩展' }).click();
    await expect(popup).toBeHidden();
    await expect(area).toContainText(`已连接: ${ALICE.slice(0, 6)}...${ALICE.slice(-4)}`);
    await expect(area).toContainText(/余额: \d+\.\d{4} DEV/);
    expect((await extensionLog(page)).prompts).toBe(1);
  });

  let ids = { collectionId: 0, tokenId: 0 };
  await test.step('Start mints the token, then the game starts', async () => {
    await page.getByRole('button', { name: 'Start Play' }).click();
    await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible({ timeout: 90_000 });
    ids = parseTokenId((await page.getByTestId('snake-token-id').textContent()) ?? '');
    expect(await tokenTotals(baseUrl, ids.collectionId, ids.tokenId)).toEqual({
      owner: ALICE,
      totalScore: '0',
      gamesPlayed: '0',
    });
    expect((await extensionLog(page)).signed).toBeGreaterThanOrEqual(2); // collection + mint, signed by the extension
  });

  let total = 0;
  await test.step('game over writes TotalScore and GamesPlayed', async () => {
    total += await playToGameOver(page, 1);
    await expect(page.getByTestId('snake-token-games')).toHaveText('1', { timeout: 90_000 });
    await expect(page.getByTestId('snake-token-total')).toHaveText(String(total));
    expect(await tokenTotals(baseUrl, ids.collectionId, ids.tokenId)).toMatchObject({
      totalScore: String(total),
      gamesPlayed: '1',
    });
  });

  await test.step('a second game adds up, without a second mint', async () => {
    await page.getByRole('button', { name: 'Start Play' }).click();
    await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();
    total += await playToGameOver(page, 2);
    await expect(page.getByTestId('snake-token-games')).toHaveText('2', { timeout: 90_000 });
    expect(await tokenTotals(baseUrl, ids.collectionId, ids.tokenId)).toMatchObject({
      totalScore: String(total),
      gamesPlayed: '2',
    });
    expect(parseTokenId((await page.getByTestId('snake-token-id').textContent()) ?? '')).toEqual(ids);
  });

  await test.step('reload reconnects with no prompt and reads the totals back from the chain', async () => {
    await page.reload();
    await expect(area).toContainText(`已连接: ${ALICE.slice(0, 6)}...${ALICE.slice(-4)}`);
    await expect(page.getByTestId('snake-token-games')).toHaveText('2');
    await expect(page.getByTestId('snake-token-total')).toHaveText(String(total));
    const log = await extensionLog(page);
    expect(log.enables).toBeGreaterThanOrEqual(1);
    expect(log.prompts).toBe(0);
  });

  await test.step('disconnect clears the connection and both wallet keys', async () => {
    await area.getByRole('button', { name: '断开连接' }).click();
    await expect(area.getByRole('button', { name: '连接钱包' })).toBeVisible();
    await expect(page.getByTestId('snake-token')).toHaveCount(0);
    const stored = await page.evaluate(() => [
      localStorage.getItem('walletType'),
      localStorage.getItem('walletAddress'),
    ]);
    expect(stored).toEqual([null, null]);
    await page.reload();
    await expect(area.getByRole('button', { name: '连接钱包' })).toBeVisible();
  });
});

test('several accounts: the player picks one', async ({ page }) => {
  await installPolkadotExtension(page, {
    accounts: [
      { uri: '//Alice', name: 'Alice' },
      { uri: '//Bob', name: 'Bob' },
    ],
  });
  await openOnDevnet(page, devnet!.baseUrl);
  await page.getByRole('button', { name: '连接钱包' }).click();
  const popup = page.getByRole('dialog', { name: '连接钱包' });
  await popup.getByRole('button', { name: '连接 Polkadot 扩展' }).click();
  await popup.getByRole('button', { name: /^Bob / }).click();
  const bob = addressOf('//Bob');
  await expect(page.getByTestId('wallet-area')).toContainText(
    `已连接: ${bob.slice(0, 6)}...${bob.slice(-4)}`,
  );
  expect(await page.evaluate(() => localStorage.getItem('walletAddress'))).toBe(bob);
});

test("the extension is given the devnet's metadata on connect, and decodes with it every call it signs", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const record = await installPolkadotExtension(page, { accounts: [{ uri: '//Alice', name: 'Alice' }] });
  await openOnDevnet(page, devnet!.baseUrl);
  await page.getByTestId('wallet-area').getByRole('button', { name: '连接钱包' }).click();
  await page
    .getByRole('dialog', { name: '连接钱包' })
    .getByRole('button', { name: '连接 Polkadot 扩展' })
    .click();
  await expect.poll(() => record.provided.length, { timeout: 60_000 }).toBe(1);
  const [given] = record.provided;
  expect(given).toMatchObject({ chain: expect.any(String), tokenSymbol: 'DEV' });

  // Start mints (the collection, then the token): each payload names the chain and runtime it was given, and its
  // call decodes with that metadata alone, as a wallet that shows what it signs would decode it.
  await page.getByRole('button', { name: 'Start Play' }).click();
  await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible({ timeout: 90_000 });
  const registry = new TypeRegistry();
  registry.setMetadata(new Metadata(registry, given!.rawMetadata as `0x${string}`));
  expect(record.signedPayloads.length).toBeGreaterThanOrEqual(2);
  const calls = record.signedPayloads.map((payload) => {
    expect(payload.genesisHash.toLowerCase()).toBe(given!.genesisHash);
    expect(Number(payload.specVersion)).toBe(given!.specVersion);
    const call = registry.createType('Call', payload.method);
    expect(call.toHex()).toBe(payload.method);
    return `${call.section}.${call.method}`;
  });
  expect(calls).toContain('unique.createCollectionEx');

  // Reconnecting on reload does not ask again: the extension knows this runtime now (a fresh page forgets it here,
  // so it is given once more, and only once).
  await page.reload();
  await expect(page.getByTestId('wallet-area')).toContainText('已连接');
  await expect.poll(() => record.provided.length, { timeout: 60_000 }).toBe(2);
});

test('an extension that refuses the metadata, or takes none, still connects and signs', async ({ page }) => {
  test.setTimeout(120_000);
  const record = await installPolkadotExtension(page, {
    accounts: [{ uri: '//Bob', name: 'Bob' }],
    metadata: 'refuse',
  });
  await openOnDevnet(page, devnet!.baseUrl);
  await page.getByTestId('wallet-area').getByRole('button', { name: '连接钱包' }).click();
  await page
    .getByRole('dialog', { name: '连接钱包' })
    .getByRole('button', { name: '连接 Polkadot 扩展' })
    .click();
  await expect(page.getByTestId('wallet-area')).toContainText('已连接');
  await page.getByRole('button', { name: 'Start Play' }).click();
  await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible({ timeout: 90_000 });
  expect(record.provided).toEqual([]);
  expect(record.signedPayloads.length).toBeGreaterThanOrEqual(1);
});
