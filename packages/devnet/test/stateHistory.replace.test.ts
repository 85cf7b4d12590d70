import { expect, it } from 'vitest';
import { alice, bob } from './helpers/accounts.js';
import { makeChain, ok } from './helpers/chain.js';
import { createCollection, mint } from './helpers/fixtures.js';

// The runtime writes rows with `INSERT OR REPLACE`; the state history must keep the replaced row's old value, which
// SQLite shows a trigger only with recursive triggers on (the replaced row's delete).
it('reads a row rewritten by INSERT OR REPLACE as it was at an older block', async () => {
  const chain = makeChain();
  const collectionId = await createCollection(chain);
  const tokenId = await mint(chain, collectionId, alice.address);
  const before = chain.headNumber;
  await ok(chain, alice, 'unique', 'transfer', {
    recipient: bob.address,
    collectionId,
    itemId: tokenId,
    value: '1',
  });
  chain.commit();
  const owner = () =>
    chain.storage.db
      .prepare('SELECT owner FROM tokens WHERE collection_id = ? AND token_id = ?')
      .pluck()
      .get(collectionId, tokenId);
  expect(owner()).toBe(bob.address);
  expect(chain.stateHistory.at(before, chain.headNumber, owner)).toBe(alice.address);
});
