import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hexToU8a } from '@polkadot/util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Chain } from '../src/chain/chain.js';
import { openDb } from '../src/database.js';
import { indexChain } from '../src/indexer/writer.js';
import { NFT_TOKEN_KEY_SQL_FUNCTION, nftTokenKeySuffix } from '../src/runtime/common/storageKey.js';
import { decodeMetadata } from '../src/runtime/metadata/build.js';
import { devnetMetadata } from '../src/runtime/metadata/pallets.js';
import { SubstrateBlocks } from '../src/substrateRpc/blocks.js';
import { keysPaged, readStorage, storageKey } from '../src/substrateRpc/storage.js';
import { alice, bob } from './helpers/accounts.js';
import { makeChain } from './helpers/chain.js';

// The raw storage the devnet serves, below the JSON-RPC: values held to the metadata's types, System's block items,
// and the accounts index an older database gets when it is opened.

const { registry } = decodeMetadata(devnetMetadata());
const state = (chain: Chain) => ({ chain, head: new SubstrateBlocks(chain).head() });
const U128 = (1n << 128n) - 1n;

describe('System storage', () => {
  it("System.Account's bytes are what the metadata's AccountInfo encodes, for any balances", () => {
    const chain = makeChain();
    fc.assert(
      fc.property(
        fc.record({
          nonce: fc.integer({ min: 0, max: 0xffff_ffff }),
          free: fc.bigInt({ min: 0n, max: U128 }),
          reserved: fc.bigInt({ min: 0n, max: U128 }),
          frozen: fc.bigInt({ min: 0n, max: U128 }),
        }),
        (info) => {
          chain.storage.system.setAccount(bob.address, info);
          const hex = readStorage(state(chain), storageKey('system.account', bob.address));
          const expected = registry.createType('FrameSystemAccountInfo', {
            nonce: info.nonce,
            consumers: 0,
            providers: 1,
            sufficients: 0,
            data: { free: info.free, reserved: info.reserved, frozen: info.frozen, flags: 1n << 127n },
          });
          expect(hex).toBe(expected.toHex());
        },
      ),
      { numRuns: 200 },
    );
  });

  it('System.Number, ParentHash and BlockHash follow the blocks; BlockHash keeps the genesis and the last 2400', async () => {
    const chain = makeChain();
    for (let i = 0; i < 3; i++) chain.produceBlock();
    const s = state(chain);
    const head = s.head.number;
    expect(head).toBeGreaterThanOrEqual(3);
    const decode = (type: string, hex: string | null) =>
      hex === null ? null : registry.createType(type, hexToU8a(hex));
    expect(decode('u32', readStorage(s, storageKey('system.number')))?.toJSON()).toBe(head);
    expect(decode('H256', readStorage(s, storageKey('system.parentHash')))?.toHex()).toBe(
      chain.blockHash(head - 1),
    );
    expect(decode('H256', readStorage(s, storageKey('system.blockHash', 0)))?.toHex()).toBe(
      chain.blockHash(0),
    );
    expect(decode('H256', readStorage(s, storageKey('system.blockHash', head - 1)))?.toHex()).toBe(
      chain.blockHash(head - 1),
    );
    // The head's own hash is recorded by the next block's initialization.
    expect(readStorage(s, storageKey('system.blockHash', head))).toBeNull();
    // Past the count kept: pruned (the state of a head 2401 blocks on).
    const later = { chain, head: { ...s.head, number: head + 2401 } };
    expect(readStorage(later, storageKey('system.blockHash', head - 1))).toBeNull();
    expect(readStorage(later, storageKey('system.blockHash', 0))).not.toBeNull();
  });
});

describe('the accounts index', () => {
  it('an older database gets it (and the collections one) when opened, and pages read through it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'devnet-keys-'));
    try {
      const path = join(dir, 'chain.sqlite');
      const first = new Chain({ index: indexChain, db: openDb({ path }), instant: true });
      first.faucet(alice.address, 1n);
      // As a database written before the index existed.
      for (const index of ['accounts_storage_key', 'collections_storage_key'])
        first.storage.db.exec(`DROP INDEX ${index}`);
      // As a database written while tokens were indexed in key order: the index is dropped on opening.
      first.storage.db.exec(
        `CREATE INDEX tokens_storage_key ON tokens(${NFT_TOKEN_KEY_SQL_FUNCTION}(collection_id, token_id))`,
      );
      first.storage.db.close();
      const db = openDb({ path });
      const indexes = db.prepare("SELECT name FROM sqlite_master WHERE type = 'index'").pluck().all();
      expect(indexes).toEqual(expect.arrayContaining(['accounts_storage_key', 'collections_storage_key']));
      expect(indexes).not.toContain('tokens_storage_key');
      const chain = new Chain({ index: indexChain, db, instant: true });
      const prefix = storageKey('system.account', alice.address).slice(0, 66);
      const keys = keysPaged(state(chain), prefix, 1000, undefined);
      expect(keys).toContain(storageKey('system.account', alice.address));
      expect(keys).toEqual([...keys].sort());
      db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("Nonfungible.TokenData's key order", () => {
  it('lists every token in key order, a page at a time, and sees tokens written, removed or rolled back since', () => {
    const chain = makeChain();
    const nf = chain.storage.nonfungible;
    const put = (c: number, t: number) =>
      nf.putToken({ collectionId: c, tokenId: t, owner: alice.address, propertiesConsumed: 0 });
    const list = () => nf.tokensByKey('', '', 'g', 1000);
    const inKeyOrder = (ids: [number, number][]) =>
      [...ids].sort((a, b) => (nftTokenKeySuffix(...a)! < nftTokenKeySuffix(...b)! ? -1 : 1));
    const ids: [number, number][] = Array.from({ length: 20 }, (_, i) => [1, i + 1]);
    for (const [c, t] of ids) put(c, t);
    expect(list()).toEqual(inKeyOrder(ids));
    // Pages: after the last key seen, within [from, to), at most `limit`.
    const keys = inKeyOrder(ids).map((id) => nftTokenKeySuffix(...id)!);
    expect(nf.tokensByKey(keys[4]!, '', 'g', 3)).toEqual(inKeyOrder(ids).slice(5, 8));
    expect(nf.tokensByKey('', keys[18]!, 'g', 1000)).toEqual(inKeyOrder(ids).slice(18));
    expect(nf.tokensByKey('', '', keys[2]!, 1000)).toEqual(inKeyOrder(ids).slice(0, 2));
    // A token written or removed after a listing is seen by the next one.
    put(2, 1);
    expect(list()).toEqual(inKeyOrder([...ids, [2, 1]]));
    nf.removeToken(1, 5);
    const left = ids.filter(([, t]) => t !== 5);
    expect(list()).toEqual(inKeyOrder([...left, [2, 1]]));
    // A write listed and then rolled back is gone from the next listing.
    expect(() =>
      chain.storage.db.transaction(() => {
        put(3, 1);
        expect(list()).toContainEqual([3, 1]);
        throw new Error('rolled back');
      })(),
    ).toThrow('rolled back');
    expect(list()).toEqual(inKeyOrder([...left, [2, 1]]));
  });
});
