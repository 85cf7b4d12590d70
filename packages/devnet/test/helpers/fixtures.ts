import type { Chain } from '../../src/chain/chain.js';
import { alice, type TestAccount } from './accounts.js';
import { ok } from './chain.js';

export const hex = (s: string) => `0x${Buffer.from(s, 'utf8').toString('hex')}`;

/** pallet-nfts mint settings as the pallet defaults them: only the issuer mints, at no price, at any block. */
export const ISSUER_MINT_SETTINGS = {
  mintType: 'Issuer',
  price: null,
  startBlock: null,
  endBlock: null,
  defaultItemSettings: 0,
} as const;

export type Perm = { mutable: boolean; collectionAdmin: boolean; tokenOwner: boolean };

/** Creates an NFT collection as `owner` and returns its id. */
export async function createCollection(
  chain: Chain,
  data: Record<string, unknown> = {},
  owner: TestAccount = alice,
): Promise<number> {
  const rec = await ok(chain, owner, 'unique', 'createCollectionEx', {
    data: { mode: 'NFT', name: 'Test', description: 'd', tokenPrefix: 'TST', ...data },
  });
  return Number(rec.events.find((e) => e.method === 'CollectionCreated')!.data['0']);
}

export async function mint(
  chain: Chain,
  collectionId: number,
  owner: string,
  properties: { key: string; value: string }[] = [],
  signer: TestAccount = alice,
): Promise<number> {
  const rec = await ok(chain, signer, 'unique', 'createMultipleItemsEx', {
    collectionId,
    items: [{ owner, properties }],
  });
  return Number(rec.events.find((e) => e.method === 'ItemCreated')!.data['1']);
}
