import * as z from 'zod/mini';
import { meta } from './meta.js';

export const GlobalConsensusSchema = z.union([
  z.enum(['polkadot', 'kusama', 'bitcoinCore', 'bitcoinCash', 'polkadotBulletin']),
  z.object({
    byGenesis: z.string().check(z.regex(/^0x[0-9a-fA-F]*$/, { message: 'byGenesis must be a hex string' })),
  }),
]);

/** Where an asset lives across consensus systems (derivative/foreign collections). */
export const UniversalLocationSchema = meta(
  z.object({
    globalConsensus: GlobalConsensusSchema,
    parachain: z.optional(z.number()),
    generalIndex: z.optional(z.number()),
    palletInstance: z.optional(z.number()),
  }),
  { id: 'UniversalLocation' },
);
export type UniversalLocation = z.infer<typeof UniversalLocationSchema>;
