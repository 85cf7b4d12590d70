import * as z from 'zod';

export const GlobalConsensusSchema = z.union([
  z.enum(['polkadot', 'kusama', 'bitcoinCore', 'bitcoinCash', 'polkadotBulletin']),
  z.object({
    byGenesis: z.string().regex(/^0x[0-9a-fA-F]*$/, { message: 'byGenesis must be a hex string' }),
  }),
]);

/** Where an asset lives across consensus systems (derivative/foreign collections). */
export const UniversalLocationSchema = z
  .object({
    globalConsensus: GlobalConsensusSchema,
    parachain: z.number().optional(),
    generalIndex: z.number().optional(),
    palletInstance: z.number().optional(),
  })
  .meta({ id: 'UniversalLocation' });
export type UniversalLocation = z.infer<typeof UniversalLocationSchema>;
