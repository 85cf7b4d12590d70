import { hexToBytes } from '@nftkit/primitives';
import { z } from 'zod';
import { bytes } from '../args.js';
import type { DecodedCall } from '../call.js';
import { defineCall, type Pallet } from '../call.js';
import { CallDecodeError, MAX_CALL_BYTES, MAX_INNER_CALLS } from '../codec.js';
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
        // The batch as a whole must fit one call: checked as its calls are read, so an encoder asking for a batch
        // of batches past the bounds is refused before the batch is built.
        let calls = 0;
        let size = 0;
        for (const hex of list) {
          try {
            const call = decode(hexToBytes(hex));
            calls += 1 + call.inner;
            size += call.bytes.length;
            if (calls > MAX_INNER_CALLS)
              throw new CallDecodeError(
                `A call holds at most ${MAX_INNER_CALLS} calls in all (the calls of nested batches count too)`,
              );
            if (size > MAX_CALL_BYTES)
              throw new CallDecodeError(
                `The batch's calls are ${size} bytes or more; a block takes calls of at most ${MAX_CALL_BYTES} bytes (5 MiB × 75%)`,
              );
            out.push(call);
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
