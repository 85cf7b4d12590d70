import { createTestClient, defineChain, http, parseEther, type TestClient } from 'viem';
import { beforeAll, describe, expect, it } from 'vitest';
import { devnetForFile } from './helpers/devnet.js';
import { ethDev, signedEth } from './helpers/devTools.js';
import { rpc, rpcOrigin, rpcRaw, viemClients } from './helpers/ethRpc.js';

// Hardhat's and anvil's test helpers as a test suite calls them: through viem's test client (which sends Hardhat's
// names in `hardhat` mode and anvil's in `anvil` mode), and raw, for the answers' exact shapes.

const devnet = devnetForFile();
let origin: string;
const chain = defineChain({
  id: 8884,
  name: 'nftkit devnet',
  nativeCurrency: { name: 'DEV', symbol: 'DEV', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1'] } },
});
const testClient = (mode: 'hardhat' | 'anvil'): TestClient<'hardhat' | 'anvil'> =>
  createTestClient({ mode, chain, transport: http(origin) });
const pub = () => viemClients(origin, ethDev(0)).pub;
const latest = async () => pub().getBlock({ blockTag: 'latest' });
/** An address no one uses: each test takes its own. */
const fresh = (n: number) => `0x${n.toString(16).padStart(40, 'd')}` as const;

beforeAll(async () => {
  origin = rpcOrigin(devnet.url);
});

describe.each(['hardhat', 'anvil'] as const)('test helpers through viem (%s mode)', (mode) => {
  it('snapshot and revert: a transfer made after the snapshot is gone, the block number too', async () => {
    const client = testClient(mode);
    const to = fresh(mode === 'hardhat' ? 1 : 2);
    const id = await client.snapshot();
    const head = await pub().getBlockNumber();
    const { wallet } = viemClients(origin, ethDev(0));
    const hash = await wallet.sendTransaction({ to, value: 5n });
    await pub().waitForTransactionReceipt({ hash });
    expect(await pub().getBalance({ address: to })).toBe(5n);
    await client.revert({ id });
    expect(await pub().getBalance({ address: to })).toBe(0n);
    expect(await pub().getBlockNumber()).toBe(head);
    expect(
      await pub()
        .getTransactionReceipt({ hash })
        .catch((e: Error) => e.name),
    ).toBe('TransactionReceiptNotFoundError');
  });

  it('mine N blocks with an interval between their timestamps', async () => {
    const client = testClient(mode);
    const before = await latest();
    await client.mine({ blocks: 5, interval: 60 });
    const after = await latest();
    expect(after.number).toBe(before.number + 5n);
    const fourth = await pub().getBlock({ blockNumber: before.number + 4n });
    expect(after.timestamp - fourth.timestamp).toBe(60n);
  });

  it('increaseTime and setNextBlockTimestamp move block.timestamp (and the chain block the REST API serves)', async () => {
    const client = testClient(mode);
    const start = await latest();
    await client.increaseTime({ seconds: 3600 });
    await client.mine({ blocks: 1 });
    const later = await latest();
    expect(later.timestamp - start.timestamp).toBeGreaterThanOrEqual(3600n);
    const target = later.timestamp + 86_400n;
    await client.setNextBlockTimestamp({ timestamp: target });
    await client.mine({ blocks: 1 });
    const exact = await latest();
    expect(exact.timestamp).toBe(target);
    // The Timestamp pallet's time (ms) is the same moment: the indexer's block says so.
    const block = (await (await fetch(`${devnet.url}/indexer/blocks/${exact.number}`)).json()) as {
      timestamp: string;
    };
    expect(block.timestamp).toBe(new Date(Number(target) * 1000).toISOString());
  });

  it('setAutomine(false) keeps transactions in the pool until a block is mined', async () => {
    const client = testClient(mode);
    await client.setAutomine(false);
    const { wallet } = viemClients(origin, ethDev(1));
    const hash = await wallet.sendTransaction({ to: fresh(mode === 'hardhat' ? 3 : 4), value: 1n });
    expect(
      await pub()
        .getTransactionReceipt({ hash })
        .catch((e: Error) => e.name),
    ).toBe('TransactionReceiptNotFoundError');
    expect(await client.getAutomine()).toBe(false);
    await client.mine({ blocks: 1 });
    expect((await pub().getTransactionReceipt({ hash })).status).toBe('success');
    await client.setAutomine(true);
    expect(await client.getAutomine()).toBe(true);
  });

  it('setBalance, setCode, setNonce and setStorageAt change what the node answers', async () => {
    const client = testClient(mode);
    const who = fresh(mode === 'hardhat' ? 5 : 6);
    await client.setBalance({ address: who, value: parseEther('123') });
    expect(await pub().getBalance({ address: who })).toBe(parseEther('123'));
    await client.setCode({ address: who, bytecode: '0x4260005260206000f3' });
    expect(await pub().getCode({ address: who })).toBe('0x4260005260206000f3');
    await client.setNonce({ address: who, nonce: 7 });
    expect(await pub().getTransactionCount({ address: who })).toBe(7);
    const value = `0x${'00'.repeat(31)}2a` as const;
    await client.setStorageAt({ address: who, index: 3, value });
    expect(await pub().getStorageAt({ address: who, slot: '0x3' })).toBe(value);
  });

  it('impersonateAccount, dropTransaction and reset answer as the node does', async () => {
    const client = testClient(mode);
    await client.impersonateAccount({ address: fresh(9) });
    await client.stopImpersonatingAccount({ address: fresh(9) });
    await client.setAutomine(false);
    const raw = await signedEth(2, await pub().getTransactionCount({ address: ethDev(2).address }), {
      to: fresh(10),
      value: 1n,
    });
    const hash = (await rpc(origin, 'eth_sendRawTransaction', [raw])) as `0x${string}`;
    await client.dropTransaction({ hash });
    await client.mine({ blocks: 1 });
    expect(await pub().getBalance({ address: fresh(10) })).toBe(0n);
    await client.setAutomine(true);
  });
});

describe('reads at an older block after a revert', () => {
  it('answer the state of that block: the revert leaves the state history as it was', async () => {
    const who = fresh(80);
    const { wallet } = viemClients(origin, ethDev(7));
    const pay = async (value: bigint) =>
      pub().waitForTransactionReceipt({ hash: await wallet.sendTransaction({ to: who, value }) });
    const first = (await pay(10n)).blockNumber;
    const id = await testClient('hardhat').snapshot();
    await pay(20n);
    await pay(40n);
    await testClient('hardhat').revert({ id });
    const later = (await pay(100n)).blockNumber;
    expect(later).toBe(first + 1n);
    expect(await pub().getBalance({ address: who, blockNumber: first })).toBe(10n);
    expect(await pub().getBalance({ address: who, blockNumber: later })).toBe(110n);
    expect(await pub().getBalance({ address: who, blockNumber: first - 1n })).toBe(0n);
  });
});

describe('impersonation', () => {
  it('an impersonated address sends with eth_sendTransaction; without funds it is refused, with them it is taken', async () => {
    const client = testClient('hardhat');
    const whale = fresh(70);
    const send = () =>
      rpc(origin, 'eth_sendTransaction', [{ from: whale, to: fresh(71), value: '0x1', gas: '0x5208' }]);
    await expect(send()).rejects.toMatchObject({ code: -32000, message: /unknown account/ });
    await client.impersonateAccount({ address: whale });
    const head = await latest();
    // Impersonating costs nothing and needs no funds; a transaction from an account without them is refused.
    await expect(send()).rejects.toMatchObject({
      code: -32000,
      message: expect.stringMatching(
        /^insufficient funds for gas \* price \+ value: address 0x[0-9a-fA-F]{40} have 0/,
      ),
    });
    expect(await latest()).toEqual(head);
    await client.setBalance({ address: whale, value: parseEther('1') });
    const hash = (await send()) as `0x${string}`;
    const receipt = await pub().waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe('success');
    expect(receipt.from.toLowerCase()).toBe(whale.toLowerCase());
    await client.stopImpersonatingAccount({ address: whale });
    await expect(send()).rejects.toMatchObject({ code: -32000, message: /unknown account/ });
  });
});

describe('time inside the EVM', () => {
  it('a transaction sees the block.timestamp set for its block, a call the head block’s', async () => {
    const client = testClient('hardhat');
    // TIMESTAMP PUSH1 0 SSTORE: keeps block.timestamp in slot 0. TIMESTAMP PUSH1 0 MSTORE PUSH1 32 PUSH1 0 RETURN.
    const stamper = fresh(60);
    const reader = fresh(61);
    await client.setCode({ address: stamper, bytecode: '0x4260005500' });
    await client.setCode({ address: reader, bytecode: '0x4260005260206000f3' });
    const target = (await latest()).timestamp + 7n * 86_400n;
    await client.setNextBlockTimestamp({ timestamp: target });
    const { wallet } = viemClients(origin, ethDev(4));
    const hash = await wallet.sendTransaction({ to: stamper, gas: 100_000n });
    const receipt = await pub().waitForTransactionReceipt({ hash });
    expect((await pub().getBlock({ blockNumber: receipt.blockNumber })).timestamp).toBe(target);
    expect(BigInt((await pub().getStorageAt({ address: stamper, slot: '0x0' })) ?? 0)).toBe(target);
    expect(
      BigInt(
        await pub()
          .call({ to: reader })
          .then((r) => r.data ?? '0x0'),
      ),
    ).toBe(target);
    await client.increaseTime({ seconds: 1000 });
    await client.mine({ blocks: 1 });
    expect(
      BigInt(
        await pub()
          .call({ to: reader })
          .then((r) => r.data ?? '0x0'),
      ),
    ).toBeGreaterThanOrEqual(target + 1000n);
  });

  it('time stands still across a revert: the clock reads what it read at the snapshot', async () => {
    const offset = async () => Number(await rpc(origin, 'evm_increaseTime', [0]));
    const before = await offset();
    const id = (await rpc(origin, 'evm_snapshot')) as string;
    await rpc(origin, 'evm_increaseTime', [30 * 86_400]);
    // Real time passes too; neither counts once reverted: the clock's lead shrinks by the time spent.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await rpc(origin, 'evm_revert', [id]);
    const after = await offset();
    expect(after).toBeLessThanOrEqual(before - 1);
    expect(after).toBeGreaterThan(before - 120);
  });
});

describe('answers in Hardhat’s and anvil’s shapes', () => {
  it('snapshot ids count up from 0x1; a revert answers true', async () => {
    const a = (await rpc(origin, 'evm_snapshot')) as string;
    const b = (await rpc(origin, 'anvil_snapshot')) as string;
    expect(a).toMatch(/^0x[1-9a-f][0-9a-f]*$/);
    expect(BigInt(b)).toBe(BigInt(a) + 1n);
    expect(await rpc(origin, 'evm_revert', [a])).toBe(true);
  });

  it('each name answers as its own node', async () => {
    const who = fresh(20);
    const answers = {
      evm_increaseTime: await rpc(origin, 'evm_increaseTime', ['0x0']),
      anvil_increaseTime: await rpc(origin, 'anvil_increaseTime', [0]),
      evm_mine: await rpc(origin, 'evm_mine'),
      hardhat_mine: await rpc(origin, 'hardhat_mine', ['0x2']),
      anvil_mine: await rpc(origin, 'anvil_mine', ['0x1', '0x0']),
      hardhat_setBalance: await rpc(origin, 'hardhat_setBalance', [who, '0x10']),
      anvil_setBalance: await rpc(origin, 'anvil_setBalance', [who, '0x11']),
      hardhat_setCode: await rpc(origin, 'hardhat_setCode', [who, '0x00']),
      anvil_setCode: await rpc(origin, 'anvil_setCode', [who, '0x00']),
      hardhat_setNonce: await rpc(origin, 'hardhat_setNonce', [who, '0x1']),
      anvil_setNonce: await rpc(origin, 'anvil_setNonce', [who, '0x2']),
      hardhat_setStorageAt: await rpc(origin, 'hardhat_setStorageAt', [who, '0x0', `0x${'00'.repeat(32)}`]),
      anvil_setStorageAt: await rpc(origin, 'anvil_setStorageAt', [who, '0x0', `0x${'00'.repeat(32)}`]),
      hardhat_impersonateAccount: await rpc(origin, 'hardhat_impersonateAccount', [who]),
      anvil_impersonateAccount: await rpc(origin, 'anvil_impersonateAccount', [who]),
      hardhat_stopImpersonatingAccount: await rpc(origin, 'hardhat_stopImpersonatingAccount', [who]),
      hardhat_stopImpersonatingAccount_again: await rpc(origin, 'hardhat_stopImpersonatingAccount', [who]),
      anvil_stopImpersonatingAccount: await rpc(origin, 'anvil_stopImpersonatingAccount', [who]),
      evm_setAutomine: await rpc(origin, 'evm_setAutomine', [true]),
      anvil_setAutomine: await rpc(origin, 'anvil_setAutomine', [true]),
      hardhat_getAutomine: await rpc(origin, 'hardhat_getAutomine'),
      evm_setIntervalMining: await rpc(origin, 'evm_setIntervalMining', [0]),
      anvil_setIntervalMining: await rpc(origin, 'anvil_setIntervalMining', [0]),
      hardhat_dropTransaction: await rpc(origin, 'hardhat_dropTransaction', [`0x${'ab'.repeat(32)}`]),
      anvil_dropTransaction: await rpc(origin, 'anvil_dropTransaction', [`0x${'ab'.repeat(32)}`]),
    };
    expect(answers).toEqual({
      evm_increaseTime: expect.stringMatching(/^\d+$/),
      anvil_increaseTime: expect.any(Number),
      evm_mine: '0x0',
      hardhat_mine: true,
      anvil_mine: null,
      hardhat_setBalance: true,
      anvil_setBalance: null,
      hardhat_setCode: true,
      anvil_setCode: null,
      hardhat_setNonce: true,
      anvil_setNonce: null,
      hardhat_setStorageAt: true,
      anvil_setStorageAt: true,
      hardhat_impersonateAccount: true,
      anvil_impersonateAccount: null,
      hardhat_stopImpersonatingAccount: true,
      hardhat_stopImpersonatingAccount_again: false,
      anvil_stopImpersonatingAccount: null,
      evm_setAutomine: true,
      anvil_setAutomine: null,
      hardhat_getAutomine: true,
      evm_setIntervalMining: true,
      anvil_setIntervalMining: null,
      hardhat_dropTransaction: false,
      anvil_dropTransaction: null,
    });
    expect(await pub().getBalance({ address: who })).toBe(0x11n);
  });

  it('evm_setNextBlockTimestamp answers the timestamp as given; evm_mine takes a timestamp or anvil’s options', async () => {
    const head = (await latest()).timestamp;
    const t = `0x${(head + 100n).toString(16)}`;
    expect(await rpc(origin, 'evm_setNextBlockTimestamp', [t])).toBe(t);
    expect(await rpc(origin, 'evm_mine')).toBe('0x0');
    expect((await latest()).timestamp).toBe(head + 100n);
    expect(await rpc(origin, 'evm_mine', [Number(head + 200n)])).toBe('0x0');
    expect((await latest()).timestamp).toBe(head + 200n);
    const n = await pub().getBlockNumber();
    expect(await rpc(origin, 'evm_mine', [{ blocks: 3, timestamp: Number(head + 300n) }])).toBe('0x0');
    expect(await pub().getBlockNumber()).toBe(n + 3n);
  });

  it('hardhat_reset takes the chain back to its genesis, with viem’s reset() as it sends it', async () => {
    const who = fresh(30);
    await rpc(origin, 'hardhat_setBalance', [who, '0x5']);
    const genesis = await pub().getBlock({ blockNumber: 0n });
    await testClient('hardhat').reset();
    expect(await pub().getBlockNumber()).toBe(0n);
    expect((await pub().getBlock({ blockNumber: 0n })).hash).toBe(genesis.hash);
    expect(await pub().getBalance({ address: who })).toBe(0n);
    expect(await pub().getBalance({ address: ethDev(0).address })).toBe(parseEther('1000000'));
    expect(await rpc(origin, 'anvil_reset', [])).toBe(null);
  });
});

/** A JSON-RPC error answer (never an HTTP error): `{code, message}`. */
async function refusal(method: string, params: unknown[]) {
  const { status, body } = await rpcRaw(origin, { jsonrpc: '2.0', id: 7, method, params });
  expect(status).toBe(200);
  return (body as { error: { code: number; message: string } }).error;
}

describe('bad input: an error naming the parameter, nothing changed', () => {
  it('refuses unknown and used-up snapshot ids', async () => {
    const id = (await rpc(origin, 'evm_snapshot')) as string;
    expect(await rpc(origin, 'evm_revert', [id])).toBe(true);
    expect(await refusal('evm_revert', [id])).toEqual({
      code: -32602,
      message: `invalid argument 0 (snapshotId): snapshot ${BigInt(id)} was reverted already (a snapshot reverts once: take a new one)`,
    });
    expect(await refusal('evm_revert', ['0xffffff'])).toMatchObject({
      code: -32602,
      message: expect.stringMatching(/^invalid argument 0 \(snapshotId\): no snapshot 16777215 was taken$/),
    });
    expect(await refusal('evm_revert', [])).toMatchObject({ code: -32602, message: /snapshotId/ });
  });

  it('refuses bad addresses, negative times, past timestamps and huge values, and changes nothing', async () => {
    await rpc(origin, 'hardhat_setNonce', [fresh(50), '0x5']);
    const head = await latest();
    const balance = await pub().getBalance({ address: ethDev(0).address });
    const cases: [string, unknown[], number, RegExp][] = [
      ['hardhat_setBalance', ['0x1234', '0x1'], -32602, /^invalid argument 0 \(address\)/],
      [
        'hardhat_setBalance',
        [ethDev(0).address, `0x1${'0'.repeat(32)}`],
        -32602,
        /invalid argument 1 \(balance\): must be between 0 and 2\^128 - 1/,
      ],
      ['hardhat_setBalance', [ethDev(0).address, -5], -32602, /invalid argument 1 \(balance\)/],
      ['evm_increaseTime', [-60], -32602, /^invalid argument 0 \(seconds\): must not be negative/],
      ['evm_increaseTime', [`0x${'f'.repeat(40)}`], -32602, /invalid argument 0 \(seconds\): at most/],
      [
        'evm_setNextBlockTimestamp',
        [Number(head.timestamp) - 10],
        -32000,
        /invalid argument 0 \(timestamp\): Timestamp \d+ is lower than or equal to previous block's timestamp/,
      ],
      ['evm_mine', [1], -32000, /invalid argument 0 \(timestamp\)/],
      ['hardhat_mine', ['0x1000000'], -32602, /invalid argument 0 \(blocks\): at most 100000/],
      ['hardhat_mine', ['0x1', -1], -32602, /invalid argument 1 \(interval\): must not be negative/],
      [
        'hardhat_setStorageAt',
        [ethDev(0).address, '0x0', '0x01'],
        -32602,
        /invalid argument 2 \(value\): Storage value must be exactly 32 bytes/,
      ],
      [
        'hardhat_setCode',
        [ethDev(0).address, `0x${'00'.repeat(50_000)}`],
        -32602,
        /invalid argument 1 \(code\): longer than 49152 bytes/,
      ],
      [
        'hardhat_setCode',
        ['0x6c4e9fe1ae37a41e93cee429e8e1881abdcbb54f', '0x00'],
        -32000,
        /invalid argument 0 \(address\): .* native contract/,
      ],
      [
        'hardhat_setNonce',
        [fresh(50), '0x2'],
        -32000,
        /invalid argument 1 \(nonce\): New nonce \(2\) must not be smaller than the existing nonce \(5\)/,
      ],
      [
        'evm_setIntervalMining',
        [[10, 5]],
        -32602,
        /invalid argument 0 \(interval\): the range's start 10 is past its end 5/,
      ],
      ['evm_setAutomine', ['yes'], -32602, /invalid argument 0 \(enabled\)/],
      [
        'hardhat_reset',
        [{ forking: { jsonRpcUrl: 'https://example.invalid' } }],
        -32602,
        /invalid argument 0 \(config\): forking.jsonRpcUrl/,
      ],
      ['hardhat_impersonateAccount', ['nope'], -32602, /invalid argument 0 \(address\)/],
      ['hardhat_dropTransaction', ['0x12'], -32602, /invalid argument 0 \(hash\)/],
    ];
    for (const [method, params, code, message] of cases) {
      const e = await refusal(method, params);
      expect({ method, ...e }).toEqual({ method, code, message: expect.stringMatching(message) });
    }
    expect(await latest()).toEqual(head);
    expect(await pub().getBalance({ address: ethDev(0).address })).toBe(balance);
  });

  it('refuses to drop a transaction already in a block', async () => {
    const { wallet } = viemClients(origin, ethDev(3));
    const hash = await wallet.sendTransaction({ to: fresh(40), value: 1n });
    await pub().waitForTransactionReceipt({ hash });
    expect(await refusal('hardhat_dropTransaction', [hash])).toEqual({
      code: -32000,
      message: `invalid argument 0 (hash): Transaction ${hash} cannot be dropped because it's already mined`,
    });
  });
});
