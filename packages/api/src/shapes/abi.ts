import * as z from 'zod/mini';
import { meta } from './meta.js';

export type AbiParameter = {
  type: string;
  name?: string | undefined;
  internalType?: string | undefined;
  indexed?: boolean | undefined;
  components?: AbiParameter[] | undefined;
};

export const AbiParameterSchema: z.ZodMiniType<AbiParameter> = z.lazy(() =>
  z.object({
    type: z.string(),
    name: z.optional(z.string()),
    internalType: z.optional(z.string()),
    indexed: z.optional(z.boolean()),
    components: z.optional(z.array(AbiParameterSchema)),
  }),
);

export const AbiItemSchema = z.object({
  type: z.string(),
  name: z.optional(z.string()),
  inputs: z.optional(z.array(AbiParameterSchema)),
  outputs: z.optional(z.array(AbiParameterSchema)),
  stateMutability: z.optional(z.string()),
  payable: z.optional(z.boolean()),
  constant: z.optional(z.boolean()),
});
export type AbiItem = z.infer<typeof AbiItemSchema>;

export const AbiSchema = meta(z.array(AbiItemSchema), { id: 'Abi' });
export type Abi = z.infer<typeof AbiSchema>;
