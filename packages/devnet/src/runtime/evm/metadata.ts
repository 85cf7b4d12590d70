import { PALLET_INDEX } from '../indices.js';
import type { Field, PalletDescription } from '../metadata/describe.js';
import { EvmError } from './errors.js';

/** The arguments Frontier's `call`/`create` share after their first ones. */
const fees: Field[] = [
  ['value', 'U256', 'U256'],
  ['gas_limit', 'u64', 'u64'],
  ['max_fee_per_gas', 'U256', 'U256'],
  ['max_priority_fee_per_gas', 'Option<U256>', 'Option<U256>'],
  ['nonce', 'Option<U256>', 'Option<U256>'],
  ['access_list', 'Vec<(H160,Vec<H256>)>', 'Vec<(H160, Vec<H256>)>'],
];
const address: Field = ['address', 'H160', 'H160'];

/** `EVM` (pallet_evm) at Opal's index 100: a Substrate signer calls or deploys as its Ethereum mirror (`source`). */
export const evmMetadata: PalletDescription = {
  name: 'EVM',
  index: PALLET_INDEX.evm,
  crate: 'pallet_evm',
  calls: [
    [
      'call',
      1,
      [['source', 'H160', 'H160'], ['target', 'H160', 'H160'], ['input', 'Bytes', 'Vec<u8>'], ...fees],
      'Issue an EVM call operation.',
    ],
    [
      'create',
      2,
      [['source', 'H160', 'H160'], ['init', 'Bytes', 'Vec<u8>'], ...fees],
      'Issue an EVM create operation.',
    ],
  ],
  events: [
    ['Log', 0, [['log', 'EthereumLog', 'Log']], 'Ethereum events from contracts.'],
    ['Created', 1, [address], 'A contract has been created at given address.'],
    ['CreatedFailed', 2, [address], 'A contract was attempted to be created, but the execution failed.'],
    ['Executed', 3, [address], 'A contract has been executed successfully with states applied.'],
    [
      'ExecutedFailed',
      4,
      [address],
      'A contract has been executed with errors. States are reverted with only gas fees applied.',
    ],
  ],
  errors: EvmError.list,
  types: {
    EthereumLog: {
      path: 'ethereum::log::Log',
      fields: [
        ['address', 'H160', 'H160'],
        ['topics', 'Vec<H256>', 'Vec<H256>'],
        ['data', 'Bytes', 'Bytes'],
      ],
    },
  },
};
