import { PALLET_INDEX } from '../indices.js';
import type { PalletDescription } from '../metadata/describe.js';
import { SystemError } from './errors.js';

/** `System` (frame_system) as Opal has it, for what the devnet models. */
export const systemMetadata: PalletDescription = {
  name: 'System',
  index: PALLET_INDEX.system,
  crate: 'frame_system',
  calls: [['remark', 0, [['remark', 'Bytes', 'Vec<u8>']], 'Make some on-chain remark.']],
  events: [
    [
      'ExtrinsicSuccess',
      0,
      [['dispatch_info', 'FrameSupportDispatchDispatchInfo', 'DispatchInfo']],
      'An extrinsic completed successfully.',
    ],
    [
      'ExtrinsicFailed',
      1,
      [
        ['dispatch_error', 'SpRuntimeDispatchError', 'DispatchError'],
        ['dispatch_info', 'FrameSupportDispatchDispatchInfo', 'DispatchInfo'],
      ],
      'An extrinsic failed.',
    ],
  ],
  errors: SystemError.list,
  storage: [
    {
      name: 'Account',
      modifier: 'Default',
      keys: [['Blake2_128Concat', 'AccountId32']],
      value: 'FrameSystemAccountInfo',
      docs: 'The full account information for a particular account ID.',
    },
    {
      name: 'BlockHash',
      modifier: 'Default',
      keys: [['Twox64Concat', 'u32']],
      value: 'H256',
      docs: 'Map of block numbers to block hashes.',
    },
    { name: 'Number', modifier: 'Default', value: 'u32', docs: 'The current block number being processed.' },
    { name: 'ParentHash', modifier: 'Default', value: 'H256', docs: 'Hash of the previous block.' },
    {
      name: 'Events',
      modifier: 'Default',
      value: 'Vec<FrameSystemEventRecord>',
      docs: 'Events deposited for the current block.',
    },
  ],
  constants: [
    {
      name: 'BlockHashCount',
      type: 'u32',
      value: 2400,
      docs: 'Maximum number of block number to block hash mappings to keep.',
    },
    { name: 'SS58Prefix', type: 'u16', value: 42, docs: 'The designated SS58 prefix of this chain.' },
  ],
  types: {
    FrameSystemAccountInfo: {
      path: 'frame_system::AccountInfo',
      params: [
        ['Nonce', 'u32'],
        ['AccountData', 'PalletBalancesAccountData'],
      ],
      fields: [
        ['nonce', 'u32', 'Nonce'],
        ['consumers', 'u32', 'RefCount'],
        ['providers', 'u32', 'RefCount'],
        ['sufficients', 'u32', 'RefCount'],
        ['data', 'PalletBalancesAccountData', 'AccountData'],
      ],
    },
    FrameSystemEventRecord: {
      path: 'frame_system::EventRecord',
      params: [
        ['E', 'Event'],
        ['T', 'H256'],
      ],
      fields: [
        ['phase', 'FrameSystemPhase', 'Phase'],
        ['event', 'Event', 'E'],
        ['topics', 'Vec<H256>', 'Vec<T>'],
      ],
    },
    FrameSystemPhase: {
      path: 'frame_system::Phase',
      variants: [
        ['ApplyExtrinsic', 0, [[null, 'u32', 'u32']]],
        ['Finalization', 1],
        ['Initialization', 2],
      ],
    },
  },
};
