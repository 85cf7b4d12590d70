import { defineErrors } from '../errors.js';
import { PALLET_INDEX } from '../indices.js';

/** `evm` (pallet-evm) errors in their variant order. */
export const EvmError = defineErrors('evm', PALLET_INDEX.evm, [
  ['BalanceLow', 'Not enough balance to perform action'],
  ['FeeOverflow', 'Calculating total fee overflowed'],
  ['PaymentOverflow', 'Calculating total payment overflowed'],
  ['WithdrawFailed', 'Withdraw fee failed'],
  ['GasPriceTooLow', 'Gas price is too low.'],
  ['InvalidNonce', 'Nonce is invalid'],
  ['GasLimitTooLow', 'Gas limit is too low.'],
  ['GasLimitTooHigh', 'Gas limit is too high.'],
  ['InvalidChainId', 'The chain id is invalid.'],
  ['InvalidSignature', 'the signature is invalid.'],
  ['Reentrancy', 'EVM reentrancy'],
  ['TransactionMustComeFromEOA', 'EIP-3607: the transaction must come from an EOA'],
  ['Undefined', 'Undefined error.'],
]);
