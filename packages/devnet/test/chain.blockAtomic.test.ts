import { describe, expect, it } from 'vitest';
import type { BlockIndex } from '../src/chain/chain.js';
import { IndexerWriter } from '../src/indexer/writer.js';
import type { RuntimeStorage } from '../src/runtime/storage.js';
import { alice, bob } from './helpers/accounts.js';
import { makeChain, submit } from './helpers/chain.js';
import { tableDigests } from './helpers/snapshot.js';

/** The indexer, made to throw while it indexes block `failAt` (after the block's own rows are written). */
function failingIndex(failAt: { n: number }) {
  return (storage: RuntimeStorage): BlockIndex => {
    const writer = new IndexerWriter(storage);
    return {
      catchUp: () => writer.catchUp(),
      indexOutOfBlockChanges: () => writer.indexOutOfBlockChanges(),
      indexBlock(number, written) {
        writer.indexBlock(number, written);
        if (number === failAt.n) throw new Error('index failed');
      },
    };
  };
}

const transfer = (value: string) => ({ dest: bob.address, value });

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
  });
});
