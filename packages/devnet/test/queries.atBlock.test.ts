import { expect, it } from 'vitest';
import { alice, bob } from './helpers/accounts.js';
import { get, makeApp, writeOk } from './helpers/http.js';

// REST's `atBlockHash` reads the state of that block (the chain's state history), not the head's under its name.
it('answers each query with the state of the block named, and refuses one older than what is kept', async () => {
  const t = await makeApp({ stateHistoryBlocks: 4 });
  const genesis = t.chain.headHash;
  const c = await writeOk(t, alice, '/collection/create', {
    mode: 'Nft',
    name: 'A',
    description: 'a',
    symbol: 'A',
  });
  await writeOk(t, alice, '/token/nfts/mint', {
    collectionId: c.collectionId,
    tokens: [{ owner: alice.address }],
  });
  const minted = t.chain.headHash;
  const then = {
    token: (await get(t, '/token', { collectionId: 1, tokenId: 1 })).body,
    stats: (await get(t, '/allCollectionsStats')).body,
    balance: (await get(t, '/balances/get', { address: alice.address })).body,
    tokens: (await get(t, '/collection/account/tokens', { collectionId: 1, address: alice.address })).body,
  };
  await writeOk(t, alice, '/token/transfer-from', { collectionId: 1, tokenId: 1, to: bob.address });
  await writeOk(t, alice, '/collection/create', { mode: 'Nft', name: 'B', description: 'b', symbol: 'B' });

  const at = (path: string, q: Record<string, unknown>, hash = minted) =>
    get(t, path, { ...q, atBlockHash: hash });
  expect((await at('/token', { collectionId: 1, tokenId: 1 })).body).toEqual(then.token);
  expect((await get(t, '/token', { collectionId: 1, tokenId: 1 })).body).toMatchObject({
    owner: bob.address,
  });
  expect((await at('/allCollectionsStats', {})).body).toEqual(then.stats);
  expect((await get(t, '/allCollectionsStats')).body).toEqual({ created: 2, destroyed: 0, alive: 2 });
  expect((await at('/balances/get', { address: alice.address })).body).toEqual(then.balance);
  expect((await at('/collection/account/tokens', { collectionId: 1, address: alice.address })).body).toEqual(
    then.tokens,
  );
  expect((await at('/collection', { collectionId: 2 })).status).toBe(404);
  expect((await at('/collection', { collectionId: 1 }, genesis)).status).toBe(404);
  expect((await get(t, '/collection', { collectionId: 2 })).status).toBe(200);

  // Past the kept window (4 blocks here): said so, never the head's answer.
  for (let i = 0; i < 5; i++)
    await writeOk(t, alice, '/collection/create', {
      mode: 'Nft',
      name: `C${i}`,
      description: 'c',
      symbol: 'C',
    });
  const old = await at('/allCollectionsStats', {});
  expect(old.status).toBe(404);
  expect(old.body).toMatchObject({
    error: expect.stringMatching(/is not available: the devnet keeps the state of the last 4 blocks/),
  });
  await t.close();
});
