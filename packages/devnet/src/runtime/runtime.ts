import { bytesToHex } from '@nftkit/primitives';
import { balancesPallet } from './balances/pallet.js';
import type { CallDef, DecodedCall, Pallet } from './call.js';
import { CallDecodeError } from './codec.js';
import { CommonError } from './common/errors.js';
import { ethereumPallet } from './ethereum/pallet.js';
import { evmPallet } from './evm/pallet.js';
import { FungibleError } from './fungible/errors.js';
import { PALLET_INDEX } from './indices.js';
import { CallCodec, type Json } from './metadata/callCodec.js';
import { devnetMetadata, PALLET_DESCRIPTIONS } from './metadata/pallets.js';
import { nftsPallet } from './nfts/pallet.js';
import { NonfungibleError } from './nonfungible/errors.js';
import { RefungibleError } from './refungible/errors.js';
import { StructureError } from './structure/errors.js';
import { systemPallet } from './system/pallet.js';
import { uniquePallet } from './unique/pallet.js';
import { utilityPallet } from './utility/pallet.js';

/** The runtime: its pallets in index order (`construct_runtime!`), at Opal's indices. */
const pallets: Pallet[] = [];
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
  utilityPallet((bytes) => decodeCall(bytes)),
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
const byName = new Map<string, { pallet: Pallet; call: CallDef }>();
const indexOf = new Map<CallDef, number>();
// Every call the runtime runs is described as Opal has it (its index, its SCALE arguments): the metadata the codec
// reads is built from those descriptions, so a call that is not described could never be decoded.
for (const pallet of pallets) {
  const described = PALLET_DESCRIPTIONS.find((d) => d.index === pallet.index);
  if (!described) throw new Error(`The pallet ${pallet.name} has no description at index ${pallet.index}`);
  for (const call of pallet.calls) {
    const variant = described.calls?.find(([name]) => camel(name) === call.name);
    if (!variant) throw new Error(`${described.name} describes no call ${call.name}`);
    byName.set(`${pallet.name}.${call.name}`, { pallet, call });
    indexOf.set(call, variant[1]);
  }
}

let codec: CallCodec | undefined;
/** The codec of the devnet's metadata, built on first use (building the metadata takes a moment). */
const callCodec = (): CallCodec => {
  codec ??= new CallCodec(devnetMetadata());
  return codec;
};

/**
 * Calls decoded lately, by their bytes: a REST write encodes its call (and decodes it to check it), then the same
 * bytes come back signed to be submitted (and each call of a batch once more when the batch runs), and checking the
 * arguments (`args`) is the dearest step of a decode.
 * Decoding is a pure function of the bytes, so an entry never goes stale.
 */
const recent = new Map<string, DecodedCall>();
const RECENT_CALLS = 512;
const RECENT_MAX_BYTES = 16 * 1024;

/**
 * Decodes a call's SCALE bytes (Opal's encoding) to the runtime's call: the codec reads the arguments as the
 * metadata types them, the call's wire turns them into the JSON its `args` reads, and `args` checks and decodes
 * them. Throws `CallDecodeError` for anything else.
 */
export function decodeCall(bytes: Uint8Array): DecodedCall {
  const key = bytes.length <= RECENT_MAX_BYTES ? bytesToHex(bytes) : undefined;
  if (key !== undefined) {
    const hit = recent.get(key);
    if (hit) {
      recent.delete(key);
      recent.set(key, hit);
      return hit;
    }
  }
  const scale = callCodec().decode(bytes);
  const found = byName.get(`${scale.section}.${scale.method}`);
  if (!found) throw new CallDecodeError(`${scale.section}.${scale.method} is not a call of this devnet`);
  const { pallet, call } = found;
  const what = `${pallet.name}.${call.name}`;
  let rawArgs: Record<string, unknown>;
  try {
    rawArgs = call.wire.fromScale(scale.args);
  } catch (e) {
    if (e instanceof CallDecodeError) throw new CallDecodeError(`Cannot decode ${what}: ${e.message}`);
    throw e;
  }
  const args = checkArgs(call, what, rawArgs);
  const decoded: DecodedCall = { pallet, call, rawArgs, args, bytes, inner: scale.inner };
  if (key !== undefined) {
    recent.set(key, decoded);
    if (recent.size > RECENT_CALLS) recent.delete(recent.keys().next().value as string);
  }
  return decoded;
}

function checkArgs(call: CallDef, what: string, args: unknown): unknown {
  const parsed = call.args.safeParse(args);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new CallDecodeError(
    `Cannot decode ${what}: ${issue ? `${issue.path.join('.') || '(args)'}: ${issue.message}` : 'invalid'}`,
  );
}

export const PALLETS: readonly Pallet[] = pallets;

/**
 * Encodes `section.method(args)` (args as the call's `args` reads them) as Opal's SCALE call; throws if the call
 * does not exist, or `CallDecodeError` naming the argument that does not decode.
 */
export function encodeCall(section: string, method: string, args: Record<string, unknown>): Uint8Array {
  const found = byName.get(`${section}.${method}`);
  if (!found) throw new Error(`Unknown call ${section}.${method}`);
  checkArgs(found.call, `${section}.${method}`, args);
  let scaleArgs: Json;
  try {
    scaleArgs = found.call.wire.toScale(args);
  } catch (e) {
    if (e instanceof CallDecodeError)
      throw new CallDecodeError(`Cannot encode ${section}.${method}: ${e.message}`);
    throw e;
  }
  const bytes = callCodec().encode(section, method, scaleArgs as Record<string, Json>);
  decodeCall(bytes);
  return bytes;
}

/** The call index of a runtime call (Opal's). */
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
