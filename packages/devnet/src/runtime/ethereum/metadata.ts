import { PALLET_INDEX } from '../indices.js';
import { type Field, type PalletDescription, unitVariants } from '../metadata/describe.js';

const U: (name: string) => Field = (name) => [name, 'U256', 'U256'];
const action: Field = ['action', 'EthereumTransactionTransactionAction', 'TransactionAction'];
const input: Field = ['input', 'Bytes', 'Bytes'];
const accessList: Field = ['access_list', 'Vec<EthereumTransactionAccessListItem>', 'AccessList'];
const typedSignature: Field[] = [
  ['odd_y_parity', 'bool', 'bool'],
  ['r', 'H256', 'H256'],
  ['s', 'H256', 'H256'],
];
/** How EIP-2930 and EIP-1559 transactions end, after their fee fields. */
const typedTail: Field[] = [U('gas_limit'), action, U('value'), input, accessList, ...typedSignature];
const exitError: Field = [null, 'EvmCoreErrorExitError', 'ExitError'];
const cow: Field = [null, 'Text', "Cow<'static, str>"];

/** `Ethereum` (pallet_ethereum) at Opal's index 101: a signed Ethereum transaction as an extrinsic. */
export const ethereumMetadata: PalletDescription = {
  name: 'Ethereum',
  index: PALLET_INDEX.ethereum,
  crate: 'pallet_ethereum',
  calls: [
    [
      'transact',
      0,
      [['transaction', 'EthereumTransactionTransactionV2', 'Transaction']],
      'Transact an Ethereum transaction.',
    ],
  ],
  events: [
    [
      'Executed',
      0,
      [
        ['from', 'H160', 'H160'],
        ['to', 'H160', 'H160'],
        ['transaction_hash', 'H256', 'H256'],
        ['exit_reason', 'EvmCoreErrorExitReason', 'ExitReason'],
        ['extra_data', 'Bytes', 'Vec<u8>'],
      ],
      'An ethereum transaction was successfully executed.',
    ],
  ],
  types: {
    EthereumTransactionTransactionV2: {
      path: 'ethereum::transaction::TransactionV2',
      variants: [
        ['Legacy', 0, [[null, 'EthereumTransactionLegacyTransaction', 'LegacyTransaction']]],
        ['EIP2930', 1, [[null, 'EthereumTransactionEip2930Transaction', 'EIP2930Transaction']]],
        ['EIP1559', 2, [[null, 'EthereumTransactionEip1559Transaction', 'EIP1559Transaction']]],
      ],
    },
    EthereumTransactionLegacyTransaction: {
      path: 'ethereum::transaction::LegacyTransaction',
      fields: [
        U('nonce'),
        U('gas_price'),
        U('gas_limit'),
        action,
        U('value'),
        input,
        ['signature', 'EthereumTransactionTransactionSignature', 'TransactionSignature'],
      ],
    },
    EthereumTransactionEip2930Transaction: {
      path: 'ethereum::transaction::EIP2930Transaction',
      fields: [['chain_id', 'u64', 'u64'], U('nonce'), U('gas_price'), ...typedTail],
    },
    EthereumTransactionEip1559Transaction: {
      path: 'ethereum::transaction::EIP1559Transaction',
      fields: [
        ['chain_id', 'u64', 'u64'],
        U('nonce'),
        U('max_priority_fee_per_gas'),
        U('max_fee_per_gas'),
        ...typedTail,
      ],
    },
    EthereumTransactionTransactionAction: {
      path: 'ethereum::transaction::TransactionAction',
      variants: [
        ['Call', 0, [[null, 'H160', 'H160']]],
        ['Create', 1],
      ],
    },
    EthereumTransactionTransactionSignature: {
      path: 'ethereum::transaction::TransactionSignature',
      fields: [
        ['v', 'u64', 'TransactionRecoveryId'],
        ['r', 'H256', 'H256'],
        ['s', 'H256', 'H256'],
      ],
    },
    EthereumTransactionAccessListItem: {
      path: 'ethereum::transaction::AccessListItem',
      fields: [
        ['address', 'H160', 'Address'],
        ['storage_keys', 'Vec<H256>', 'Vec<H256>'],
      ],
    },
    EvmCoreErrorExitReason: {
      path: 'evm_core::error::ExitReason',
      variants: [
        ['Succeed', 0, [[null, 'EvmCoreErrorExitSucceed', 'ExitSucceed']]],
        ['Error', 1, [exitError]],
        ['Revert', 2, [[null, 'EvmCoreErrorExitRevert', 'ExitRevert']]],
        ['Fatal', 3, [[null, 'EvmCoreErrorExitFatal', 'ExitFatal']]],
      ],
    },
    EvmCoreErrorExitSucceed: {
      path: 'evm_core::error::ExitSucceed',
      variants: unitVariants('Stopped', 'Returned', 'Suicided'),
    },
    EvmCoreErrorExitError: {
      path: 'evm_core::error::ExitError',
      variants: [
        ...unitVariants(
          'StackUnderflow',
          'StackOverflow',
          'InvalidJump',
          'InvalidRange',
          'DesignatedInvalid',
          'CallTooDeep',
          'CreateCollision',
          'CreateContractLimit',
          'OutOfOffset',
          'OutOfGas',
          'OutOfFund',
          'PCUnderflow',
          'CreateEmpty',
        ),
        ['Other', 13, [cow]],
        ['MaxNonce', 14],
        ['InvalidCode', 15, [[null, 'u8', 'Opcode']]],
      ],
    },
    EvmCoreErrorExitRevert: { path: 'evm_core::error::ExitRevert', variants: [['Reverted', 0]] },
    EvmCoreErrorExitFatal: {
      path: 'evm_core::error::ExitFatal',
      variants: [
        ['NotSupported', 0],
        ['UnhandledInterrupt', 1],
        ['CallErrorAsFatal', 2, [exitError]],
        ['Other', 3, [cow]],
      ],
    },
  },
};
