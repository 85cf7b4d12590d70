import type { RouteParsedInput, routes } from '@nftkit/api';
import { normalizeAddress } from '@nftkit/primitives';
import type { Chain } from '../../chain/chain.js';
import type { ExtrinsicRecord } from '../../chain/extrinsicStore.js';
import { decodedProperty } from '../../views/properties.js';
import { rfTokenView } from '../../views/refungible.js';
import { badRequest } from '../errors.js';
import { crossFromEvent, events, firstEvent, mintProperties, requireSigner } from './helpers.js';
import type { ExtrinsicHandler } from './types.js';

type In<K extends keyof typeof routes.refungible> = RouteParsedInput<(typeof routes.refungible)[K]>;

const unique = (method: string, args: Record<string, unknown>) => ({ section: 'unique', method, args });

/**
 * The tokens created by a mint, as they are now; a token burnt since is rebuilt from its `ItemCreated` events
 * (holders and pieces as minted, properties no longer readable).
 */
function mintedTokens(rec: ExtrinsicRecord, chain: Chain) {
  const created = events(rec, 'common', 'ItemCreated');
  if (created.length === 0) firstEvent(rec, 'common', 'ItemCreated');
  const byToken = new Map<number, { collectionId: number; owners: string[]; pieces: bigint }>();
  for (const e of created) {
    const tokenId = Number(e.data['1']);
    const entry = byToken.get(tokenId) ?? { collectionId: Number(e.data['0']), owners: [], pieces: 0n };
    entry.owners.push(crossFromEvent(e.data['2']));
    entry.pieces += BigInt(e.data['3'] ?? '0');
    byToken.set(tokenId, entry);
  }
  return [...byToken].map(
    ([tokenId, m]) =>
      rfTokenView(chain.storage, m.collectionId, tokenId) ?? {
        tokenId,
        collectionId: m.collectionId,
        owners: m.owners,
        pieces: Number(m.pieces),
        properties: chain.storage.refungible.properties.all(m.collectionId, tokenId).map(decodedProperty),
      },
  );
}

/** `/refungible/mint` → one token split among `owners` (`createMultipleItemsEx` RefungibleMultipleOwners). */
export const mint: ExtrinsicHandler<In<'mint'>> = {
  toCall(a, env) {
    const users = a.owners.map((o, i) => ({
      owner: normalizeAddress(o.address ?? requireSigner(env, `owners.${i}.address`)),
      pieces: String(o.pieces),
    }));
    if (new Set(users.map((u) => u.owner)).size !== users.length)
      throw badRequest('Validation Error: owners: each address may appear only once');
    return unique('createMultipleItemsEx', {
      collectionId: a.collectionId,
      refungibleOwners: { users, properties: mintProperties(a, '') },
    });
  },
  result: (rec, chain) => {
    const [token] = mintedTokens(rec, chain);
    return token;
  },
};

/** `/refungible/mint-multiple` → one token per entry, each with one holder (RefungibleMultipleItems). */
export const mintMultiple: ExtrinsicHandler<In<'mintMultiple'>> = {
  toCall: (a, env) =>
    unique('createMultipleItemsEx', {
      collectionId: a.collectionId,
      refungibleItems: a.tokens.map((t, i) => ({
        owner: t.owner ?? requireSigner(env, `tokens.${i}.owner`),
        pieces: String(t.pieces),
        properties: mintProperties(t, `tokens.${i}`),
      })),
    }),
  result: mintedTokens,
};

/** The refungible mint routes of rest-api §4.5 (the rest reuse the token routes), by path. */
export const REFUNGIBLE_EXTRINSIC_HANDLERS: Record<string, ExtrinsicHandler<never>> = {
  '/refungible/mint': mint,
  '/refungible/mint-multiple': mintMultiple,
} as Record<string, ExtrinsicHandler<never>>;
