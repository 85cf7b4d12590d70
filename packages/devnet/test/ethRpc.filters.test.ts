import { type Contract, ContractFactory, JsonRpcProvider, NonceManager, Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { ETH_DEV_ACCOUNTS } from '../src/chain/ethDevAccounts.js';
import { Filters } from '../src/ethRpc/filters.js';
import { devnetForFile } from './helpers/devnet.js';
import { devKey, rpc, rpcOrigin } from './helpers/ethRpc.js';
import { contract } from './helpers/evm.js';

const devnet = devnetForFile();
let origin: string;

beforeAll(async () => {
  origin = rpcOrigin(devnet.url);
});
afterAll(async () => devnet.stop());

const TRANSFER = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
const send = (from: number, to = ETH_DEV_ACCOUNTS[9]![0]) =>
  rpc(origin, 'eth_sendTransaction', [
    { from: ETH_DEV_ACCOUNTS[from]![0], to, value: '0x1' },
  ]) as Promise<string>;

// Every provider here has no request cache (`cacheTimeout: -1`): ethers answers a repeated request from its cache for
// 250 ms, which a devnet that answers faster than that makes stale.
async function deployToken(signer: number, supply = 1000n): Promise<string> {
  const t20 = contract('Token20');
  const provider = new JsonRpcProvider(origin, undefined, { staticNetwork: true, cacheTimeout: -1 });
  const wallet = new Wallet(devKey(signer), provider);
  const token = await new ContractFactory(t20.abi as never, t20.bytecode, wallet).deploy('F', supply);
  await token.waitForDeployment();
  provider.destroy();
  return token.getAddress();
}

/** Polls until `done()` or a generous deadline (a slow machine must not fail it). */
async function until(done: () => boolean, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!done() && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
}

describe('filters', () => {
  it("ethers' contract.on over HTTP delivers each event exactly once", async () => {
    // Before filters, ethers fell back to polling eth_getLogs and called the handler 5-6 times for 3 events.
    const provider = new JsonRpcProvider(origin, undefined, { pollingInterval: 100, cacheTimeout: -1 });
    const wallet = new NonceManager(new Wallet(devKey(4), provider));
    const t20 = contract('Token20');
    const token = (await new ContractFactory(t20.abi as never, t20.bytecode, wallet).deploy(
      'On',
      1000n,
    )) as Contract;
    await token.waitForDeployment();
    // ethers installs its filter (eth_newFilter) after `on` returns: the transfers wait for the node's answer.
    let installed = false;
    const filterRequests = new Set<number>();
    void provider.on('debug', (e: { action: string; payload?: unknown; result?: unknown }) => {
      const payloads = [e.payload].flat() as ({ id: number; method: string } | undefined)[];
      for (const q of payloads)
        if (e.action === 'sendRpcPayload' && q?.method === 'eth_newFilter') filterRequests.add(q.id);
      const results = [e.result].flat() as ({ id: number; result?: unknown } | undefined)[];
      for (const r of results)
        if (e.action === 'receiveRpcResult' && r && filterRequests.has(r.id) && r.result) installed = true;
    });
    const seen: bigint[] = [];
    await token.on('Transfer', (_from: string, _to: string, value: bigint) => {
      seen.push(value);
    });
    await until(() => installed);
    expect(installed).toBe(true);
    const transfer = token.getFunction('transfer');
    for (let i = 1n; i <= 3n; i++) await (await transfer(Wallet.createRandom().address, i)).wait();
    await until(() => seen.length >= 3);
    // Several more polls go by: nothing arrives twice.
    const polled = devnet.chain.headNumber;
    await new Promise((r) => setTimeout(r, 1000));
    await (await transfer(Wallet.createRandom().address, 4n)).wait();
    await until(() => seen.length >= 4);
    await new Promise((r) => setTimeout(r, 1000));
    expect(seen).toEqual([1n, 2n, 3n, 4n]);
    expect(devnet.chain.headNumber).toBeGreaterThan(polled);
    await token.removeAllListeners();
    provider.destroy();
  }, 60_000);

  it('a block filter answers each new block hash once', async () => {
    const id = (await rpc(origin, 'eth_newBlockFilter')) as string;
    expect(id).toMatch(/^0x[0-9a-f]{32}$/);
    expect(await rpc(origin, 'eth_getFilterChanges', [id])).toEqual([]);
    await send(0);
    await send(0);
    const head = devnet.chain.headNumber;
    const hashes = await rpc(origin, 'eth_getFilterChanges', [id]);
    expect(hashes).toEqual([devnet.chain.blockHash(head - 1), devnet.chain.blockHash(head)]);
    expect(await rpc(origin, 'eth_getFilterChanges', [id])).toEqual([]);
    expect(await rpc(origin, 'eth_uninstallFilter', [id])).toBe(true);
    expect(await rpc(origin, 'eth_uninstallFilter', [id])).toBe(false);
  });

  it('a log filter answers matching logs of new blocks once; eth_getFilterLogs answers all it matches', async () => {
    const token = await deployToken(3);
    const other = await deployToken(3);
    const id = (await rpc(origin, 'eth_newFilter', [
      { address: token, topics: [TRANSFER], fromBlock: '0x0' },
    ])) as string;
    const provider = new JsonRpcProvider(origin, undefined, { staticNetwork: true, cacheTimeout: -1 });
    const wallet = new NonceManager(new Wallet(devKey(3), provider));
    const t20 = contract('Token20');
    for (const [address, v] of [
      [token, 5n],
      [other, 6n],
      [token, 7n],
    ] as const)
      await (
        await (
          new ContractFactory(t20.abi as never, t20.bytecode, wallet).attach(address) as Contract
        ).getFunction('transfer')(ETH_DEV_ACCOUNTS[8]![0], v)
      ).wait();
    provider.destroy();
    const changes = (await rpc(origin, 'eth_getFilterChanges', [id])) as { address: string; data: string }[];
    expect(changes.map((l) => [l.address, BigInt(l.data)])).toEqual([
      [token.toLowerCase(), 5n],
      [token.toLowerCase(), 7n],
    ]);
    expect(await rpc(origin, 'eth_getFilterChanges', [id])).toEqual([]);
    // From block 0: the mint in the constructor too.
    const all = (await rpc(origin, 'eth_getFilterLogs', [id])) as { data: string }[];
    expect(all.map((l) => BigInt(l.data))).toEqual([1000n, 5n, 7n]);
    expect(
      await rpc(origin, 'eth_getLogs', [{ address: token, topics: [TRANSFER], fromBlock: '0x0' }]),
    ).toEqual(all);
  });

  it('a pending-transaction filter answers the hashes the pool took', async () => {
    const id = (await rpc(origin, 'eth_newPendingTransactionFilter')) as string;
    const a = await send(1);
    const b = await send(2);
    expect(await rpc(origin, 'eth_getFilterChanges', [id])).toEqual([a, b]);
    expect(await rpc(origin, 'eth_getFilterChanges', [id])).toEqual([]);
    await expect(rpc(origin, 'eth_getFilterLogs', [id])).rejects.toMatchObject({
      code: -32602,
      message: 'invalid argument 0 (filterId): not a log filter',
    });
  });

  it('newPendingTransactions over a WebSocket: each transaction hash the pool takes', async () => {
    const ws = new WebSocket(origin.replace('http', 'ws'));
    await new Promise((r) => ws.once('open', r));
    const got: unknown[] = [];
    ws.on('message', (d) => got.push(JSON.parse(String(d))));
    ws.send(
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_subscribe', params: ['newPendingTransactions'] }),
    );
    await until(() => got.length > 0);
    const sub = (got[0] as { result: string }).result;
    const hash = await send(2);
    await until(() => got.length > 1);
    expect(got[1]).toEqual({
      jsonrpc: '2.0',
      method: 'eth_subscription',
      params: { subscription: sub, result: hash },
    });
    ws.close();
  });

  it('unknown or malformed filter ids are refused as geth refuses them', async () => {
    await expect(rpc(origin, 'eth_getFilterChanges', [`0x${'ab'.repeat(16)}`])).rejects.toMatchObject({
      code: -32000,
      message: 'filter not found',
    });
    await expect(rpc(origin, 'eth_getFilterLogs', ['0x99'])).rejects.toMatchObject({
      code: -32000,
      message: 'filter not found',
    });
    await expect(rpc(origin, 'eth_getFilterChanges', ['zz'])).rejects.toMatchObject({
      code: -32602,
      message: 'invalid argument 0 (filterId): expected a filter id (0x hex)',
    });
    await expect(rpc(origin, 'eth_newFilter', [{ address: '0x12' }])).rejects.toMatchObject({
      code: -32602,
      message: 'invalid argument 0 (filter): address: expected a 20-byte 0x hex address',
    });
    await expect(rpc(origin, 'eth_newFilter', [{ blockHash: `0x${'00'.repeat(32)}` }])).rejects.toMatchObject(
      {
        code: -32602,
        message: /^invalid argument 0 \(filter\): blockHash: /,
      },
    );
    const before = devnet.chain.headNumber;
    await expect(rpc(origin, 'eth_newPendingTransactionFilter', [true])).rejects.toMatchObject({
      code: -32602,
    });
    expect(devnet.chain.headNumber).toBe(before);
  });
});

describe('Filters (the store)', () => {
  it('a filter not polled for the TTL expires; polling keeps it alive', () => {
    let now = 0;
    const filters = new Filters(devnet.chain, { ttlMs: 300_000, now: () => now });
    try {
      const kept = filters.install('a', { kind: 'block' });
      const idle = filters.install('a', { kind: 'block' });
      now = 200_000;
      filters.use(kept);
      now = 300_001;
      expect(() => filters.use(idle)).toThrow('filter not found');
      expect(filters.use(kept).id).toBe(kept);
      now = 600_002;
      expect(() => filters.use(kept)).toThrow('filter not found');
      expect(filters.size).toBe(0);
    } finally {
      filters.close();
    }
  });

  it('a client holds at most perClient filters; others are not affected; uninstalling frees room', () => {
    const filters = new Filters(devnet.chain, { perClient: 3, max: 5 });
    try {
      const ids = [1, 2, 3].map(() => filters.install('http:1', { kind: 'pending' }));
      expect(() => filters.install('http:1', { kind: 'block' })).toThrow(
        /too many filters: at most 3 per client/,
      );
      filters.install('http:2', { kind: 'block' });
      filters.install('http:2', { kind: 'block' });
      expect(() => filters.install('http:3', { kind: 'block' })).toThrow(
        /too many filters on the node: at most 5/,
      );
      expect(filters.uninstall(ids[0]!)).toBe(true);
      filters.install('http:1', { kind: 'block' });
      filters.dropClient('http:2');
      expect(filters.size).toBe(3);
    } finally {
      filters.close();
    }
  });
});
