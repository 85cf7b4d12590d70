import { alice, bob } from './accounts.js';
import { makeApp, type TestApp, writeOk } from './http.js';
import { type ChainSnapshot, chainSnapshot } from './snapshot.js';

/**
 * The state the fuzz suites attack: a devnet with one NFT collection and one token, and a snapshot of it (every
 * table, the head, the pool), which every hostile request must leave unchanged.
 */
export async function makeFuzzTarget(): Promise<{ t: TestApp; digest: ChainSnapshot }> {
  const t = await makeApp();
  const c = await writeOk(t, alice, '/collection/create', {
    mode: 'Nft',
    name: 'F',
    description: 'f',
    symbol: 'F',
  });
  await writeOk(t, alice, '/token/nfts/mint', {
    collectionId: c.collectionId,
    tokens: [{ owner: bob.address }],
  });
  return { t, digest: chainSnapshot(t.chain) };
}
