import { describe, expect, it } from 'vitest';
import { alice, bob } from './helpers/accounts.js';
import { get, makeApp, writeOk } from './helpers/http.js';

describe('query parameters', () => {
  it('collection flags, atBlockHash, pagination, stats, ethereum addresses as mirrors', async () => {
    const t = await makeApp();
    const c = await writeOk(t, alice, '/collection/create', {
      mode: 'Nft',
      name: 'Q',
      description: 'q',
      symbol: 'Q',
    });
    await writeOk(t, alice, '/token/nfts/mint', { collectionId: c.collectionId, tokens: [{}, {}] });
    const full = await get(t, '/collection', { collectionId: c.collectionId });
    expect(full.body).toMatchObject({ admins: [], lastTokenId: 2, totalSupply: 2 });
    const bare = await get(t, '/collection', {
      collectionId: c.collectionId,
      withAdmins: false,
      withLimits: false,
      withLastTokenId: false,
      withTotalSupply: false,
    });
    expect(bare.body).toMatchObject({ admins: null, limits: null, lastTokenId: null, totalSupply: null });
    const byAddress = await get(t, '/collection', {
      collectionId: '0x17c4e6453cc49aaaaeaca894e6d9683e00000001',
    });
    expect((byAddress.body as { collectionId: number }).collectionId).toBe(1);
    expect((await get(t, '/collection', { collectionId: 77 })).status).toBe(404);
    const head = t.chain.headHash;
    expect((await get(t, '/token', { collectionId: 1, tokenId: 1, atBlockHash: head })).status).toBe(200);
    expect(
      (await get(t, '/token', { collectionId: 1, tokenId: 1, atBlockHash: `0x${'12'.repeat(32)}` })).status,
    ).toBe(404);
    expect((await get(t, '/token', { collectionId: 1, tokenId: 3 })).status).toBe(404);
    await writeOk(t, alice, '/collection/create', { mode: 'Nft', name: 'Q2', description: 'q', symbol: 'Q' });
    const page = await get(t, '/collection/list', { limit: 1, skip: 1 });
    expect(page.body).toMatchObject({ isLastPage: true, collections: [{ collectionId: 2 }] });
    expect((await get(t, '/collection/list', { limit: 1 })).body).toMatchObject({ isLastPage: false });
    expect((await get(t, '/allCollectionsStats')).body).toEqual({ created: 2, destroyed: 0, alive: 2 });
    const approved = await get(t, '/token/is-approved', {
      collectionId: 1,
      tokenId: 1,
      spender: bob.address,
    });
    expect(approved.body).toEqual({ isApproved: false, amount: '0' });
    // An Ethereum address holds coins through its substrate mirror.
    const eth = '0x1234567890123456789012345678901234567890';
    const r = await get(t, '/balances/get', { address: eth });
    expect(r.status).toBe(200);
    await t.close();
  });
});
