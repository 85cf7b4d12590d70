import {
  isAddress,
  isEthereumAddress,
  isSubstrateAddress,
  MAX_SS58_ADDRESS_LENGTH,
  type CrossAccountId as PrimitiveCrossAccountId,
  type CrossAccountIdInput as PrimitiveCrossAccountIdInput,
  toCrossAccountId,
} from '@nftkit/primitives';
import * as z from 'zod/mini';
import { meta } from './meta.js';

// The length is checked first (an SS58 address is at most 52 characters, an Ethereum one 42): a long text must be
// refused before anything decodes it, and the documents carry the bound.
const addressLength = (message: string) =>
  z.maxLength(MAX_SS58_ADDRESS_LENGTH, {
    message: `${message} (longer than ${MAX_SS58_ADDRESS_LENGTH} characters)`,
    abort: true,
  });

/** An SS58 (any prefix) or Ethereum address. CrossAccountId objects and bare public keys are rejected. */
export const AddressSchema = meta(
  z.string().check(
    addressLength('address is not a valid substrate or ethereum address'),
    z.refine((value) => isAddress(value), {
      message: 'address is not a valid substrate or ethereum address',
    }),
  ),
  {
    id: 'Address',
    description: 'Substrate (SS58, any prefix) or Ethereum address',
    examples: ['5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY'],
  },
);
export type Address = z.infer<typeof AddressSchema>;

/** An SS58 address (any prefix): signers, sponsors, pallet-nfts account namespaces. */
export const SubAddressSchema = meta(
  z.string().check(
    addressLength('address is not a valid substrate address'),
    z.refine((value) => isSubstrateAddress(value), { message: 'address is not a valid substrate address' }),
  ),
  {
    id: 'SubAddress',
    description: 'Substrate address (SS58, any prefix)',
    examples: ['5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY'],
  },
);
export type SubAddress = z.infer<typeof SubAddressSchema>;

/** `0x` + 40 hex digits, any case. */
export const EthAddressSchema = meta(
  z
    .string()
    .check(
      z.refine((value) => isEthereumAddress(value), { message: 'address is not a valid ethereum address' }),
    ),
  {
    id: 'EthAddress',
    description: 'Ethereum address (0x + 40 hex digits)',
    examples: ['0xd43593c715Fdd31c61141ABd04a99FD6822c8558'],
  },
);
export type EthAddress = z.infer<typeof EthAddressSchema>;

/** The chain's CrossAccountId, normalized: substrate re-encoded with prefix 42, ethereum checksummed. */
export const CrossAccountIdSchema = z.union([
  z.strictObject({ Substrate: z.string() }),
  z.strictObject({ Ethereum: z.string() }),
]);
export type CrossAccountId = PrimitiveCrossAccountId;

function normalizeCrossAccountId(
  value: PrimitiveCrossAccountIdInput,
  ctx: z.core.ParsePayload,
): CrossAccountId {
  try {
    return toCrossAccountId(value);
  } catch (error) {
    ctx.issues.push({
      code: 'custom',
      message: error instanceof Error ? error.message : 'Invalid cross-account id',
      input: value,
    });
    return z.NEVER;
  }
}

/**
 * Anything a reader accepts as a CrossAccountId (an address string, `{Substrate}`/`{Ethereum}`, lower-case keys, or
 * the EVM tuple `{eth, sub}` with exactly one zero), normalized to {@link CrossAccountIdSchema}.
 */
export const CrossAccountIdInputSchema = z.pipe(
  z.union([
    z.string(),
    z.object({ Substrate: z.string() }),
    z.object({ Ethereum: z.string() }),
    z.object({ substrate: z.string() }),
    z.object({ ethereum: z.string() }),
    z.object({ eth: z.string(), sub: z.union([z.string(), z.bigint()]) }),
  ]),
  z.transform(normalizeCrossAccountId),
);
export type CrossAccountIdInput = z.input<typeof CrossAccountIdInputSchema>;

/**
 * An address given as a string and sent as a CrossAccountId object (collection/create `pendingSponsor`); the
 * object form is accepted too, so a parsed value parses again to itself.
 */
export const AddressToCrossAccountIdSchema = z.pipe(
  z.union([AddressSchema, z.object({ Substrate: z.string() }), z.object({ Ethereum: z.string() })]),
  z.transform((value: string | { Substrate: string } | { Ethereum: string }, ctx) =>
    normalizeCrossAccountId(value, ctx),
  ),
);
