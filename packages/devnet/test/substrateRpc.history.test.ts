import type { ApiPromise } from '@polkadot/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_STATE_HISTORY_BLOCKS } from '../src/chain/stateHistory.js';
import { type Devnet, startDevnet } from '../src/server.js';
import { storageKey } from '../src/substrateRpc/storage.js';
import { alice, bob } from './helpers/accounts.js';
import { ok } from './helpers/chain.js';
import { createCollection } from './helpers/fixtures.js';
import { chainSnapshot } from './helpers/snapshot.js';
import { connectApi, nodeAnswer } from './helpers/substrate.js';

// State read at an older block hash: the value as it was at that block, put back from the chain's state history
// (the one eth_getBalance at an older block reads), for as many blocks as it keeps; past that, or at a block the
// chain does not have, a node's error — never the head's value.

let devnet: Devnet;
let origin: string;
let api: ApiPromise;

beforeAll(async () => {
  devnet = await startDevnet({ port: 0, dbPath: ':memory:', instant: true, logLevel: 'silent' });
  origin = new URL(devnet.url).origin;
  api = await connectApi(origin);
});
afterAll(async () => {
  await api?.disconnect();
  await devnet?.stop();
});

const rpc = (method: string, params: unknown[]) => nodeAnswer(origin, method, params);

type Num = { toBigInt(): bigint; toNumber(): number };
type AccountInfo = { nonce: Num; data: { free: Num }; toHex(): string };
type At = { query: ApiPromise['query'] };
const account = (q: At['query'], who: string) => q.system!.account!(who) as unknown as Promise<AccountInfo>;
const balance = (address: string) => devnet.chain.storage.system.account(address).free;

describe('System.Account and the other modelled keys at an older block', () => {
  it('answer the value as it was at each block, through api.query.*.at, api.at and state_getStorage', async () => {
    const steps: { hash: string; free: bigint; nonce: number; number: number }[] = [];
    const record = () => {
      const { nonce } = devnet.chain.storage.system.account(alice.address);
      steps.push({
        hash: devnet.chain.headHash,
        free: balance(alice.address),
        nonce,
        number: devnet.chain.headNumber,
      });
    };
    record();
    for (const value of [1_000n, 2_000n, 3_000n]) {
      await ok(devnet.chain, alice, 'balances', 'transferKeepAlive', {
        dest: bob.address,
        value: String(value),
      });
      record();
    }
    // Each block a different balance and nonce for Alice.
    expect(new Set(steps.map((s) => s.free)).size).toBe(steps.length);
    const key = storageKey('system.account', alice.address);
    for (const step of steps) {
      const at = (await api.at(step.hash)) as unknown as At;
      const viaAt = await account(at.query, alice.address);
      expect(viaAt.data.free.toBigInt()).toBe(step.free);
      expect(viaAt.nonce.toNumber()).toBe(step.nonce);
      const viaQueryAt = (await api.query.system!.account!.at(
        step.hash,
        alice.address,
      )) as unknown as AccountInfo;
      expect(viaQueryAt.data.free.toBigInt()).toBe(step.free);
      // System.Number at that block is that block's number; the raw read matches the decorated one.
      expect(((await at.query.system!.number!()) as unknown as Num).toNumber()).toBe(step.number);
      const raw = await rpc('state_getStorage', [key, step.hash]);
      expect(raw.result).toBe(viaAt.toHex());
      const multi = await rpc('state_queryStorageAt', [[key, storageKey('system.number')], step.hash]);
      expect(multi.result).toEqual([
        {
          block: step.hash,
          changes: [
            [key, viaAt.toHex()],
            [storageKey('system.number'), expect.any(String)],
          ],
        },
      ]);
    }
    // The head answers as before: an older state put back for a read is gone again.
    expect((await account(api.query, alice.address)).data.free.toBigInt()).toBe(steps.at(-1)!.free);
    expect(balance(alice.address)).toBe(steps.at(-1)!.free);
  });

  it("Unique's maps and the unique_* RPC at an older block show the collection as it was then", async () => {
    const before = devnet.chain.headHash;
    const id = await createCollection(devnet.chain);
    const after = devnet.chain.headHash;
    const key = storageKey('common.collectionById', id);
    expect((await rpc('state_getStorage', [key, before])).result).toBeNull();
    expect((await rpc('state_getStorage', [key, after])).result).toMatch(/^0x/);
    expect((await rpc('unique_collectionById', [id, before])).result).toBeNull();
    expect((await rpc('unique_collectionById', [id, after])).result).not.toBeNull();
    // A refusal from the older state (the collection did not exist yet) puts the head's state back all the same.
    expect((await rpc('unique_lastTokenId', [id, before])).error?.message).toMatch(/CollectionNotFound/);
    expect((await rpc('unique_collectionById', [id])).result).not.toBeNull();
    expect((await rpc('state_getStorage', [key])).result).toMatch(/^0x/);
    expect(
      (
        await rpc('state_call', [
          'AccountNonceApi_account_nonce',
          `0x${Buffer.from(alice.publicKey).toString('hex')}`,
          before,
        ])
      ).result,
    ).not.toBe(
      (
        await rpc('state_call', [
          'AccountNonceApi_account_nonce',
          `0x${Buffer.from(alice.publicKey).toString('hex')}`,
          after,
        ])
      ).result,
    );
  });

  it('a block hash that is not one, a block the chain does not have, and one beyond what is kept: refused, nothing changed', async () => {
    const first = devnet.chain.headHash;
    const firstNumber = devnet.chain.headNumber;
    for (let i = 0; i < DEFAULT_STATE_HISTORY_BLOCKS + 2; i++) devnet.chain.produceBlock();
    devnet.chain.commit();
    const head = devnet.chain.headNumber;
    const oldestKept = devnet.chain.blockHash(head - DEFAULT_STATE_HISTORY_BLOCKS)!;
    const key = storageKey('system.account', alice.address);
    const snapshot = chainSnapshot(devnet.chain);
    // The oldest block kept still answers.
    expect((await rpc('state_getStorage', [key, oldestKept])).result).toMatch(/^0x/);
    expect(head - firstNumber).toBeGreaterThan(DEFAULT_STATE_HISTORY_BLOCKS);
    const unknown = `0x${'ab'.repeat(32)}`;
    for (const [method, params] of [
      ['state_getStorage', [key]],
      ['state_queryStorageAt', [[key]]],
      ['state_getKeysPaged', [key.slice(0, 66), 10, null]],
      ['unique_collectionById', [1]],
      // What a node answers from the block's runtime, which it loads from that block's state.
      ['state_call', ['Core_version', '0x']],
      ['state_call', ['AccountNonceApi_account_nonce', `0x${Buffer.from(alice.publicKey).toString('hex')}`]],
      ['state_call', ['NoSuchApi_method', '0x']],
      ['state_getMetadata', []],
      ['state_getRuntimeVersion', []],
    ] as const) {
      expect((await rpc(method, [...params, '0x1234'])).error, method).toMatchObject({ code: -32602 });
      expect((await rpc(method, [...params, unknown])).error, method).toEqual({
        code: 4003,
        message: `Client error: UnknownBlock: Header was not found in the database: ${unknown}`,
      });
      const beyond = (await rpc(method, [...params, first])).error;
      expect(beyond?.code, method).toBe(4003);
      expect(beyond?.message).toMatch(
        new RegExp(
          `^Client error: UnknownBlock: State already discarded for ${first} \\(the devnet keeps the state of the last ${DEFAULT_STATE_HISTORY_BLOCKS} blocks`,
        ),
      );
    }
    await expect(api.query.system!.account!.at(first, alice.address)).rejects.toThrow(
      /State already discarded/,
    );
    expect(chainSnapshot(devnet.chain)).toEqual(snapshot);
  });
});
