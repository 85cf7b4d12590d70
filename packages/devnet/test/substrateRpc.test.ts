import { decodeSubstrateAddress } from '@nftkit/primitives';
import { ApiPromise, HttpProvider, WsProvider } from '@polkadot/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { DEV_ACCOUNTS } from '../src/chain/config.js';
import { CHAIN } from '../src/runtime/identity.js';
import { MAX_STORAGE_KEYS } from '../src/substrateRpc/methods.js';
import { accountKey } from '../src/substrateRpc/storage.js';
import { MAX_SUBSCRIPTIONS_PER_CONNECTION } from '../src/substrateRpc/subscriptions.js';
import { devnetForFile, TIMED_BLOCKS } from './helpers/devnet.js';

// The Substrate JSON-RPC face, driven by @polkadot/api over both transports and by a bare client for the edges.

const devnet = devnetForFile(TIMED_BLOCKS);
let http: string;
let ws: string;
const alice = DEV_ACCOUNTS.Alice;

beforeAll(async () => {
  // Blocks on a timer, so head and finality subscriptions have news; finality two blocks behind.
  http = new URL(devnet.url).origin;
  ws = http.replace(/^http/, 'ws');
});

async function rpc(method: string, params?: unknown, body?: string): Promise<Record<string, unknown>> {
  const res = await fetch(`${http}/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body:
      body ?? JSON.stringify({ jsonrpc: '2.0', id: 1, method, ...(params === undefined ? {} : { params }) }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

// Without @polkadot/api-augment (Polkadot's own chain types) the decorated API is typed as plain codecs: these are the
// shapes the devnet's metadata gives the items read here.
type Num = { toNumber(): number; toBigInt(): bigint; toString(): string };
type AccountInfo = { nonce: Num; data: { free: Num } };
type Unsub = () => void;
const query = (api: ApiPromise) => ({
  account: (a: string) => api.query.system!.account!(a) as unknown as Promise<AccountInfo>,
  watchAccount: (a: string, cb: (info: AccountInfo) => void) =>
    api.query.system!.account!(a, cb as never) as unknown as Promise<Unsub>,
  number: () => api.query.system!.number!() as unknown as Promise<Num>,
  now: () => api.query.timestamp!.now!() as unknown as Promise<Num>,
  const: (pallet: string, name: string) => api.consts[pallet]![name] as unknown as Num,
});

const errorOf = (answer: Record<string, unknown>) => answer.error as { code: number; message: string };

async function restBalance(address: string): Promise<string> {
  const res = await fetch(`${devnet.url}/balances/get?address=${address}`);
  return ((await res.json()) as { free: string }).free;
}

describe('@polkadot/api over WebSocket', () => {
  let api: ApiPromise;
  beforeAll(async () => {
    api = await ApiPromise.create({ provider: new WsProvider(ws), noInitWarn: true, throwOnConnect: true });
  });
  afterAll(async () => {
    await api.disconnect();
  });

  it('reads the chain identity, the genesis hash and the runtime version', async () => {
    expect((await api.rpc.system.chain()).toString()).toBe(CHAIN.name);
    expect(api.genesisHash.toHex()).toBe(devnet.chain.genesisHash);
    expect(api.runtimeVersion.specVersion.toNumber()).toBe(CHAIN.specVersion);
    expect(api.runtimeVersion.transactionVersion.toNumber()).toBe(CHAIN.transactionVersion);
    expect(api.registry.chainSS58).toBe(CHAIN.ss58Format);
    expect(api.registry.chainDecimals).toEqual([CHAIN.decimals]);
    expect(api.registry.chainTokens).toEqual([CHAIN.symbol]);
  });

  it('reads constants the devnet declares', () => {
    expect(query(api).const('system', 'ss58Prefix').toNumber()).toBe(CHAIN.ss58Format);
    expect(query(api).const('system', 'blockHashCount').toNumber()).toBe(2400);
  });

  it('reads System.Account as the REST API does', async () => {
    const info = await query(api).account(alice);
    expect(info.data.free.toString()).toBe(await restBalance(alice));
    expect(info.data.free.toBigInt()).toBeGreaterThan(0n);
    expect(info.nonce.toNumber()).toBe(devnet.chain.storage.system.account(alice).nonce);
  });

  it('reads the head header, System.Number and Timestamp.Now at the same block', async () => {
    const header = await api.rpc.chain.getHeader();
    const n = header.number.toNumber();
    expect(header.hash.toHex()).toBeDefined();
    const hash = await api.rpc.chain.getBlockHash(n);
    expect(hash.toHex()).toBe(devnet.chain.blockHash(n));
    expect(header.parentHash.toHex()).toBe(devnet.chain.blockHash(n - 1) ?? `0x${'00'.repeat(32)}`);
    const number = (await query(api).number()).toNumber();
    expect(number).toBeGreaterThanOrEqual(n);
    expect((await query(api).now()).toNumber()).toBeGreaterThan(Date.now() - 3_600_000);
  });

  it('follows new and finalized heads, and storage changes', async () => {
    const heads: number[] = [];
    const finalized: number[] = [];
    const unsubHeads = await api.rpc.chain.subscribeNewHeads((h) => {
      heads.push(h.number.toNumber());
    });
    const unsubFinal = await api.rpc.chain.subscribeFinalizedHeads((h) => {
      finalized.push(h.number.toNumber());
    });
    const bob = DEV_ACCOUNTS.Bob;
    const seen: bigint[] = [];
    const unsubAccount = await query(api).watchAccount(bob, (info) => {
      seen.push(info.data.free.toBigInt());
    });
    const faucet = await fetch(`${devnet.url}/devnet/faucet`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ address: bob, amount: '7' }),
    });
    expect(faucet.status).toBe(200);
    await until(() => heads.length >= 3 && finalized.length >= 2 && seen.length >= 2);
    unsubHeads();
    unsubFinal();
    unsubAccount();
    for (let i = 1; i < heads.length; i++) expect(heads[i]).toBeGreaterThan(heads[i - 1]!);
    expect(finalized.at(-1)!).toBeLessThanOrEqual(heads.at(-1)! - 2);
    expect(seen.at(-1)).toBe(BigInt(await restBalance(bob)));
  });
});

describe('@polkadot/api over HTTP', () => {
  it('connects and reads System.Account', async () => {
    const api = await ApiPromise.create({ provider: new HttpProvider(`${http}/`), noInitWarn: true });
    try {
      expect((await api.rpc.system.chain()).toString()).toBe(CHAIN.name);
      const info = await query(api).account(alice);
      expect(info.data.free.toString()).toBe(await restBalance(alice));
      expect((await api.rpc.chain.getHeader()).number.toNumber()).toBeGreaterThanOrEqual(0);
    } finally {
      await api.disconnect();
    }
  });
});

describe('the endpoint', () => {
  it('lists exactly the methods it serves, both faces', async () => {
    const { methods } = (await rpc('rpc_methods')).result as { methods: string[] };
    expect(methods).toContain('state_getMetadata');
    expect(methods).toContain('eth_chainId');
    expect(methods).toContain('rpc_methods');
    expect(methods).toContain('author_submitExtrinsic');
    expect(methods).toContain('state_call');
    expect(methods).toContain('payment_queryInfo');
    for (const name of methods) {
      const answer = await rpc(name, []);
      if (!answer.error) continue;
      // Listed means served: a subscription is served over the WebSocket, and says so over HTTP.
      const { code, message } = errorOf(answer);
      if (code === -32601) expect(message, name).toMatch(/served over a WebSocket only/);
    }
  });

  it('answers System.Account, System.Number and unknown keys through raw storage reads', async () => {
    const key = accountKey(decodeSubstrateAddress(alice));
    const value = (await rpc('state_getStorage', [key])).result as string;
    expect(value).toMatch(/^0x[0-9a-f]{160}$/);
    const unknownAccount = accountKey(new Uint8Array(32).fill(7));
    expect((await rpc('state_getStorage', [unknownAccount])).result).toBeNull();
    // A key with a wrong hash part is nobody's key.
    expect(
      (await rpc('state_getStorage', [`${key.slice(0, -96)}${'00'.repeat(16)}${key.slice(-64)}`])).result,
    ).toBeNull();
    // No events at the head (this file's writes are the faucet's, outside blocks): null, as a node stores none.
    expect(
      (await rpc('state_getStorage', ['0x26aa394eea5630e07c48ae0c9558cef780d41e5e16056765bc8461851072c9d7']))
        .result,
    ).toBeNull();
    const keys = (await rpc('state_getKeysPaged', [key.slice(0, 66), 1000])).result as string[];
    expect(keys).toContain(key);
    expect(keys.every((k) => k.startsWith(key.slice(0, 66)))).toBe(true);
    const page = (await rpc('state_getKeysPaged', [key.slice(0, 66), 1, keys[0]])).result as string[];
    expect(page).toEqual(keys.slice(1, 2));
  });

  it('refuses a block it does not have rather than answer the head', async () => {
    const key = accountKey(decodeSubstrateAddress(alice));
    const answer = await rpc('state_getStorage', [key, `0x${'cd'.repeat(32)}`]);
    expect(errorOf(answer)).toMatchObject({ code: 4003, message: expect.stringMatching(/UnknownBlock/) });
  });

  it('answers an unknown method -32601 and bad params -32602 naming the parameter', async () => {
    expect(errorOf(await rpc('chain_noSuchMethod', [])).code).toBe(-32601);
    const badHash = errorOf(await rpc('chain_getHeader', ['0x1234']));
    expect(badHash.code).toBe(-32602);
    expect(badHash.message).toMatch(/hash/);
    const badNumber = errorOf(await rpc('chain_getBlockHash', [-1]));
    expect(badNumber.code).toBe(-32602);
    expect(badNumber.message).toMatch(/blockNumber/);
    const badKey = errorOf(await rpc('state_getStorage', ['nothex']));
    expect(badKey.code).toBe(-32602);
    expect(badKey.message).toMatch(/key/);
    const badAccount = errorOf(await rpc('system_accountNextIndex', ['nobody']));
    expect(badAccount.code).toBe(-32602);
    expect(badAccount.message).toMatch(/accountId/);
    const badCount = errorOf(await rpc('state_getKeysPaged', ['0x', -1]));
    expect(badCount.code).toBe(-32602);
    expect(badCount.message).toMatch(/count/);
    // A page larger than a node serves: Substrate's own error, before any key is read.
    expect(errorOf(await rpc('state_getKeysPaged', ['0x', 1001]))).toEqual({
      code: 4002,
      message: 'count exceeds maximum value. value: 1001, max: 1000',
    });
    const accounts = accountKey(decodeSubstrateAddress(alice)).slice(0, 66);
    expect((await rpc('state_getKeysPaged', [accounts, 0])).result).toEqual([]);
    expect((await rpc('chain_getHeader', [`0x${'ab'.repeat(32)}`])).result).toBeNull();
    expect((await rpc('chain_getBlockHash', [10_000_000])).result).toBeNull();
  });

  it('bounds a storage query before reading it', async () => {
    const keys = Array.from({ length: MAX_STORAGE_KEYS + 1 }, () => '0x00');
    const answer = errorOf(await rpc('state_queryStorageAt', [keys]));
    expect(answer.code).toBe(-32602);
    expect(answer.message).toMatch(/keys has 1001 keys, at most 1000/);
  });

  it('refuses subscriptions over HTTP', async () => {
    expect(errorOf(await rpc('chain_subscribeNewHeads', [])).message).toMatch(/WebSocket/);
  });

  it('bounds subscriptions per connection, and a flood stalls no other client', async () => {
    const sock = new WebSocket(`${ws}/`);
    await new Promise<void>((resolve, reject) => {
      sock.once('open', () => resolve());
      sock.once('error', reject);
    });
    const answers = new Map<number, { result?: unknown; error?: { code: number; message: string } }>();
    sock.on('message', (data) => {
      const msg = JSON.parse(String(data));
      if (typeof msg.id === 'number') answers.set(msg.id, msg);
    });
    const total = MAX_SUBSCRIPTIONS_PER_CONNECTION + 5;
    for (let id = 1; id <= total; id++)
      sock.send(JSON.stringify({ jsonrpc: '2.0', id, method: 'chain_subscribeNewHeads', params: [] }));
    // Another client is answered while the flood is served.
    expect((await rpc('system_chain', [])).result).toBe(CHAIN.name);
    await until(() => answers.size === total);
    const refused = [...answers.values()].filter((a) => a.error);
    expect(refused).toHaveLength(5);
    expect(refused[0]!.error!.message).toMatch(/too many subscriptions/);
    sock.close();
  });
});

async function until(what: () => boolean, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!what()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 25));
  }
}
