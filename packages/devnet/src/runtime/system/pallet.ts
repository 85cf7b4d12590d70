import { z } from 'zod';
import { bytes } from '../args.js';
import { defineCall, type Pallet } from '../call.js';
import { named } from '../events.js';
import { PALLET_INDEX } from '../indices.js';
import { SystemError } from './errors.js';

export type DispatchInfo = {
  weight: { refTime: string; proofSize: string };
  class: 'Normal';
  paysFee: 'Yes';
};

export const dispatchInfo = (refTime: bigint): DispatchInfo => ({
  weight: { refTime: String(refTime), proofSize: '0' },
  class: 'Normal',
  paysFee: 'Yes',
});

/** The closing event of every extrinsic; `dispatch_error` and `dispatch_info` are JSON strings as the REST proxy shows them. */
export const SystemEvent = {
  ExtrinsicSuccess: (info: DispatchInfo) =>
    named('system', 'ExtrinsicSuccess', { dispatch_info: JSON.stringify(info) }),
  ExtrinsicFailed: (error: unknown, info: DispatchInfo) =>
    named('system', 'ExtrinsicFailed', {
      dispatch_error: JSON.stringify(error),
      dispatch_info: JSON.stringify(info),
    }),
};

export const systemPallet: Pallet = {
  name: 'system',
  index: PALLET_INDEX.system,
  errors: SystemError.list,
  calls: [
    defineCall({
      name: 'remark',
      args: z.object({ remark: bytes(1 << 20) }),
      weight: 10_000_000n,
      dispatch: () => {},
    }),
  ],
};
