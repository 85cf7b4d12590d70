import { Sr25519Account, UniqueChain } from '@nftkit/sdk';
import { createPublicClient, createWalletClient, defineChain, http, parseEther, webSocket } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { expect, it } from 'vitest';
import { startDevnet } from '../src/index.js';

// The README's example, as written there.
it('runs the README example', async () => {
  const devnet = await startDevnet({ port: 0, dbPath: ':memory:', instant: true, logLevel: 'silent' });
  try {
    const sdk = UniqueChain({ baseUrl: devnet.url, account: Sr25519Account.fromUri('//Alice') });

    const { result: collection } = await sdk.collection.create({
      mode: 'Nft',
      name: 'Snake',
      description: 'Snake scores',
      symbol: 'SNK',
      info: { cover_image: { url: 'https://example/cover.png' } },
      tokenPropertyPermissions: [
        { key: 'TotalScore', permission: { mutable: true, collectionAdmin: true, tokenOwner: false } },
      ],
    });
    const {
      result: [token],
    } = await sdk.token.mintNFTs({
      collectionId: collection.collectionId,
      tokens: [
        { data: { image: 'https://example/snake.png' }, properties: [{ key: 'TotalScore', value: '0' }] },
      ],
    });
    const read = await sdk.token.get({ collectionId: collection.collectionId, tokenId: token!.tokenId });
    expect(read.image).toBe('https://example/snake.png');
    expect(read.properties).toContainEqual({ key: 'TotalScore', value: '0', valueHex: '0x30' });
  } finally {
    await devnet.stop();
  }
});

// The README's JSON-RPC example, as written there.
it('runs the README JSON-RPC example', async () => {
  const devnet = await startDevnet({ port: 0, dbPath: ':memory:', instant: true, logLevel: 'silent' });
  try {
    const rpcUrl = new URL(devnet.url).origin; // http://127.0.0.1:9944
    const chain = defineChain({
      id: 8884,
      name: 'nftkit devnet',
      nativeCurrency: { name: 'DEV', symbol: 'DEV', decimals: 18 },
      rpcUrls: { default: { http: [rpcUrl] } },
    });
    // Dev account #0 of the test mnemonic, funded at genesis.
    const account = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
    const client = createPublicClient({ chain, transport: http() });
    const wallet = createWalletClient({ chain, transport: http(), account });

    const hash = await wallet.sendTransaction({
      to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      value: parseEther('1'),
    });
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    const balance = await client.getBalance({ address: account.address });
    expect(receipt.status).toBe('success');
    expect(balance).toBe(
      parseEther('1000000') - parseEther('1') - receipt.gasUsed * receipt.effectiveGasPrice,
    );

    // Over a WebSocket: every block as it is committed (eth_subscribe newHeads).
    const live = createPublicClient({ chain, transport: webSocket(rpcUrl.replace(/^http/, 'ws')) });
    const heard: bigint[] = [];
    const unwatch = live.watchBlockNumber({ onBlockNumber: (n) => heard.push(n) });
    await live.getBlockNumber();
    const next = await wallet.sendTransaction({
      to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      value: 1n,
    });
    const { blockNumber } = await client.waitForTransactionReceipt({ hash: next, pollingInterval: 50 });
    for (let i = 0; i < 200 && !heard.includes(blockNumber); i++) await new Promise((r) => setTimeout(r, 25));
    unwatch();
    expect(heard).toContain(blockNumber);
  } finally {
    await devnet.stop();
  }
});
