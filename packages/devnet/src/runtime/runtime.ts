import { balancesPallet } from './balances/pallet.js';
import type { Pallet } from './call.js';
import { type DecodedCall, decodeCallWith, encodeCallBytes } from './codec.js';
import { CommonError } from './common/errors.js';
import { ethereumPallet } from './ethereum/pallet.js';
import { evmPallet } from './evm/pallet.js';
import { FungibleError } from './fungible/errors.js';
import { PALLET_INDEX } from './indices.js';
import { nftsPallet } from './nfts/pallet.js';
import { NonfungibleError } from './nonfungible/errors.js';
import { RefungibleError } from './refungible/errors.js';
import { StructureError } from './structure/errors.js';
import { systemPallet } from './system/pallet.js';
import { uniquePallet } from './unique/pallet.js';
import { utilityPallet } from './utility/pallet.js';

/** The runtime: its pallets in index order (`construct_runtime!`). Follow-up pallets slot in by their reserved index. */
const pallets: Pallet[] = [];
export const decodeCall = (bytes: Uint8Array): DecodedCall => decodeCallWith(pallets, bytes);
// Pallets without calls still declare their errors and events (all token events are in `common`).
const errorsOnly = (name: Pallet['name'], errors: Pallet['errors']): Pallet => ({
  name,
  index: PALLET_INDEX[name],
  calls: [],
  errors,
});
pallets.push(
  systemPallet,
  balancesPallet,
  errorsOnly('treasury', []),
  utilityPallet(decodeCall),
  uniquePallet,
  evmPallet,
  ethereumPallet,
  nftsPallet,
  errorsOnly('common', CommonError.list),
  errorsOnly('fungible', FungibleError.list),
  errorsOnly('refungible', RefungibleError.list),
  errorsOnly('nonfungible', NonfungibleError.list),
  errorsOnly('structure', StructureError.list),
);
pallets.sort((a, b) => a.index - b.index);

export const PALLETS: readonly Pallet[] = pallets;

/** Encodes `section.method(args)` by name; throws if the call does not exist or its arguments do not decode. */
export function encodeCall(section: string, method: string, args: Record<string, unknown>): Uint8Array {
  const pallet = pallets.find((p) => p.name === section);
  const call = pallet?.calls.find((c) => c.name === method);
  if (!pallet || !call) throw new Error(`Unknown call ${section}.${method}`);
  const bytes = encodeCallBytes(pallet.index, call.index, args);
  decodeCall(bytes);
  return bytes;
}

/** `{section, name, docs}` of a recorded module error, from the pallet error lists (`registry.findMetaError`). */
export function findMetaError(palletIndex: number, errorIndex: number) {
  const pallet = pallets.find((p) => p.index === palletIndex);
  const e = pallet?.errors.find((x) => x.index === errorIndex);
  return pallet && e ? { section: pallet.name, name: e.name, docs: [e.docs] } : undefined;
}
