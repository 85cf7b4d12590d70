import { encodeCollectionToProperties, encodeTokenToProperties } from '@nftkit/metadata';
import type { Chain } from '../src/chain/chain.js';
import { encodeCall } from '../src/runtime/runtime.js';
import { account } from './client.js';

// A chain with many tokens, as the benches that measure "on a big chain" need it: collection 1 holding `count` NFTs
// with schema v2 metadata, owned in turn by Alice … Eve. Minted through the runtime in-process (signed 120-token
// transactions, 40 per block), so every row — state, history, index — is written as for any block.

const PER_TX = 120;
const TX_PER_BLOCK = 40;

/** The owners of the seeded tokens, token `id` belonging to `SEED_OWNERS[id % 5]`. */
export const SEED_OWNERS = ['//Alice', '//Bob', '//Charlie', '//Dave', '//Eve'].map(
  (u) => account(u).address,
);

/** Mints `count` tokens into a new collection 1 on `chain` (a chain that does not mine on its own). */
export async function seedTokens(chain: Chain, count: number): Promise<void> {
  const alice = account('//Alice');
  const sign = async (section: string, method: string, args: Record<string, unknown>) => {
    const built = chain.build(encodeCall(section, method, args), { signerAddress: alice.address });
    const { signature } = await alice.signer.sign(built as never);
    chain.submit(built.signerPayloadJSON, signature);
  };
  const schema = encodeCollectionToProperties({});
  await sign('unique', 'createCollectionEx', {
    data: {
      mode: 'NFT',
      name: 'Big chain',
      description: 'b',
      tokenPrefix: 'BIG',
      properties: schema.properties.map((p) => ({ key: p.key, value: p.valueHex })),
      tokenPropertyPermissions: schema.tokenPropertyPermissions,
    },
  });
  chain.produceBlock();
  chain.commit();
  let minted = 0;
  while (minted < count) {
    for (let i = 0; i < TX_PER_BLOCK && minted < count; i++) {
      const n = Math.min(PER_TX, count - minted);
      const items = Array.from({ length: n }, (_, k) => {
        const id = minted + k + 1;
        const props = encodeTokenToProperties({
          name: `Token ${id}`,
          image: `https://example.com/${id}.png`,
          attributes: [{ trait_type: 'rank', value: id % 100 }],
        });
        return {
          owner: SEED_OWNERS[id % SEED_OWNERS.length],
          properties: props.map((p) => ({ key: p.key, value: p.valueHex })),
        };
      });
      await sign('unique', 'createMultipleItemsEx', { collectionId: 1, items });
      minted += n;
    }
    chain.produceBlock();
    // Each block committed on its own, as a running devnet does: signing here never yields to the event loop, so
    // the group commit would otherwise hold every block in one transaction (and the WAL could never checkpoint).
    chain.commit();
  }
  const failed = chain.storage.db
    .prepare('SELECT COUNT(*) FROM extrinsics WHERE success = 0')
    .pluck()
    .get() as number;
  if (failed > 0) throw new Error(`${failed} seeding transactions failed`);
}
