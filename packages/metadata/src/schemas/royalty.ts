import * as z from 'zod/mini';
import { fractionDigits } from '../decimal.js';
import { royaltyAddressKind } from '../royalties/part.js';

/** The v2 royalty form: an address and a percent 0..100 with at most 2 decimals (spec §5). */
export const RoyaltySchema = z.object({
  address: z.string().check(
    z.superRefine((address, ctx) => {
      if (royaltyAddressKind(address) === undefined)
        ctx.addIssue({
          code: 'custom',
          message: `Address ${address} is not a valid Substrate or Ethereum address`,
        });
    }),
  ),
  percent: z.number().check(
    z.gte(0),
    z.lte(100),
    z.refine((p) => fractionDigits(p) <= 2, {
      message: 'Royalty percent value must has maximum 2 decimal places',
    }),
  ),
  isPrimaryOnly: z.optional(z.boolean()),
});
export type Royalty = z.output<typeof RoyaltySchema>;
