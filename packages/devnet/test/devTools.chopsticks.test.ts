import { bytesToHex, decodeSubstrateAddress } from '@nftkit/primitives';
import { UniqueChain } from '@nftkit/sdk';
import { blake2b } from '@noble/hashes/blake2.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { alice, bob, charlie, dave } from './helpers/accounts.js';
import { devnetForFile } from './helpers/devnet.js';
import { rpc, rpcOrigin, rpcRaw } from './helpers/ethRpc.js';

// chopsticks' dev RPC on the devnet's one JSON-RPC endpoint, as a Substrate user's test calls it: refusals name the
// parameter, -32602 for a malformed value and chopsticks' code 1 where the chain refuses a well-formed one.

const devnet = devnetForFile();
let origin: string;
const sdk = () => UniqueChain({ baseUrl: devnet.url, account: alice });
const head = async () =>
  (await (await fetch(`${devnet.url}/devnet/info`)).json()) as { head: { number: number; hash: string } };
const free = async (address: string) => (await sdk().balance.get({ address })).free;

/** `System.Account`'s key of `address`: twox128("System") ‖ twox128("Account") ‖ blake2_128(id) ‖ id. */
function accountKey(address: string): string {
  const id = decodeSubstrateAddress(address);
  return `0x26aa394eea5630e07c48ae0c9558cef7b99d880ec681799c0cf30e8886371da9${bytesToHex(blake2b(id, { dkLen: 16 })).slice(2)}${bytesToHex(id).slice(2)}`;
}
/** SCALE `AccountInfo` (nonce, consumers, providers, sufficients, free, reserved, frozen, flags), little-endian. */
function accountInfo(nonce: number, free: bigint): string {
  const le = (n: bigint, bytes: number) => {
    let out = '';
    for (let i = 0; i < bytes; i++, n >>= 8n) out += (n & 0xffn).toString(16).padStart(2, '0');
    return out;
  };
  return `0x${le(BigInt(nonce), 4)}${le(0n, 4)}${le(1n, 4)}${le(0n, 4)}${le(free, 16)}${le(0n, 16)}${le(0n, 16)}${le(0n, 16)}`;
}

async function refusal(method: string, params: unknown[]) {
  const { status, body } = await rpcRaw(origin, { jsonrpc: '2.0', id: 1, method, params });
  expect(status).toBe(200);
  return (body as { error: { code: number; message: string } }).error;
}

beforeAll(async () => {
  origin = rpcOrigin(devnet.url);
});

describe('chopsticks’ dev_* methods', () => {
  it('are listed by rpc_methods beside the rest of the endpoint', async () => {
    const { methods } = (await rpc(origin, 'rpc_methods')) as { methods: string[] };
    for (const m of ['dev_newBlock', 'dev_setStorage', 'dev_timeTravel', 'dev_setHead', 'evm_snapshot'])
      expect(methods).toContain(m);
  });

  it('dev_newBlock builds `count` blocks, or up to `to`, and answers the last hash', async () => {
    const start = (await head()).head.number;
    const hash = await rpc(origin, 'dev_newBlock', [{ count: 3 }]);
    expect(await head()).toMatchObject({ head: { number: start + 3, hash } });
    await rpc(origin, 'dev_newBlock', [{ to: start + 5 }]);
    expect((await head()).head.number).toBe(start + 5);
    await rpc(origin, 'dev_newBlock');
    expect((await head()).head.number).toBe(start + 6);
  });

  it('dev_setStorage sets System.Account in the object form and the raw SCALE form', async () => {
    const at = (await head()).head.hash;
    expect(
      await rpc(origin, 'dev_setStorage', [
        { System: { Account: [[[bob.address], { nonce: 0, data: { free: '5000000000000000000000' } }]] } },
      ]),
    ).toBe(at);
    expect(await free(bob.address)).toBe('5000000000000000000000');
    await rpc(origin, 'dev_setStorage', [[[accountKey(charlie.address), accountInfo(0, 42n)]], at]);
    expect(await free(charlie.address)).toBe('42');
    // What state_getStorage answers for the key is the record set (consumers and flags are the devnet's own).
    const stored = (await rpc(origin, 'state_getStorage', [accountKey(charlie.address)])) as string;
    expect(stored.slice(2 + 32, 2 + 32 + 32)).toBe(accountInfo(0, 42n).slice(2 + 32, 2 + 32 + 32));
    // A record left out is zero, as chopsticks' createType fills it; null clears the account.
    await rpc(origin, 'dev_setStorage', [{ system: { account: [[[dave.address], null]] } }]);
    expect(await free(dave.address)).toBe('0');
  });

  it('dev_timeTravel sets the time of the next block (the Timestamp pallet and block.timestamp alike)', async () => {
    const ms = Date.parse('2031-06-01T00:00:00Z');
    expect(await rpc(origin, 'dev_timeTravel', ['2031-06-01T00:00:00Z'])).toBe(ms);
    const hash = (await rpc(origin, 'dev_newBlock')) as string;
    const block = (await (await fetch(`${devnet.url}/indexer/blocks/${hash}`)).json()) as {
      timestamp: string;
    };
    expect(block.timestamp).toBe('2031-06-01T00:00:00.000Z');
    const eth = (await rpc(origin, 'eth_getBlockByNumber', ['latest', false])) as { timestamp: string };
    expect(BigInt(eth.timestamp)).toBe(BigInt(ms / 1000));
  });

  it('dev_setHead rewinds to a block produced while a snapshot was held', async () => {
    const snapshot = await rpc(origin, 'evm_snapshot');
    const base = (await head()).head;
    await rpc(origin, 'dev_newBlock', [{ count: 2 }]);
    await sdk().balance.transfer({ to: bob.address, amount: '1', isAmountInCoins: true });
    const bobThen = await free(bob.address);
    expect(await rpc(origin, 'dev_setHead', [base.number + 1])).toBe((await head()).head.hash);
    expect((await head()).head.number).toBe(base.number + 1);
    expect(await free(bob.address)).not.toBe(bobThen);
    expect(await rpc(origin, 'dev_setHead', [base.hash])).toBe(base.hash);
    expect(await rpc(origin, 'evm_revert', [snapshot])).toBe(true);
  });
});

describe('dev_* bad input: an error naming the parameter, nothing changed', () => {
  it('refuses what the devnet does not model and what it cannot do', async () => {
    const before = await head();
    const balance = await free(bob.address);
    const cases: [string, unknown[], number, RegExp][] = [
      [
        'dev_newBlock',
        [{ transactions: ['0x00'] }],
        -32602,
        /^invalid params: params: transactions: submit them/,
      ],
      ['dev_newBlock', [{ ump: {} }], -32602, /ump: the devnet is not a parachain/],
      ['dev_newBlock', [{ count: -1 }], -32602, /^invalid params: params: count: must not be negative/],
      ['dev_newBlock', [{ count: 10_000_000 }], -32602, /count: at most 100000 blocks per call/],
      [
        'dev_setStorage',
        [{ Unique: { CollectionById: [] } }],
        -32602,
        /^invalid params: values: Unique.CollectionById is not storage the devnet models/,
      ],
      [
        'dev_setStorage',
        [{ System: { Account: [[[bob.address], { data: { free: -1 } }]] } }],
        -32602,
        /values: System.Account.0.data.free: expected an integer/,
      ],
      [
        'dev_setStorage',
        [{ System: { Account: [[[bob.address], { data: { free: `${2n ** 128n}` } }]] } }],
        -32602,
        /data.free: expected an integer between 0 and/,
      ],
      ['dev_setStorage', [{ System: { Account: [[['nope'], {}]] } }], -32602, /is not a substrate address/],
      [
        'dev_setStorage',
        [[[`${accountKey(bob.address).slice(0, -2)}00`, accountInfo(0, 1n)]]],
        -32602,
        /is not a key the devnet models \(System.Account, its blake2_128 matching its account id\)/,
      ],
      [
        'dev_setStorage',
        [[[accountKey(bob.address), '0x00']]],
        -32602,
        /expected a SCALE AccountInfo, or null/,
      ],
      ['dev_setStorage', [[['0x1234', null]]], -32602, /is not a key the devnet models/],
      [
        'dev_setStorage',
        [{ System: { Account: [] } }, `0x${'ab'.repeat(32)}`],
        1,
        /^blockHash: the devnet sets storage at the head block only/,
      ],
      ['dev_timeTravel', ['not a date'], -32602, /^invalid params: date: Invalid date/],
      ['dev_timeTravel', [1000], 1, /^date: .* is before the head block's time/],
      ['dev_setHead', [before.head.number + 5], 1, /^hashOrNumber: block \d+ is not in the chain/],
      ['dev_setHead', [`0x${'cd'.repeat(32)}`], 1, /Block not found/],
      ['dev_setHead', [1], 1, /goes back only to blocks produced while a snapshot is held/],
    ];
    for (const [method, params, code, message] of cases) {
      const e = await refusal(method, params);
      expect({ method, ...e }).toEqual({ method, code, message: expect.stringMatching(message) });
    }
    expect(await head()).toEqual(before);
    expect(await free(bob.address)).toBe(balance);
  });
});
