import * as z from 'zod';
import { fractionDigits } from '../decimal.js';
import { royaltyAddressKind } from '../royalties/part.js';

/** The v2 royalty form: an address and a percent 0..100 with at most 2 decimals (spec §5). */
export const RoyaltySchema = z.object({
  address: z.string().superRefine((address, ctx) => {
    if (royaltyAddressKind(address) === undefined)
      ctx.addIssue({
        code: 'custom',
        message: `Address ${address} is not a valid Substrate or Ethereum address`,
      });
  }),
  percent: z
    .number()
    .min(0)
    .max(100)
    .refine((p) => fractionDigits(p) <= 2, {
      message: 'Royalty percent value must has maximum 2 decimal places',
    }),
  isPrimaryOnly: z.boolean().optional(),
});
export type Royalty = z.output<typeof RoyaltySchema>;
