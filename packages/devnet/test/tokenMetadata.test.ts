import { describe, expect, it } from 'vitest';
import { tokenView } from '../src/views/token.js';
import { alice, bob } from './helpers/accounts.js';
import { makeChain, ok } from './helpers/chain.js';
import { createCollection, mint } from './helpers/fixtures.js';
import { checkIndexerAgrees } from './helpers/indexerInvariants.js';

// A property value the chain accepts (up to 32 768 bytes) can be longer than @nftkit/metadata takes once read as
// text: each byte that is not UTF-8 becomes U+FFFD, three bytes. The decoder's refusal is the token's decoding
// error, never an exception: the indexer decodes inside the block's transaction, where one failed every block after.
describe('a token property the metadata decoder refuses', () => {
  it('is the token decoding error, in its view and its indexer row, and the chain goes on', async () => {
    const chain = makeChain();
    const id = await createCollection(chain, {
      tokenPropertyPermissions: [
        { key: 'a', permission: { mutable: true, collectionAdmin: true, tokenOwner: false } },
      ],
    });
    const t = await mint(chain, id, alice.address);
    const value = `0x${'ff'.repeat(11_000)}`;
    await ok(chain, alice, 'unique', 'setTokenProperties', {
      collectionId: id,
      tokenId: t,
      properties: [{ key: 'a', value }],
    });
    await ok(chain, bob, 'balances', 'transferKeepAlive', { dest: alice.address, value: '1' });
    const view = tokenView(chain.storage, id, t);
    expect(view?.decodingError).toMatch(/must not exceed 32768 bytes/);
    expect(view?.properties).toEqual([expect.objectContaining({ key: 'a', valueHex: value })]);
    const row = chain.storage.db
      .prepare('SELECT row FROM ix_nfts WHERE collection_id = ? AND token_id = ?')
      .pluck()
      .get(id, t) as string;
    expect(JSON.parse(row).tokenInfoError).toMatch(/must not exceed 32768 bytes/);
    checkIndexerAgrees(chain);
  });
});
