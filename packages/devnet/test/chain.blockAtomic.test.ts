import { describe, expect, it } from 'vitest';
import type { BlockIndex, Chain } from '../src/chain/chain.js';
import { IndexerWriter } from '../src/indexer/writer.js';
import type { RuntimeStorage } from '../src/runtime/storage.js';
import { alice, bob } from './helpers/accounts.js';
import { makeChain, submit } from './helpers/chain.js';
import { checkIndexerAgrees } from './helpers/indexerInvariants.js';
import { tableDigests } from './helpers/snapshot.js';

/** The indexer, made to throw while it indexes block `failAt` (after the block's own rows are written). */
function failingIndex(failAt: { n: number }) {
  return (storage: RuntimeStorage): BlockIndex => {
    const writer = new IndexerWriter(storage);
    return {
      catchUp: () => writer.catchUp(),
      indexOutOfBlockChanges: () => writer.indexOutOfBlockChanges(),
      get pending() {
        return writer.pending;
      },
      settle: () => writer.settle(),
      rolledBack: (number) => writer.rolledBack(number),
      indexBlock(number, written) {
        writer.indexBlock(number, written);
        if (number === failAt.n) throw new Error('index failed');
      },
    };
  };
}

const transfer = (value: string) => ({ dest: bob.address, value });

/** The coin transfers the index holds, once the blocks waiting for a batch are written. */
function indexedTransfers(chain: Chain): string[] {
  chain.settleIndex();
  return chain.storage.db
    .prepare('SELECT amount FROM ix_coin_transfers ORDER BY event_id')
    .pluck()
    .all() as string[];
}

describe('a block that throws while it is written leaves nothing, and the chain goes on', () => {
  it('the first block of a batch: the whole transaction is rolled back', async () => {
    const failAt = { n: 1 };
    const chain = makeChain({ instant: false, index: failingIndex(failAt) });
    const before = tableDigests(chain.storage.db);
    const hash = await submit(chain, alice, 'balances', 'transferKeepAlive', transfer('1000'));
    expect(() => chain.produceBlock()).toThrow('index failed');
    chain.commit();
    expect(chain.headNumber).toBe(0);
    expect(chain.storage.db.inTransaction).toBe(false);
    expect(tableDigests(chain.storage.db)).toEqual(before);
    // Still pooled, and included by the next block once the fault is gone.
    failAt.n = -1;
    expect(chain.produceBlock()).toBe(1);
    chain.commit();
    expect(chain.committedExtrinsic(hash)?.success).toBe(true);
    // The block that was rolled back left nothing in the index's batch either: its transfer is indexed once.
    expect(indexedTransfers(chain).map(Number)).toEqual([1000]);
  });

  it('a block joining a batch: the blocks before it in the batch stay and commit', async () => {
    const failAt = { n: 2 };
    const chain = makeChain({ instant: false, index: failingIndex(failAt) });
    const first = await submit(chain, alice, 'balances', 'transferKeepAlive', transfer('1000'));
    expect(chain.produceBlock()).toBe(1);
    const afterFirst = tableDigests(chain.storage.db);
    const second = await submit(chain, alice, 'balances', 'transferKeepAlive', transfer('2000'));
    expect(() => chain.produceBlock()).toThrow('index failed');
    expect(tableDigests(chain.storage.db)).toEqual(afterFirst);
    chain.commit();
    expect(chain.committedHead).toBe(1);
    expect(chain.committedExtrinsic(first)?.blockNumber).toBe(1);
    expect(chain.committedExtrinsic(second)).toBeUndefined();
    failAt.n = -1;
    expect(chain.produceBlock()).toBe(2);
    chain.commit();
    expect(chain.committedExtrinsic(second)?.blockNumber).toBe(2);
    expect(indexedTransfers(chain).map(Number)).toEqual([1000, 2000]);
  });

  it('a block whose indexing wrote the waiting batch: the batch is rolled back with it and waits again', async () => {
    const failAt = { n: 3 };
    const chain = makeChain({ instant: false, index: failingIndex(failAt) });
    for (const value of ['1000', '2000']) {
      await submit(chain, alice, 'balances', 'transferKeepAlive', transfer(value));
      chain.produceBlock();
    }
    chain.commit();
    expect(chain.index?.pending).toBe(2);
    // A collection's block is indexed at once, after the batch before it.
    await submit(chain, alice, 'unique', 'createCollectionEx', {
      data: { mode: 'NFT', name: 'A', description: 'a', tokenPrefix: 'A' },
    });
    const before = tableDigests(chain.storage.db, { settle: false });
    expect(() => chain.produceBlock()).toThrow('index failed');
    chain.commit();
    expect(tableDigests(chain.storage.db, { settle: false })).toEqual(before);
    expect(chain.index?.pending).toBe(2);
    failAt.n = -1;
    expect(chain.produceBlock()).toBe(3);
    chain.commit();
    expect(indexedTransfers(chain).map(Number)).toEqual([1000, 2000]);
    checkIndexerAgrees(chain);
  });
});
