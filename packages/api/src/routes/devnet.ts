import * as z from 'zod/mini';
import { queryRoute } from '../route.js';
import { AddressSchema, EthAddressSchema } from '../shapes/address.js';
import { ExtrinsicHashSchema } from '../shapes/ids.js';
import { meta } from '../shapes/meta.js';
import { HexStringSchema } from '../shapes/text.js';

// The local devnet's test helpers (not routes of a real network): the same operations as Hardhat's `evm_*` /
// `hardhat_*` and chopsticks' `dev_*` JSON-RPC methods, as REST routes the sdk can call (`DevnetTools`). Every
// route is a POST with a JSON body; each changes the chain as one step that every face then answers from.

/**
 * A non-negative integer as decimal digits, 0x hex (at most 256 bits) or a JSON integer, produced as a decimal
 * string (bounded before any BigInt is made of it).
 */
const UnsignedIntegerSchema = meta(
  z.pipe(
    z.union([
      z.number().check(z.int(), z.nonnegative()),
      z.string().check(
        z.regex(/^(?:\d{1,78}|0x[0-9a-fA-F]{1,64})$/, {
          message: 'Expected a non-negative integer (decimal digits, or 0x hex of at most 256 bits)',
        }),
      ),
    ]),
    z.transform((value) => BigInt(value).toString()),
  ),
  { description: 'Non-negative integer (decimal string, 0x hex or JSON number)', examples: ['3600'] },
);

/** The chain's head after a step that moved it. */
export const DevnetHeadSchema = meta(z.object({ number: z.number(), hash: z.string() }), {
  id: 'DevnetHead',
});

const post = <I extends z.ZodMiniType, O extends z.ZodMiniType>(path: string, input: I, output: O) =>
  queryRoute({ method: 'POST', path: `/devnet/${path}`, input, output });

export const devnetRoutes = {
  /** A snapshot of the whole chain (state, history, index, pool, clock): its id reverts once. */
  snapshot: post('snapshot', z.object({}), z.object({ snapshotId: z.number(), head: DevnetHeadSchema })),
  /** The whole chain as at the snapshot; the snapshot and every later one are used up. */
  revert: post(
    'revert',
    z.object({ snapshotId: UnsignedIntegerSchema }),
    z.object({ head: DevnetHeadSchema }),
  ),
  /** `blocks` blocks now (default 1), `interval` seconds apart (default 1), the first at `timestamp` if given. */
  mine: post(
    'mine',
    z.object({
      blocks: z.optional(UnsignedIntegerSchema),
      interval: z.optional(UnsignedIntegerSchema),
      timestamp: z.optional(UnsignedIntegerSchema),
    }),
    z.object({ head: DevnetHeadSchema }),
  ),
  /** The chain's time moves `seconds` forward; answers the whole offset. */
  increaseTime: post(
    'time/increase',
    z.object({ seconds: UnsignedIntegerSchema }),
    z.object({ offsetSeconds: z.number() }),
  ),
  /** The next block's timestamp (seconds; the Timestamp pallet's ms is the same moment). */
  setNextBlockTimestamp: post(
    'time/next-block',
    z.object({ timestamp: UnsignedIntegerSchema }),
    z.object({ timestamp: z.number() }),
  ),
  /** The chain's time goes to `date` (ms, or a date string) now (chopsticks' `dev_timeTravel`). */
  timeTravel: post(
    'time/travel',
    z.object({ date: z.union([z.number(), z.string().check(z.maxLength(64))]) }),
    z.object({ timestamp: z.number() }),
  ),
  /** How blocks come: `automine` (one per transaction) and `intervalMs` (0: none; `[min, max]`: random). */
  setMiningMode: post(
    'mining',
    z.object({
      automine: z.optional(z.boolean()),
      intervalMs: z.optional(
        z.union([UnsignedIntegerSchema, z.tuple([UnsignedIntegerSchema, UnsignedIntegerSchema])]),
      ),
    }),
    z.object({ automine: z.boolean(), intervalMs: z.union([z.number(), z.tuple([z.number(), z.number()])]) }),
  ),
  /** What `address` (SS58 or Ethereum) can spend, in wei. */
  setBalance: post(
    'accounts/balance',
    z.object({ address: AddressSchema, balance: UnsignedIntegerSchema }),
    z.object({ address: z.string(), balance: z.string() }),
  ),
  /** The nonce the next transaction of `address` carries (never lower than now). */
  setNonce: post(
    'accounts/nonce',
    z.object({ address: AddressSchema, nonce: UnsignedIntegerSchema }),
    z.object({ address: z.string(), nonce: z.string() }),
  ),
  /** The code an Ethereum address runs. */
  setCode: post(
    'accounts/code',
    z.object({ address: EthAddressSchema, code: HexStringSchema }),
    z.object({ address: z.string() }),
  ),
  /** One storage slot (a 32-byte `value`) of an Ethereum address. */
  setStorageAt: post(
    'accounts/storage',
    z.object({ address: EthAddressSchema, slot: UnsignedIntegerSchema, value: HexStringSchema }),
    z.object({ address: z.string() }),
  ),
  /** Transactions from `address` are taken without its key (JSON-RPC `eth_sendTransaction`). */
  impersonateAccount: post(
    'impersonation/start',
    z.object({ address: EthAddressSchema }),
    z.object({ address: z.string(), started: z.boolean() }),
  ),
  stopImpersonatingAccount: post(
    'impersonation/stop',
    z.object({ address: EthAddressSchema }),
    z.object({ address: z.string(), stopped: z.boolean() }),
  ),
  /** Takes a transaction out of the pool; `dropped` says whether the pool held it. */
  dropTransaction: post(
    'pool/drop',
    z.object({ hash: ExtrinsicHashSchema }),
    z.object({ dropped: z.boolean() }),
  ),
  /** Block `hashOrNumber` is the head again (chopsticks' `dev_setHead`). */
  setHead: post(
    'head',
    z.object({
      hashOrNumber: z.union([z.number().check(z.int()), ExtrinsicHashSchema]),
    }),
    z.object({ head: DevnetHeadSchema }),
  ),
  /** The chain back at its genesis (same genesis hash). */
  reset: post('reset', z.object({}), z.object({ head: DevnetHeadSchema })),
};
