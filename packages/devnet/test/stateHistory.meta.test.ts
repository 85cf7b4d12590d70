import { expect, it } from 'vitest';
import { stateDigest } from '../src/runtime/digest.js';
import { nftsStorage } from '../src/runtime/nfts/storage.js';
import { STATE_META } from '../src/runtime/stateMeta.js';
import { Meta } from '../src/storage/meta.js';
import { makeChain } from './helpers/chain.js';
import { createCollection } from './helpers/fixtures.js';

// Common's collection counts and the next collection id live as `meta` rows: at an older block they must read as
// they were then (a trace re-running a collection's creation gave it the next id, and its event another id than the
// receipt's), and the state digest must see them change.
it('reads the state kept in meta as it was at an older block, and the head again after', async () => {
  const chain = makeChain();
  const before = chain.headNumber;
  const counts = () => ({
    created: chain.storage.common.createdCount,
    nextId: nftsStorage(chain.storage).nextCollectionId,
  });
  const then = counts();
  await createCollection(chain);
  await createCollection(chain);
  chain.commit();
  const now = counts();
  expect(now.created).toBe(then.created + 2);
  expect(chain.stateHistory.at(before, chain.headNumber, counts)).toEqual(then);
  expect(chain.stateHistory.at(before + 1, chain.headNumber, counts).created).toBe(then.created + 1);
  expect(counts()).toEqual(now);
});

it('the state digest changes with a state meta row and not with the node’s own', () => {
  const chain = makeChain();
  const db = chain.storage.db;
  const meta = new Meta(db);
  const digest = stateDigest(db);
  meta.set('head_hash', '0x00');
  expect(stateDigest(db)).toBe(digest);
  meta.set(STATE_META.totalIssuance, meta.getBigInt(STATE_META.totalIssuance) + 1n);
  expect(stateDigest(db)).not.toBe(digest);
});
