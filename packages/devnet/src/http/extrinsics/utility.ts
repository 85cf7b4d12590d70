import type { RouteParsedInput, routes } from '@nftkit/api';
import { bytesToHex, hexToBytes } from '@nftkit/primitives';
import { CallDecodeError, fromCompactExtrinsic } from '../../runtime/codec.js';
import { decodeCall } from '../../runtime/runtime.js';
import { badRequest } from '../errors.js';
import type { ExtrinsicHandler } from './types.js';

/** `/utility/batch-all` takes compactExtrinsics (from encode or build) and batches their calls. */
export const batchAll: ExtrinsicHandler<RouteParsedInput<typeof routes.utility.batchAll>> = {
  toCall(a) {
    const calls = a.calls.map((hex, i) => {
      try {
        return bytesToHex(fromCompactExtrinsic(hex));
      } catch (e) {
        throw badRequest(
          `Validation Error: calls.${i}: ${e instanceof CallDecodeError ? e.message : 'not a compactExtrinsic'}`,
        );
      }
    });
    return { section: 'utility', method: 'batchAll', args: { calls } };
  },
  result(rec) {
    const calls = (rec.args.calls as string[]).map((hex) => {
      const bytes = hexToBytes(hex);
      const c = decodeCall(bytes);
      return {
        callIndex: bytesToHex(bytes.subarray(0, 2)),
        name: `${c.pallet.name}.${c.call.name}`,
        args: c.rawArgs,
      };
    });
    return { isSuccess: rec.success, calls };
  },
};
