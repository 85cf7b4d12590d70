import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bytesToHex } from '@nftkit/primitives';
import { blake2b } from '@noble/hashes/blake2.js';
import type { ApiPromise } from '@polkadot/api';
import { hexToU8a, u8aToHex } from '@polkadot/util';
import { xxhashAsHex } from '@polkadot/util-crypto';
import Database from 'better-sqlite3';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Chain } from '../src/chain/chain.js';
import { openDb } from '../src/database.js';
import { GAS_PRICE } from '../src/runtime/evm/gas.js';
import { devnetTypes } from '../src/runtime/metadata/pallets.js';
import { encodeCall } from '../src/runtime/runtime.js';
import { SubstrateBlocks } from '../src/substrateRpc/blocks.js';
import { BlockEvents } from '../src/substrateRpc/events.js';
import { alice, bob } from './helpers/accounts.js';
import { makeChain, ok, run, submit } from './helpers/chain.js';
import { devnetForFile, TIMED_BLOCKS } from './helpers/devnet.js';
import { devKey } from './helpers/ethRpc.js';
import { createCollection, ISSUER_MINT_SETTINGS, mint } from './helpers/fixtures.js';
import { connectApi, nodeAnswer } from './helpers/substrate.js';

// Blocks as Substrate serves them: SCALE headers whose hash is the block hash, bodies of the signed extrinsics as
// submitted, and System.Events encoded per the metadata.

const devnet = devnetForFile(TIMED_BLOCKS);
let http: string;
let api: ApiPromise;

beforeAll(async () => {
  http = new URL(devnet.url).origin;
  api = await connectApi(http);
});
afterAll(async () => {
  await api.disconnect();
});

const rpc = (method: string, params: unknown[] = []) => nodeAnswer(http, method, params);

const blake2 = (bytes: Uint8Array) => u8aToHex(blake2b(bytes, { dkLen: 32 }));

/** A REST-signed transfer, waited for until its block is committed. */
async function transfer(value: string) {
  const hash = await submit(devnet.chain, alice, 'balances', 'transferKeepAlive', {
    dest: bob.address,
    value,
  });
  const rec = await devnet.chain.waitForExtrinsic(hash, 60_000);
  if (!rec) throw new Error('not included');
  return rec;
}

describe('headers', () => {
  it('hash to the block hash: blake2-256 of the SCALE header, genesis included', async () => {
    await transfer('5');
    const head = devnet.chain.committedHead;
    for (const n of [0, 1, head]) {
      const hash = devnet.chain.blockHash(n)!;
      const header = await api.rpc.chain.getHeader(hash);
      expect(header.number.toNumber()).toBe(n);
      // polkadot-js computes a header's hash from its encoding, as it does for the era's block it signs.
      expect(header.hash.toHex()).toBe(hash);
      expect(blake2(header.toU8a())).toBe(hash);
      if (n > 0) expect(header.parentHash.toHex()).toBe(devnet.chain.blockHash(n - 1));
    }
    expect(api.genesisHash.toHex()).toBe(devnet.chain.genesisHash);
  });
});

describe('bodies', () => {
  it('serve the signed extrinsics as submitted: their blake2 is their hash, and they decode to the call', async () => {
    const rec = await transfer('12345');
    const block = await api.rpc.chain.getBlock(rec.blockHash);
    expect(block.block.header.hash.toHex()).toBe(rec.blockHash);
    const xts = block.block.extrinsics;
    const xt = xts[rec.index]!;
    expect(xt.hash.toHex()).toBe(rec.hash);
    expect(blake2(xt.toU8a())).toBe(rec.hash);
    expect(xt.isSigned).toBe(true);
    expect(xt.signer.toString()).toBe(alice.address);
    expect(`${xt.method.section}.${xt.method.method}`).toBe('balances.transferKeepAlive');
    expect(xt.method.args[1]!.toString()).toBe('12345');
    expect(xt.nonce.toNumber()).toBe(rec.nonce);
    expect(xt.era.isMortalEra).toBe(true);
  });
});

describe('System.Events', () => {
  it('holds each block’s events per the metadata, at that block', async () => {
    const rec = await transfer('777');
    // polkadot-js reads the events at the block a transaction went into, long after it stopped being the head.
    await new Promise((r) => setTimeout(r, 600));
    const at = await api.at(rec.blockHash);
    const records = (await at.query.system!.events!()) as unknown as {
      phase: { isApplyExtrinsic: boolean; asApplyExtrinsic: { toNumber(): number } };
      event: { section: string; method: string; data: { toString(): string }[] };
    }[];
    const mine = records.filter(
      (r) => r.phase.isApplyExtrinsic && r.phase.asApplyExtrinsic.toNumber() === rec.index,
    );
    const names = mine.map((r) => `${r.event.section}.${r.event.method}`);
    expect(names).toEqual(rec.events.map((e) => `${e.section}.${e.method}`));
    expect(names).toContain('balances.Transfer');
    expect(names.at(-1)).toBe('system.ExtrinsicSuccess');
    const t = mine.find((r) => r.event.method === 'Transfer' && r.event.section === 'balances')!;
    expect(t.event.data.map((d) => d.toString())).toEqual([alice.address, bob.address, '777']);
    const fee = mine.find((r) => r.event.method === 'Withdraw')!;
    expect(fee.event.data[1]!.toString()).toBe(rec.fee);
  });

  it('is read through state_getStorage at twox128("System") ++ twox128("Events")', async () => {
    const rec = await transfer('9');
    const key = xxhashAsHex('System', 128) + xxhashAsHex('Events', 128).slice(2);
    const raw = (await rpc('state_getStorage', [key, rec.blockHash])).result as string;
    const decoded = api.registry.createType('Vec<FrameSystemEventRecord>', hexToU8a(raw));
    expect(decoded.length).toBe(
      devnet.chain.storage.db
        .prepare('SELECT count(*) FROM events WHERE block_number = ?')
        .pluck()
        .get(rec.blockNumber),
    );
    // Another key is read from the state at that block (the state history's).
    const other = xxhashAsHex('System', 128) + xxhashAsHex('Number', 128).slice(2);
    const old = await rpc('state_getStorage', [other, devnet.chain.blockHash(1)]);
    expect(old.result).toBe('0x01000000');
  });
});

describe('a database with the older block hashes', () => {
  it('is refused, naming --reset', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'devnet-hashes-')), 'old.sqlite');
    const chain = new Chain({ db: openDb({ path, reset: true }), instant: true });
    chain.stop();
    chain.storage.db.close();
    const raw = new Database(path);
    raw.prepare("DELETE FROM meta WHERE key = 'block_hashes'").run();
    raw.close();
    expect(() => openDb({ path })).toThrow(/block hashes an older devnet made.*--reset/s);
    // Left as it was: still unmarked, its blocks kept.
    const after = new Database(path, { readonly: true });
    expect(after.prepare("SELECT value FROM meta WHERE key = 'block_hashes'").get()).toBeUndefined();
    expect(after.prepare('SELECT count(*) FROM blocks').pluck().get()).toBe(1);
    after.close();
    // A database the devnet made now opens again.
    openDb({ path, reset: true }).close();
    openDb({ path }).close();
  });
});

describe('every kind of event and extrinsic the runtime makes', () => {
  it('encodes per the metadata and decodes back to the records the REST API shows', async () => {
    const chain = makeChain();
    const c = await createCollection(chain);
    await ok(chain, alice, 'unique', 'setCollectionProperties', {
      collectionId: c,
      properties: [{ key: '0x12', value: '0x76' }],
    });
    const t = await mint(chain, c, bob.address);
    await ok(chain, bob, 'unique', 'transfer', {
      recipient: alice.address,
      collectionId: c,
      itemId: t,
      value: '1',
    });
    await ok(chain, alice, 'unique', 'burnItem', { collectionId: c, itemId: t, value: '1' });
    // A failed dispatch: ExtrinsicFailed with its module error.
    const failed = await run(chain, alice, 'unique', 'burnItem', { collectionId: c, itemId: 99, value: '1' });
    expect(failed.success).toBe(false);
    const transfer = (value: string) =>
      bytesToHex(encodeCall('balances', 'transferKeepAlive', { dest: bob.address, value }));
    await ok(chain, alice, 'utility', 'batchAll', { calls: [transfer('1'), transfer('2')] });
    await ok(chain, alice, 'nfts', 'create', {
      admin: alice.address,
      config: {
        settings: 0,
        maxSupply: null,
        mintSettings: ISSUER_MINT_SETTINGS,
      },
    });
    const sender = privateKeyToAccount(devKey(3));
    const raw = await sender.signTransaction({
      type: 'eip1559',
      chainId: 8884,
      nonce: 0,
      to: '0x000000000000000000000000000000000000c0DE',
      value: 5n,
      gas: 21_000n,
      maxFeePerGas: GAS_PRICE,
      maxPriorityFeePerGas: 0n,
    });
    const ethHash = chain.submitEthereum(raw);
    chain.commit();
    expect(chain.history.get(ethHash)?.success).toBe(true);

    const events = new BlockEvents(chain);
    const blocks = new SubstrateBlocks(chain);
    const { registry } = devnetTypes();
    const seen = new Set<string>();
    for (let n = 1; n <= chain.headNumber; n++) {
      const rows = chain.storage.db
        .prepare<[number], { extrinsic_idx: number; section: string; method: string; data: string }>(
          'SELECT extrinsic_idx, section, method, data FROM events WHERE block_number = ? ORDER BY extrinsic_idx, event_idx',
        )
        .all(n);
      const hex = events.at(n);
      if (rows.length === 0) {
        expect(hex).toBeNull();
        continue;
      }
      const decoded = registry.createType('Vec<FrameSystemEventRecord>', hexToU8a(hex!)) as unknown as {
        phase: { asApplyExtrinsic: { toNumber(): number } };
        event: { section: string; method: string; toHuman(): unknown };
      }[];
      expect(
        decoded.map((r) => `${r.phase.asApplyExtrinsic.toNumber()} ${r.event.section}.${r.event.method}`),
      ).toEqual(rows.map((r) => `${r.extrinsic_idx} ${r.section}.${r.method}`));
      // Re-encoding what was decoded gives the same bytes: nothing was dropped or guessed.
      expect(u8aToHex(registry.createType('Vec<FrameSystemEventRecord>', decoded).toU8a())).toBe(hex);
      for (const r of rows) seen.add(`${r.section}.${r.method}`);
      // A property key is text on the devnet and bytes on the chain: '0x12' is the four bytes of that text.
      const propertySet = decoded.find((r) => r.event.method === 'CollectionPropertySet');
      if (propertySet)
        expect((propertySet.event as unknown as { data: { toHex(): string }[] }).data[1]!.toHex()).toBe(
          bytesToHex(new TextEncoder().encode('0x12')),
        );
      // The body: every extrinsic decodes, and hashes to its recorded hash (an Ethereum transaction is an unsigned
      // ethereum.transact whose hash the devnet keeps as the keccak of its RLP, as Frontier reports it).
      const row = blocks.byNumber(n)!;
      for (const [i, xt] of blocks.extrinsics(row).entries()) {
        const ex = registry.createType('Extrinsic', hexToU8a(xt));
        const recorded = chain.storage.db
          .prepare<[number, number], { hash: string; section: string; method: string }>(
            'SELECT hash, section, method FROM extrinsics WHERE block_number = ? AND idx = ?',
          )
          .get(n, i)!;
        expect(`${ex.method.section}.${ex.method.method}`).toBe(`${recorded.section}.${recorded.method}`);
        if (ex.isSigned) expect(ex.hash.toHex()).toBe(recorded.hash);
        else expect(recorded.hash).toBe(ethHash);
      }
    }
    for (const kind of [
      'common.CollectionCreated',
      'common.CollectionPropertySet',
      'common.ItemCreated',
      'common.Transfer',
      'common.ItemDestroyed',
      'system.ExtrinsicFailed',
      'utility.BatchCompleted',
      'nfts.Created',
      'ethereum.Executed',
    ])
      expect(seen, kind).toContain(kind);
  });
});
