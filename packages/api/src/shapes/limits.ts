import * as z from 'zod';

const optionalNumber = () => z.number().nullable().optional();
const optionalBoolean = () => z.boolean().nullable().optional();

/** Collection limits, as input and output: every field optional and nullable (`{}` is valid). */
export const LimitsSchema = z
  .object({
    accountTokenOwnershipLimit: optionalNumber(),
    sponsoredDataSize: optionalNumber(),
    sponsoredDataRateLimit: z.union([z.number(), z.string()]).nullable().optional(),
    tokenLimit: optionalNumber(),
    sponsorTransferTimeout: optionalNumber().meta({ description: 'In blocks' }),
    sponsorApproveTimeout: optionalNumber().meta({ description: 'In blocks' }),
    ownerCanTransfer: optionalBoolean(),
    ownerCanDestroy: optionalBoolean(),
    transfersEnabled: optionalBoolean(),
  })
  .meta({ id: 'Limits' });
export type Limits = z.infer<typeof LimitsSchema>;
