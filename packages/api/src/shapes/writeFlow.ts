import * as z from 'zod/mini';
import { SubAddressSchema } from './address.js';
import { EventSchema, GroupedEventsSchema } from './event.js';
import { ExtrinsicHashSchema } from './ids.js';
import { meta } from './meta.js';
import { zQueryBoolean } from './queryBoolean.js';

/** A `0x`-prefixed hex string (any length: the fields are read by the server, which checks their sizes). */
const hex = (description: string) =>
  meta(z.string().check(z.regex(/^0x[0-9a-fA-F]*$/, { message: 'Expected a 0x-prefixed hex string' })), {
    description,
  });

/** The payload a wallet signs (polkadot.js `SignerPayloadJSON`); every field but `address`/`version` is a hex string. */
export const SignerPayloadJSONSchema = meta(
  z.object({
    address: SubAddressSchema,
    blockHash: hex('Checkpoint block hash'),
    blockNumber: hex('Checkpoint block number, hex'),
    era: hex('SCALE-encoded era, hex'),
    genesisHash: hex('Genesis hash'),
    method: hex('SCALE-encoded call (pallet index, call index, args), no length prefix'),
    nonce: hex('Nonce, hex'),
    specVersion: hex('Runtime spec version, hex u32'),
    tip: hex('Tip, hex u128'),
    transactionVersion: hex('Runtime transaction version, hex u32'),
    signedExtensions: z.array(z.string()),
    version: z.number(),
  }),
  { id: 'SignerPayloadJSON' },
);
export type SignerPayloadJSON = z.infer<typeof SignerPayloadJSONSchema>;

export const SignerPayloadRawSchema = z.object({
  address: SubAddressSchema,
  data: hex('The payload bytes, hex'),
  type: meta(z.string(), { description: '`payload` (or `bytes`)' }),
});
export type SignerPayloadRaw = z.infer<typeof SignerPayloadRawSchema>;

/** Build/fee options. `mortalLength` is rounded up to a power of two that must end up in 4…65536. */
export const BuildOptionsSchema = z.object({
  signerAddress: SubAddressSchema,
  nonce: z.optional(z.number().check(z.int(), z.nonnegative())),
  mortalLength: z.optional(z.number().check(z.int(), z.positive())),
});
export type BuildOptions = z.infer<typeof BuildOptionsSchema>;

/** `POST R/build` and `POST R/fee` body for a route whose args are `args`. */
export function buildRequestSchema<A extends z.ZodMiniType>(args: A) {
  return z.object({ args, options: BuildOptionsSchema });
}
/** `POST R/build` / `R/fee` body with unchecked args (validate them with the route's `input`). */
export const BuildRequestSchema = buildRequestSchema(z.unknown());
export type BuildRequest = z.infer<typeof BuildRequestSchema>;

/** `POST R/encode` body: args only, no signer. */
export function encodeRequestSchema<A extends z.ZodMiniType>(args: A) {
  return z.object({ args });
}
export const EncodeRequestSchema = encodeRequestSchema(z.unknown());
export type EncodeRequest = z.infer<typeof EncodeRequestSchema>;

export const BuildAnswerSchema = z.object({
  signerPayloadJSON: SignerPayloadJSONSchema,
  signerPayloadRaw: SignerPayloadRawSchema,
  signerPayloadHex: hex('What is signed: the raw payload, or its blake2-256 hash when longer than 256 bytes'),
  compactExtrinsic: hex('Compact length ‖ version byte ‖ call bytes'),
});
export type BuildAnswer = z.infer<typeof BuildAnswerSchema>;

export const EncodeAnswerSchema = z.object({
  compactExtrinsic: hex('Compact length ‖ version byte ‖ call bytes'),
});
export type EncodeAnswer = z.infer<typeof EncodeAnswerSchema>;

/** `POST /extrinsics/submit`: the payload exactly as built, and `0x01` + the 64-byte sr25519 signature. */
export const SubmitRequestSchema = z.object({
  signerPayloadJSON: SignerPayloadJSONSchema,
  signature: hex('MultiSignature: variant byte (0x01 = sr25519) then the signature'),
});
export type SubmitRequest = z.infer<typeof SubmitRequestSchema>;

export const SubmitAnswerSchema = z.object({ hash: ExtrinsicHashSchema });
export type SubmitAnswer = z.infer<typeof SubmitAnswerSchema>;

/** Fee parts, all wei as decimal strings. */
export const FeeAnswerSchema = z.object({
  baseFee: z.string(),
  lenFee: z.string(),
  adjustedWeightFee: z.string(),
  totalFee: z.string(),
  xcmFee: z.optional(z.string()),
});
export type FeeAnswer = z.infer<typeof FeeAnswerSchema>;

/** The included extrinsic, as the status answer describes it. */
export const ExtrinsicStatusSchema = z.object({
  hash: z.string(),
  signer: z.string(),
  section: z.string(),
  method: z.string(),
  args: z.record(z.string(), z.unknown()),
  events: z.array(EventSchema),
  groupedEvents: GroupedEventsSchema,
  blockHash: z.string(),
  blockNumber: z.coerce.string<string | number>(),
});
export type ExtrinsicStatus = z.infer<typeof ExtrinsicStatusSchema>;

/** `GET R/status/:hash` answer 200: the route's formatted `result` and the extrinsic. */
export function StatusAnswerSchema<R extends z.ZodMiniType>(result: R) {
  return z.object({ result, extrinsic: ExtrinsicStatusSchema });
}
export type StatusAnswer<R = unknown> = { result: R; extrinsic: ExtrinsicStatus };

/** Query string of `GET R/status/:hash`: `isFinalized` (query boolean) and the long-poll `waitMs`. */
export const StatusQuerySchema = z.object({
  isFinalized: z.optional(zQueryBoolean),
  /** Long poll: hold the request up to this many ms (the server caps it at 30000). */
  waitMs: z.optional(z.coerce.number<string | number>().check(z.int(), z.nonnegative())),
});
export type StatusQuery = z.infer<typeof StatusQuerySchema>;
