import { stateDigest } from '../../src/runtime/digest.js';
import { alice, bob } from './accounts.js';
import { makeApp, type TestApp, writeOk } from './http.js';

/**
 * The state the fuzz suites attack: a devnet with one NFT collection and one token, and the digest of that state,
 * which every hostile request must leave unchanged.
 */
export async function makeFuzzTarget(): Promise<{ t: TestApp; digest: string }> {
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
  return { t, digest: stateDigest(t.chain.storage.db) };
}
