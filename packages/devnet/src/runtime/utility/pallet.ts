import { hexToBytes } from '@nftkit/primitives';
import { z } from 'zod';
import { bytes } from '../args.js';
import { defineCall, type Pallet } from '../call.js';
import { CallDecodeError, type DecodedCall, MAX_CALL_BYTES } from '../codec.js';
import { type DispatchContext, deposit } from '../context.js';
import { named } from '../events.js';
import { PALLET_INDEX } from '../indices.js';
import { UtilityError } from './errors.js';

export const MAX_BATCH_CALLS = 1000;

export const UtilityEvent = {
  ItemCompleted: () => named('utility', 'ItemCompleted', {}),
  BatchCompleted: () => named('utility', 'BatchCompleted', {}),
};

/**
 * `utility.batchAll`: every call or none (the extrinsic's savepoint reverts all of them on the first failure).
 * The pallet is built with the runtime's decoder so inner calls are checked like top-level ones.
 */
export function utilityPallet(decode: (call: Uint8Array) => DecodedCall): Pallet {
  const calls = z.object({
    calls: z
      .array(bytes(MAX_CALL_BYTES))
      .max(MAX_BATCH_CALLS)
      .transform((list, zctx) => {
        const out: DecodedCall[] = [];
        for (const hex of list) {
          try {
            out.push(decode(hexToBytes(hex)));
          } catch (e) {
            zctx.addIssue({ code: 'custom', message: e instanceof CallDecodeError ? e.message : 'bad call' });
            return z.NEVER;
          }
        }
        return out;
      }),
  });
  return {
    name: 'utility',
    index: PALLET_INDEX.utility,
    errors: UtilityError.list,
    calls: [
      defineCall({
        name: 'batchAll',
        args: calls,
        weight: (a) => a.calls.reduce((w, c) => w + c.call.weight(c.args), 10_000_000n),
        dispatch: (ctx: DispatchContext, a) => {
          for (const inner of a.calls) {
            inner.call.dispatch(ctx, inner.args);
            deposit(ctx, UtilityEvent.ItemCompleted());
          }
          deposit(ctx, UtilityEvent.BatchCompleted());
        },
      }),
    ],
  };
}
