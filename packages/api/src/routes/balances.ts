import * as z from 'zod/mini';
import { extrinsicRoute, queryRoute } from '../route.js';
import { AddressSchema } from '../shapes/address.js';
import { meta } from '../shapes/meta.js';
import { DecimalAmountSchema } from '../shapes/numbers.js';
import { AtBlockHashSchema } from '../shapes/pagination.js';

export const VestedItemSchema = z.object({
  start: z.string(),
  period: z.string(),
  periodCount: z.string(),
  perPeriod: meta(z.string(), { description: 'Coins' }),
});

/** `available` is in coins (`"1000"`, `"1.5"`); the other amounts are wei. */
export const BalanceSchema = z.object({
  available: z.string(),
  locked: z.string(),
  free: z.string(),
  total: z.string(),
  reserved: z.string(),
  staked: z.string(),
  unstaked: z.string(),
  canstake: z.string(),
  vested: z.optional(z.array(VestedItemSchema)),
  decimals: z.number(),
  tokenSymbol: z.string(),
});
export type Balance = z.infer<typeof BalanceSchema>;

const WEI_DIGITS = /^\d+$/;

export const balanceRoutes = {
  get: queryRoute({
    path: '/balances/get',
    input: z.object({ address: AddressSchema, atBlockHash: AtBlockHashSchema }),
    output: BalanceSchema,
  }),
  transfer: extrinsicRoute({
    path: '/balances/transfer',
    input: z
      .object({
        to: AddressSchema,
        amount: DecimalAmountSchema,
        isAmountInCoins: z.optional(z.boolean()),
      })
      .check(
        z.refine((args) => args.isAmountInCoins === true || WEI_DIGITS.test(args.amount), {
          message: 'Amount in wei must be an integer (set isAmountInCoins for a coin amount)',
          path: ['amount'],
        }),
      ),
    output: z.object({
      from: z.string(),
      to: z.string(),
      amountInCoin: z.string(),
      amount: meta(z.string(), { description: 'Wei' }),
    }),
    resultEvent: 'balances.Transfer',
  }),
};

export const accountRoutes = {
  nextIndex: queryRoute({
    path: '/accounts/next_index',
    input: z.object({ address: AddressSchema }),
    output: z.object({ nextIndex: z.number().check(z.int(), z.nonnegative()) }),
  }),
};
