import { beforeEach, describe, expect, it } from 'vitest';
import type { Chain } from '../src/chain/chain.js';
import { alice, bob, charlie } from './helpers/accounts.js';
import { expectDispatchError, makeChain, ok } from './helpers/chain.js';
import { createCollection, mint } from './helpers/fixtures.js';
import { checkInvariants } from './helpers/invariants.js';

// `unique.setAllowanceForAll` (chain-rules §3/§4): a collection-wide operator may move any of the owner's NFTs or
// refungible pieces; a fungible collection has no such operator.
let chain: Chain;
beforeEach(() => {
  chain = makeChain();
});

const setForAll = (collectionId: number, operator: string, approve: boolean) =>
  ok(chain, bob, 'unique', 'setAllowanceForAll', { collectionId, operator, approve });
const moveAsCharlie = (collectionId: number, itemId: number, value: string) =>
  ok(chain, charlie, 'unique', 'transferFrom', {
    collectionId,
    from: bob.address,
    recipient: alice.address,
    itemId,
    value,
  });

describe('setAllowanceForAll', () => {
  it('an NFT collection: the operator moves the owner’s token, and not after revocation', async () => {
    const c = await createCollection(chain);
    const first = await mint(chain, c, bob.address);
    const second = await mint(chain, c, bob.address);
    const rec = await setForAll(c, charlie.address, true);
    expect(rec.events.map((e) => `${e.section}.${e.method}`)).toContain('common.ApprovedForAll');
    await moveAsCharlie(c, first, '1');
    expect(chain.storage.nonfungible.token(c, first)?.owner).toBe(alice.address);
    await setForAll(c, charlie.address, false);
    await expectDispatchError(
      chain,
      charlie,
      'unique',
      'transferFrom',
      { collectionId: c, from: bob.address, recipient: alice.address, itemId: second, value: '1' },
      'common.ApprovedValueTooLow',
    );
    checkInvariants(chain);
  });

  it('a refungible collection: the operator moves the owner’s pieces', async () => {
    const c = await createCollection(chain, { mode: 'ReFungible' });
    await ok(chain, alice, 'unique', 'createMultipleItemsEx', {
      collectionId: c,
      refungibleOwners: { users: [{ owner: bob.address, pieces: '10' }], properties: [] },
    });
    await setForAll(c, charlie.address, true);
    await moveAsCharlie(c, 1, '4');
    expect(chain.storage.refungible.balance(c, 1, bob.address)).toBe(6n);
    expect(chain.storage.refungible.balance(c, 1, alice.address)).toBe(4n);
    checkInvariants(chain);
  });

  it('a fungible collection refuses it and changes nothing', async () => {
    const c = await createCollection(chain, { mode: { Fungible: 18 } });
    await expectDispatchError(
      chain,
      bob,
      'unique',
      'setAllowanceForAll',
      { collectionId: c, operator: charlie.address, approve: true },
      'nonfungible.NotNonfungibleDataUsedToMintFungibleCollectionToken',
    );
  });
});
