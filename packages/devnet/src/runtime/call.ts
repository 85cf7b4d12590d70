import type { z } from 'zod';
import type { DispatchContext } from './context.js';
import type { PalletName } from './indices.js';
import { type AnyWire, type ArgsWire, struct } from './wire.js';

/** Reference time of a call, in the chain's weight units (the fee is linear in it). */
export type Weight = bigint;

/**
 * A dispatchable: its name (as `@polkadot/api` names it, `transferKeepAlive`), its argument decoder (zod over the
 * JSON argument object), its weight and the function that applies it. `dispatch` throws a `DispatchError` to fail;
 * the caller reverts its writes. Its index is Opal's, from the pallet's description (`<pallet>/metadata.ts`).
 */
export type CallDef = {
  readonly name: string;
  readonly args: z.ZodType;
  /** The JSON `args` reads as Opal's SCALE arguments and back (runtime/wire.ts). */
  readonly wire: ArgsWire;
  weight(args: unknown): Weight;
  dispatch(ctx: DispatchContext, args: unknown): void;
};

export function defineCall<S extends z.ZodType>(def: {
  name: string;
  args: S;
  /**
   * How the arguments `args` reads differ from Opal's: a wire for the whole argument object, or one per argument
   * that differs (the others are the same on both sides).
   */
  wire?: ArgsWire | Record<string, AnyWire>;
  weight: Weight | ((args: z.output<S>) => Weight);
  dispatch: (ctx: DispatchContext, args: z.output<S>) => void;
}): CallDef {
  const { weight } = def;
  return {
    name: def.name,
    wire: isArgsWire(def.wire) ? def.wire : struct(def.wire ?? {}),
    args: def.args,
    weight: (args) => (typeof weight === 'bigint' ? weight : weight(args as z.output<S>)),
    dispatch: (ctx, args) => def.dispatch(ctx, args as z.output<S>),
  };
}

/** A pallet as the runtime sees it: a stable index, its calls and its documented errors. */
export type Pallet = {
  readonly name: PalletName;
  readonly index: number;
  readonly calls: readonly CallDef[];
  readonly errors: readonly { name: string; index: number; docs: string }[];
};

function isArgsWire(w: ArgsWire | Record<string, AnyWire> | undefined): w is ArgsWire {
  return w !== undefined && typeof w.toScale === 'function' && typeof w.fromScale === 'function';
}

/** A call as the runtime runs it: its pallet and definition, its arguments, and its SCALE bytes. */
export type DecodedCall = {
  pallet: Pallet;
  call: CallDef;
  /** The arguments as JSON, as the call's `args` reads them (shown in statuses and the indexer). */
  rawArgs: Record<string, unknown>;
  /** The arguments after the call's decoder (normalized addresses, bigints). */
  args: unknown;
  bytes: Uint8Array;
  /** How many calls it holds in all (the calls of a batch, and theirs). */
  inner: number;
};
