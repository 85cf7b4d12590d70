import { balancesMetadata } from '../balances/metadata.js';
import { commonMetadata } from '../common/metadata.js';
import { ethereumMetadata } from '../ethereum/metadata.js';
import { evmMetadata } from '../evm/metadata.js';
import { fungibleMetadata } from '../fungible/metadata.js';
import { nftsMetadata } from '../nfts/metadata.js';
import { nonfungibleMetadata } from '../nonfungible/metadata.js';
import { refungibleMetadata } from '../refungible/metadata.js';
import { structureMetadata } from '../structure/metadata.js';
import { systemMetadata } from '../system/metadata.js';
import { timestampMetadata } from '../timestamp/metadata.js';
import { treasuryMetadata } from '../treasury/metadata.js';
import { uniqueMetadata } from '../unique/metadata.js';
import { utilityMetadata } from '../utility/metadata.js';
import { buildMetadata, decodeMetadata } from './build.js';
import type { PalletDescription } from './describe.js';

/** Every pallet of the devnet as Opal's metadata describes it, in index order. */
export const PALLET_DESCRIPTIONS: readonly PalletDescription[] = [
  systemMetadata,
  balancesMetadata,
  timestampMetadata,
  treasuryMetadata,
  uniqueMetadata,
  commonMetadata,
  fungibleMetadata,
  refungibleMetadata,
  nonfungibleMetadata,
  structureMetadata,
  evmMetadata,
  ethereumMetadata,
  nftsMetadata,
  utilityMetadata,
].sort((a, b) => a.index - b.index);

let cached: Uint8Array | undefined;
/** The devnet's V14 metadata (`state_getMetadata`), built once. */
export function devnetMetadata(): Uint8Array {
  cached ??= buildMetadata(PALLET_DESCRIPTIONS);
  return cached;
}

let types: ReturnType<typeof decodeMetadata> | undefined;
/** A `@polkadot/types` registry of the devnet's metadata and the metadata decoded, built once. */
export function devnetTypes(): ReturnType<typeof decodeMetadata> {
  types ??= decodeMetadata(devnetMetadata());
  return types;
}
