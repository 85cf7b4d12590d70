import * as z from 'zod';

export type AbiParameter = {
  type: string;
  name?: string | undefined;
  internalType?: string | undefined;
  indexed?: boolean | undefined;
  components?: AbiParameter[] | undefined;
};

export const AbiParameterSchema: z.ZodType<AbiParameter> = z.lazy(() =>
  z.object({
    type: z.string(),
    name: z.string().optional(),
    internalType: z.string().optional(),
    indexed: z.boolean().optional(),
    components: z.array(AbiParameterSchema).optional(),
  }),
);

export const AbiItemSchema = z.object({
  type: z.string(),
  name: z.string().optional(),
  inputs: z.array(AbiParameterSchema).optional(),
  outputs: z.array(AbiParameterSchema).optional(),
  stateMutability: z.string().optional(),
  payable: z.boolean().optional(),
  constant: z.boolean().optional(),
});
export type AbiItem = z.infer<typeof AbiItemSchema>;

export const AbiSchema = z.array(AbiItemSchema).meta({ id: 'Abi' });
export type Abi = z.infer<typeof AbiSchema>;
