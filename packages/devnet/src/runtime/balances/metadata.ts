import { PALLET_INDEX } from '../indices.js';
import { type Field, type PalletDescription, unitVariants } from '../metadata/describe.js';
import { BalancesError } from './errors.js';

const transferArgs = [
  ['dest', 'MultiAddress', 'AccountIdLookupOf<T>'],
  ['value', 'Compact<u128>', 'T::Balance'],
] as const;
const account = (name: string): Field => [name, 'AccountId32', 'T::AccountId'];
const amount: Field = ['amount', 'u128', 'T::Balance'];

/** `Balances` (pallet_balances) at Opal's index 30, for what the devnet runs. */
export const balancesMetadata: PalletDescription = {
  name: 'Balances',
  index: PALLET_INDEX.balances,
  crate: 'pallet_balances',
  calls: [
    ['transfer_allow_death', 0, transferArgs, 'Transfer some liquid free balance to another account.'],
    [
      'transfer_keep_alive',
      3,
      transferArgs,
      'Same as the `transfer_allow_death` call, but with a check that the transfer will not kill the origin account.',
    ],
  ],
  events: [
    ['Transfer', 2, [account('from'), account('to'), amount], 'Transfer succeeded.'],
    ['Reserved', 4, [account('who'), amount], 'Some balance was reserved (moved from free to reserved).'],
    ['Unreserved', 5, [account('who'), amount], 'Some balance was unreserved (moved from reserved to free).'],
    [
      'ReserveRepatriated',
      6,
      [
        account('from'),
        account('to'),
        amount,
        ['destination_status', 'FrameSupportTokensMiscBalanceStatus', 'Status'],
      ],
      'Some balance was moved from the reserve of the first account to the second account.',
    ],
    ['Deposit', 7, [account('who'), amount], 'Some amount was deposited (e.g. for transaction fees).'],
    [
      'Withdraw',
      8,
      [account('who'), amount],
      'Some amount was withdrawn from the account (e.g. for transaction fees).',
    ],
  ],
  errors: BalancesError.list,
  storage: [
    {
      name: 'TotalIssuance',
      modifier: 'Default',
      value: 'u128',
      docs: 'The total units issued in the system.',
    },
  ],
  constants: [
    {
      name: 'ExistentialDeposit',
      type: 'u128',
      value: 0n,
      docs: 'The minimum amount required to keep an account open.',
    },
  ],
  types: {
    PalletBalancesAccountData: {
      path: 'pallet_balances::types::AccountData',
      params: [['Balance', 'u128']],
      fields: [
        ['free', 'u128', 'Balance'],
        ['reserved', 'u128', 'Balance'],
        ['frozen', 'u128', 'Balance'],
        ['flags', 'u128', 'ExtraFlags'],
      ],
    },
    FrameSupportTokensMiscBalanceStatus: {
      path: 'frame_support::traits::tokens::misc::BalanceStatus',
      variants: unitVariants('Free', 'Reserved'),
    },
  },
};
