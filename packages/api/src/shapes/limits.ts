import * as z from 'zod/mini';
import { meta } from './meta.js';

const optionalNumber = () => z.optional(z.nullable(z.number()));
const optionalBoolean = () => z.optional(z.nullable(z.boolean()));

/** Collection limits, as input and output: every field optional and nullable (`{}` is valid). */
export const LimitsSchema = meta(
  z.object({
    accountTokenOwnershipLimit: optionalNumber(),
    sponsoredDataSize: optionalNumber(),
    sponsoredDataRateLimit: z.optional(z.nullable(z.union([z.number(), z.string()]))),
    tokenLimit: optionalNumber(),
    sponsorTransferTimeout: meta(optionalNumber(), { description: 'In blocks' }),
    sponsorApproveTimeout: meta(optionalNumber(), { description: 'In blocks' }),
    ownerCanTransfer: optionalBoolean(),
    ownerCanDestroy: optionalBoolean(),
    transfersEnabled: optionalBoolean(),
  }),
  { id: 'Limits' },
);
export type Limits = z.infer<typeof LimitsSchema>;
