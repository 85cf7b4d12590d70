import type { DecodedCall } from './call.js';
import { effectiveLimits } from './common/limits.js';
import { holderBasket } from './fungible/sponsoring.js';
import { convEq } from './nonfungible/properties.js';
import type { RuntimeStorage } from './storage.js';

type Basket = { kind: 'transfer' | 'approve' | 'data' | 'mint'; key: string; timeout: number };

export type Sponsorship = { payer: string; collectionId: number; basket: Basket };

const utf8 = new TextEncoder();

/**
 * Who pays for `call` signed by `signer` at `block` (`uc:runtime/common/sponsoring.rs`): a collection's confirmed
 * sponsor for a single mint, a transfer or transferFrom by the owner, an approve, or a small setTokenProperties
 * when the collection allows sponsored data; each within its rate limit. `undefined`: the signer pays.
 */
export function sponsorOf(
  storage: RuntimeStorage,
  decoded: DecodedCall,
  signer: string,
  block: number,
): Sponsorship | undefined {
  if (decoded.pallet.name !== 'unique') return undefined;
  const args = decoded.args as Record<string, unknown>;
  const collectionId = args.collectionId;
  if (typeof collectionId !== 'number') return undefined;
  const c = storage.common.collection(collectionId);
  if (c?.sponsorState !== 'Confirmed' || !c.sponsor) return undefined;
  const limits = effectiveLimits(c.limits);
  let basket: Basket | undefined;
  const token = (id: unknown) =>
    typeof id === 'number' ? storage.nonfungible.token(collectionId, id) : undefined;
  // Fungible and refungible collections keep their baskets per holder.
  switch (c.mode === 'NFT' ? decoded.call.name : 'byHolder') {
    case 'byHolder':
      basket = holderBasket(storage, c, decoded.call.name, args, signer);
      break;
    case 'createItem':
      basket = { kind: 'mint', key: signer, timeout: limits.sponsorTransferTimeout };
      break;
    case 'transfer': {
      const t = token(args.itemId);
      if (t && convEq(signer, t.owner))
        basket = { kind: 'transfer', key: String(t.tokenId), timeout: limits.sponsorTransferTimeout };
      break;
    }
    case 'transferFrom': {
      const t = token(args.itemId);
      if (t && typeof args.from === 'string' && convEq(args.from, t.owner))
        basket = { kind: 'transfer', key: String(t.tokenId), timeout: limits.sponsorTransferTimeout };
      break;
    }
    case 'approve':
      if (typeof args.itemId === 'number')
        basket = { kind: 'approve', key: String(args.itemId), timeout: limits.sponsorApproveTimeout };
      break;
    case 'setTokenProperties': {
      const t = token(args.tokenId);
      const rate = limits.sponsoredDataRateLimit;
      const props = args.properties as { key: string; value: string }[];
      const size = props.reduce((n, p) => n + utf8.encode(p.key).length + (p.value.length - 2) / 2, 0);
      if (t && t.owner === signer && typeof rate === 'number' && size <= limits.sponsoredDataSize)
        basket = { kind: 'data', key: String(t.tokenId), timeout: rate };
      break;
    }
    default:
      return undefined;
  }
  if (!basket) return undefined;
  const last = storage.sponsoring.last(collectionId, basket.kind, basket.key);
  if (last !== undefined && block - last < basket.timeout) return undefined;
  return { payer: c.sponsor, collectionId, basket };
}
