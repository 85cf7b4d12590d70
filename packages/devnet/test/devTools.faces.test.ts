import { substrateToEthereumMirror } from '@nftkit/primitives';
import { DevnetTools, UniqueIndexer } from '@nftkit/sdk';
import { encodeFunctionData, getContractAddress, type Hex } from 'viem';
import { beforeAll, describe, expect, it } from 'vitest';
import { alice, bob, charlie } from './helpers/accounts.js';
import { devnetForFile } from './helpers/devnet.js';
import { ethDev, token20Deploy } from './helpers/devTools.js';
import { rpc, rpcOrigin, viemClients } from './helpers/ethRpc.js';
import { contract } from './helpers/evm.js';
import { sdkClients } from './helpers/sdk.js';

// A snapshot is of the whole chain as every face shows it: what REST, the indexer and JSON-RPC answer after a revert
// is exactly what they answered at the snapshot, after writes of every kind through every face.

const devnet = devnetForFile();
let origin: string;
let collectionId: number;
let token: Hex;
const as = sdkClients(devnet);
const tools = () => DevnetTools({ baseUrl: devnet.url });
const ix = () => UniqueIndexer({ baseUrl: `${devnet.url}/indexer` });
const balanceOf = (who: Hex) =>
  encodeFunctionData({ abi: contract('Token20').abi, functionName: 'balanceOf', args: [who] });

beforeAll(async () => {
  origin = rpcOrigin(devnet.url);
  const { result } = await as(alice).collection.create({
    mode: 'Nft',
    name: 'Faces',
    description: 'every face',
    symbol: 'FCS',
    info: { cover_image: { url: 'https://example.com/cover.png' } },
    tokenPropertyPermissions: [
      { key: 'score', permission: { mutable: true, collectionAdmin: true, tokenOwner: true } },
    ],
  });
  collectionId = result.collectionId;
  await as(alice).token.mintNFTs({
    collectionId,
    tokens: [{ owner: bob.address, data: { name: 'First' }, properties: [{ key: 'score', value: '1' }] }],
  });
  const { wallet, pub } = viemClients(origin, ethDev(0));
  const nonce = await pub.getTransactionCount({ address: ethDev(0).address });
  const deploy = await wallet.sendTransaction({ data: token20Deploy('Faces', 1000n), gas: 3_000_000n });
  await pub.waitForTransactionReceipt({ hash: deploy });
  token = getContractAddress({ from: ethDev(0).address, nonce: BigInt(nonce) });
});

/** What each face answers about everything the writes below touch. */
async function everyFace() {
  const sdk = as(alice);
  const mirror = substrateToEthereumMirror(charlie.address);
  const rest = {
    balances: await Promise.all(
      [alice.address, bob.address, charlie.address, ethDev(0).address, ethDev(5).address].map((address) =>
        sdk.balance.get({ address }),
      ),
    ),
    nonces: await Promise.all(
      [alice.address, bob.address, ethDev(0).address, ethDev(2).address].map((address) =>
        sdk.account.nextIndex({ address }),
      ),
    ),
    collection: await sdk.collection.get({ collectionId }),
    tokens: await Promise.all(
      [1, 2].map((tokenId) => sdk.token.get({ collectionId, tokenId }).catch(() => null)),
    ),
    collections: await sdk.collection.getAllCollectionStats(),
  };
  const indexer = {
    blocks: await ix().blocks({ limit: 100 }),
    extrinsics: await ix().extrinsics({ limit: 100 }),
    events: await ix().events({ limit: 100 }),
    nfts: await ix().nfts({ collectionIdIn: [String(collectionId)] }),
    accounts: await ix().accounts({ limit: 100 }),
    coinBalances: await ix().coinBalances({ limit: 100 }),
    balanceTransfers: await ix().balanceTransfers({ limit: 100 }),
  };
  const head = (await rpc(origin, 'eth_getBlockByNumber', ['latest', true])) as { number: Hex };
  const ethRpc = {
    head,
    balances: await Promise.all(
      [ethDev(0).address, ethDev(5).address, mirror, token].map((a) =>
        rpc(origin, 'eth_getBalance', [a, 'latest']),
      ),
    ),
    nonces: await Promise.all(
      [ethDev(0).address, ethDev(2).address].map((a) =>
        rpc(origin, 'eth_getTransactionCount', [a, 'pending']),
      ),
    ),
    code: await rpc(origin, 'eth_getCode', [token, 'latest']),
    slot: await rpc(origin, 'eth_getStorageAt', [ethDev(6).address, '0x0', 'latest']),
    erc20: await Promise.all(
      [ethDev(0).address, ethDev(1).address].map((a) =>
        rpc(origin, 'eth_call', [{ to: token, data: balanceOf(a) }, 'latest']),
      ),
    ),
    logs: await rpc(origin, 'eth_getLogs', [{ fromBlock: '0x0', toBlock: 'latest' }]),
  };
  const health = (await (await fetch(`${devnet.url}/health`)).json()) as { message: string };
  return { rest, indexer, ethRpc, pool: health.message.replace(/sr25519 checks .*/, '') };
}

/** Writes of every kind, through every face, the last one left waiting in the pool. */
async function writeEverything() {
  await as(alice).token.mintNFTs({
    collectionId,
    tokens: [{ owner: charlie.address, data: { name: 'Second' } }],
  });
  await as(bob).token.setProperties({
    collectionId,
    tokenId: 1,
    properties: [{ key: 'score', value: '99' }],
  });
  await as(bob).balance.transfer({ to: charlie.address, amount: '5', isAmountInCoins: true });
  await as(alice).collection.create({ mode: 'Nft', name: 'Later', description: 'after', symbol: 'LTR' });
  const { wallet, pub } = viemClients(origin, ethDev(0));
  const hash = await wallet.sendTransaction({
    to: token,
    data: encodeFunctionData({
      abi: contract('Token20').abi,
      functionName: 'transfer',
      args: [ethDev(1).address, 25n],
    }),
    gas: 200_000n,
  });
  await pub.waitForTransactionReceipt({ hash });
  await fetch(`${devnet.url}/devnet/faucet`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ address: ethDev(5).address, amount: '7' }),
  });
  await rpc(origin, 'hardhat_setStorageAt', [ethDev(6).address, '0x0', `0x${'11'.repeat(32)}`]);
  await rpc(origin, 'hardhat_setCode', [token, '0x00']);
  await rpc(origin, 'evm_setAutomine', [false]);
  const pending = viemClients(origin, ethDev(2)).wallet;
  await pending.sendTransaction({ to: ethDev(3).address, value: 1n });
}

describe('revert leaves every face as it was at the snapshot', () => {
  it('through JSON-RPC (evm_snapshot / evm_revert)', async () => {
    const before = await everyFace();
    const id = await rpc(origin, 'evm_snapshot');
    await writeEverything();
    const during = await everyFace();
    expect(during.indexer.nfts).not.toEqual(before.indexer.nfts);
    expect(during.ethRpc.code).not.toEqual(before.ethRpc.code);
    expect(during.pool).not.toEqual(before.pool);
    expect(await rpc(origin, 'evm_revert', [id])).toBe(true);
    await rpc(origin, 'evm_setAutomine', [true]);
    expect(await everyFace()).toEqual(before);
  });

  it('through REST (the sdk’s DevnetTools), twice over the same fixture as loadFixture does', async () => {
    const before = await everyFace();
    let { snapshotId } = await tools().snapshot();
    for (let round = 0; round < 2; round++) {
      await writeEverything();
      await tools().revert({ snapshotId });
      await tools().setMiningMode({ automine: true });
      expect(await everyFace()).toEqual(before);
      ({ snapshotId } = await tools().snapshot());
    }
    // Reverting an id twice is refused, naming the field, and changes nothing.
    const used = (await tools().snapshot()).snapshotId;
    await tools().revert({ snapshotId: used });
    const refused = await fetch(`${devnet.url}/devnet/revert`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ snapshotId: used }),
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toBe(
      `Validation Error: snapshotId: snapshot ${used} was reverted already (a snapshot reverts once: take a new one)`,
    );
    expect(await everyFace()).toEqual(before);
  });
});
