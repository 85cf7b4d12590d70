import { EVM_EXTRINSIC_HANDLERS } from '../evm/extrinsics.js';
import { balanceTransfer } from './balances.js';
import * as collections from './collections.js';
import { FUNGIBLE_EXTRINSIC_HANDLERS } from './fungible.js';
import { NFTS_EXTRINSIC_HANDLERS } from './nfts.js';
import { REFUNGIBLE_EXTRINSIC_HANDLERS } from './refungible.js';
import * as tokens from './tokens.js';
import type { ExtrinsicHandler } from './types.js';
import { batchAll } from './utility.js';

/** The extrinsic routes this devnet serves, by path R. Others (fungible, RFT, EVM) answer 501 for now. */
export const EXTRINSIC_HANDLERS: Record<string, ExtrinsicHandler<never>> = {
  '/balances/transfer': balanceTransfer,
  '/collection/create': collections.createCollection,
  '/collection/properties/set': collections.setCollectionProperties,
  '/collection/properties/delete': collections.deleteCollectionProperties,
  '/collection/token-property-permissions': collections.setTokenPropertyPermissions,
  '/collection/sponsor/set': collections.setSponsor,
  '/collection/sponsor/confirm': collections.confirmSponsorship,
  '/collection/transferCollection': collections.transferCollection,
  '/collection/limits/set': collections.setLimits,
  '/collection/admin/add': collections.addAdmin,
  '/collection/admin/remove': collections.removeAdmin,
  '/collection/delete': collections.destroyCollection,
  '/token/nfts/mint': tokens.mintNFTs,
  '/token/update': tokens.updateNft,
  '/token/transfer-from': tokens.transferToken,
  '/token/burn': tokens.burn,
  '/token/burn-from': tokens.burnFrom,
  '/token/properties/set': tokens.setTokenProperties,
  '/token/properties/delete': tokens.deleteTokenProperties,
  '/token/nest': tokens.nest,
  '/token/unnest': tokens.unnest,
  '/token/approve': tokens.approve,
  '/utility/batch-all': batchAll,
  ...EVM_EXTRINSIC_HANDLERS,
  ...NFTS_EXTRINSIC_HANDLERS,
  ...FUNGIBLE_EXTRINSIC_HANDLERS,
  ...REFUNGIBLE_EXTRINSIC_HANDLERS,
} as Record<string, ExtrinsicHandler<never>>;
