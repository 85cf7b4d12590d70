import { describe, expect, it } from 'vitest';
import { SNAKE_COLLECTION_INPUT } from '../../api/test/fixtures.js';
import { alice, bob } from './helpers/accounts.js';
import { get, makeApp, post, write, writeOk } from './helpers/http.js';

describe('http write flow', () => {
  it('creates a collection, mints, reads', async () => {
    const t = await makeApp();
    const col = await writeOk(t, alice, '/collection/create', {
      ...SNAKE_COLLECTION_INPUT,
      tokenPropertyPermissions: [
        { key: 'score', permission: { mutable: true, collectionAdmin: true, tokenOwner: false } },
      ],
    });
    const _minted = await writeOk(t, alice, '/token/nfts/mint', {
      collectionId: col.collectionId,
      tokens: [
        {
          owner: bob.address,
          data: { image: 'https://example/snake.png', attributes: [{ trait_type: 'score', value: 0 }] },
          properties: [{ key: 'score', value: '0' }],
        },
      ],
    });
    const tok = await get(t, '/token', { collectionId: col.collectionId, tokenId: 1 });
    const _bad = await post(t, '/token/nfts/mint/build', {
      args: { collectionId: 0, tokens: [] },
      options: { signerAddress: alice.address },
    });
    const _fail = await write(t, bob, '/collection/properties/set', {
      collectionId: col.collectionId,
      properties: [{ key: 'a', value: 'b' }],
    });
    expect(tok.status).toBe(200);
    await t.close();
  });
});
