import { balancesPallet } from './balances/pallet.js';
import type { CallDef, Pallet } from './call.js';
import { type CallTable, type DecodedCall, decodeCallWith, encodeCallBytes } from './codec.js';
import { CommonError } from './common/errors.js';
import { ethereumPallet } from './ethereum/pallet.js';
import { evmPallet } from './evm/pallet.js';
import { FungibleError } from './fungible/errors.js';
import { PALLET_INDEX } from './indices.js';
import { PALLET_DESCRIPTIONS } from './metadata/pallets.js';
import { nftsPallet } from './nfts/pallet.js';
import { NonfungibleError } from './nonfungible/errors.js';
import { RefungibleError } from './refungible/errors.js';
import { StructureError } from './structure/errors.js';
import { systemPallet } from './system/pallet.js';
import { uniquePallet } from './unique/pallet.js';
import { utilityPallet } from './utility/pallet.js';

/** The runtime: its pallets in index order (`construct_runtime!`), at Opal's indices. */
const pallets: Pallet[] = [];
const byIndex = new Map<number, { pallet: Pallet; calls: Map<number, CallDef> }>();
const indexOf = new Map<CallDef, number>();
const table: CallTable = {
  pallet: (index) => byIndex.get(index)?.pallet,
  call: (pallet, index) => byIndex.get(pallet.index)?.calls.get(index),
};
export const decodeCall = (bytes: Uint8Array): DecodedCall => decodeCallWith(table, bytes);
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

const camel = (snake: string) => snake.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
// Each call takes its index from the pallet's Opal description: the one place that numbers them.
for (const pallet of pallets) {
  const described = PALLET_DESCRIPTIONS.find((d) => d.index === pallet.index);
  if (!described) throw new Error(`The pallet ${pallet.name} has no description at index ${pallet.index}`);
  const calls = new Map<number, CallDef>();
  for (const call of pallet.calls) {
    const variant = described.calls?.find(([name]) => camel(name) === call.name);
    if (!variant) throw new Error(`${described.name} describes no call ${call.name}`);
    calls.set(variant[1], call);
    indexOf.set(call, variant[1]);
  }
  byIndex.set(pallet.index, { pallet, calls });
}

export const PALLETS: readonly Pallet[] = pallets;

/** Encodes `section.method(args)` by name; throws if the call does not exist or its arguments do not decode. */
export function encodeCall(section: string, method: string, args: Record<string, unknown>): Uint8Array {
  const pallet = pallets.find((p) => p.name === section);
  const call = pallet?.calls.find((c) => c.name === method);
  if (!pallet || !call) throw new Error(`Unknown call ${section}.${method}`);
  const bytes = encodeCallBytes(pallet.index, indexOf.get(call) as number, args);
  decodeCall(bytes);
  return bytes;
}

/** The call index of a runtime call (Opal's), for encoders that skip the argument check. */
export function callIndexOf(call: CallDef): number {
  const index = indexOf.get(call);
  if (index === undefined) throw new Error(`${call.name} is no call of the runtime`);
  return index;
}

/** `{section, name, docs}` of a recorded module error, from the pallet error lists (`registry.findMetaError`). */
export function findMetaError(palletIndex: number, errorIndex: number) {
  const pallet = pallets.find((p) => p.index === palletIndex);
  const e = pallet?.errors.find((x) => x.index === errorIndex);
  return pallet && e ? { section: pallet.name, name: e.name, docs: [e.docs] } : undefined;
}
