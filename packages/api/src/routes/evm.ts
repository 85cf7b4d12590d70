import * as z from 'zod/mini';
import { type ExtrinsicRoute, extrinsicRoute, type QueryRoute, queryRoute } from '../route.js';
import { AbiSchema } from '../shapes/abi.js';
import { EthAddressSchema } from '../shapes/address.js';
import { ExtrinsicHashSchema } from '../shapes/ids.js';
import { FunctionArgsSchema } from '../shapes/json.js';
import { meta } from '../shapes/meta.js';
import { UnsignedBigIntStringSchema } from '../shapes/numbers.js';
import { zQueryBoolean } from '../shapes/queryBoolean.js';

const bigint = () => z.optional(UnsignedBigIntStringSchema);

/** Fields of every EVM call (a read through eth_call). */
export const EvmCallBaseSchema = z.object({
  functionName: z.string(),
  functionArgs: FunctionArgsSchema,
  senderAddress: meta(z.optional(z.string()), {
    description: 'Caller; a substrate address calls as its mirror',
  }),
  gasPrice: bigint(),
  gasLimit: bigint(),
  value: meta(bigint(), { description: 'Wei' }),
  blockNumber: bigint(),
});

/** Fields of every EVM send (a transaction through the evm pallet). */
export const EvmSendBaseSchema = z.object({
  functionName: z.string(),
  functionArgs: FunctionArgsSchema,
  value: meta(bigint(), { description: 'Wei' }),
  gasLimit: bigint(),
  maxFeePerGas: bigint(),
  maxPriorityFeePerGas: bigint(),
  source: z.optional(z.string()),
});

const contractWithAbi = z.object({ address: EthAddressSchema, abi: AbiSchema });
const contractAddressOnly = z.object({ address: EthAddressSchema });

/** The decoded return value of a call: whatever the ABI says. */
export const EvmCallResultSchema = z.unknown();
export const EvmSendResultSchema = z.object({ isSuccessful: z.nullable(z.boolean()) });

type HelperFamily = { call: QueryRoute; send: ExtrinsicRoute };

/** `call` and `send` of one contract family, from their input schemas (kept exact so clients see every field). */
function family<CI extends z.ZodMiniType, SI extends z.ZodMiniType>(
  segment: string,
  callInput: CI,
  sendInput: SI,
) {
  return {
    call: queryRoute({
      method: 'POST',
      path: `/evm/${segment}/call`,
      input: callInput,
      output: EvmCallResultSchema,
    }),
    send: extrinsicRoute({
      path: `/evm/${segment}/send`,
      input: sendInput,
      output: EvmSendResultSchema,
    }),
  } satisfies HelperFamily;
}

/** A family whose calls name the contract (`contract: {address, abi?}`). */
const helperFamily = <C extends z.ZodMiniObject>(segment: string, contract: C) =>
  family(segment, z.extend(EvmCallBaseSchema, { contract }), z.extend(EvmSendBaseSchema, { contract }));

/** A family at a fixed address with a built-in ABI: no `contract` field. */
const fixedFamily = (segment: string) => family(segment, EvmCallBaseSchema, EvmSendBaseSchema);

const contract = helperFamily('contract', contractWithAbi);

const contractExists = queryRoute({
  path: '/evm/contract/exists',
  input: z.object({ address: EthAddressSchema }),
  output: z.object({ exists: z.boolean() }),
});

export const evmRoutes = {
  call: contract.call,
  send: contract.send,
  logs: queryRoute({
    method: 'POST',
    path: '/evm/contract/logs',
    input: z.object({ hash: ExtrinsicHashSchema, isFinalized: z.optional(zQueryBoolean), abi: AbiSchema }),
    output: z.object({
      logs: z.array(
        z.object({
          name: z.string(),
          signature: z.string(),
          // Decoded event arguments, by name or by position depending on the decoder; bigints as strings.
          args: z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]),
        }),
      ),
    }),
  }),
  exists: contractExists,
  deploy: extrinsicRoute({
    path: '/evm/contract/deploy',
    input: z.object({
      bytecode: z
        .string()
        .check(z.regex(/^0x[0-9a-fA-F]*$/, { message: 'Bytecode of the contract, must start with 0x' })),
      value: bigint(),
      gasLimit: bigint(),
      maxFeePerGas: bigint(),
      maxPriorityFeePerGas: bigint(),
      nonce: z.optional(z.number().check(z.int(), z.nonnegative())),
      accessList: z.optional(z.array(EthAddressSchema)),
      source: z.optional(z.string()),
    }),
    output: z.object({ contractAddress: z.string() }),
  }),
  collectionHelpers: fixedFamily('collection-helpers'),
  contractHelpers: fixedFamily('contract-helpers'),
  uniqueNft: helperFamily('unique-nft', contractAddressOnly),
  uniqueFungible: helperFamily('unique-fungible', contractAddressOnly),
  uniqueRefungible: helperFamily('unique-refungible', contractAddressOnly),
  uniqueRefungibleToken: helperFamily('unique-refungible-token', contractAddressOnly),
  uniqueNativeFungible: helperFamily('unique-native-fungible', contractAddressOnly),
  /** Alias of `exists`, as on the real client. */
  contractExists,
};
