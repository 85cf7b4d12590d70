import { blake2b } from './blake2b.js';
import { decodeEra } from './era.js';
import { describe, PrimitivesError } from './errors.js';
import { bytesToHex, concatBytes, hexToBytes, isHex } from './hex.js';
import { compactToBytes, u32ToLeBytes } from './scale.js';

/** What a wallet's `signPayload` receives (polkadot-js `SignerPayloadJSON`); every number is hex. */
export type SignerPayloadJSON = {
  address: string;
  blockHash: string;
  blockNumber: string;
  era: string;
  genesisHash: string;
  method: string;
  nonce: string;
  specVersion: string;
  tip: string;
  transactionVersion: string;
  signedExtensions: string[];
  version: number;
  /** CheckMetadataHash mode (0 = disabled); only used when that extension is listed. */
  mode?: number;
  /** CheckMetadataHash metadata hash; only used when that extension is listed and mode is 1. */
  metadataHash?: string;
};

/**
 * The signed extensions a Unique chain's signer payload names, in order (what the REST API puts in
 * `signedExtensions`); none of them adds bytes to the payload that is signed.
 */
export const SIGNED_EXTENSIONS: readonly string[] = [
  'CheckSpecVersion',
  'CheckTxVersion',
  'CheckGenesis',
  'CheckMortality',
  'CheckNonce',
  'CheckWeight',
  'ChargeTransactionPayment',
];

const invalid = (field: string, value: unknown, expected: string) =>
  new PrimitivesError(
    'INVALID_SIGNER_PAYLOAD',
    `signerPayloadJSON.${field} must be ${expected}, got ${describe(value)}`,
  );

const hexField = (
  json: SignerPayloadJSON,
  field: keyof SignerPayloadJSON,
  byteLength?: number,
): Uint8Array => {
  const value = json[field];
  if (!isHex(value, byteLength))
    throw invalid(field, value, byteLength === undefined ? '0x hex' : `0x hex of ${byteLength} bytes`);
  return hexToBytes(value as string);
};

const hexNumber = (json: SignerPayloadJSON, field: keyof SignerPayloadJSON, maxBits: number): bigint => {
  const value = json[field];
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]+$/.test(value))
    throw invalid(field, value, 'a 0x hex number');
  const n = BigInt(value);
  if (n >> BigInt(maxBits) !== 0n) throw invalid(field, value, `a ${maxBits}-bit number`);
  return n;
};

/**
 * The bytes of the extrinsic payload (polkadot-js `ExtrinsicPayload.toU8a({method: true})`):
 * method ‖ era ‖ compact nonce ‖ compact tip ‖ [mode] ‖ specVersion u32 LE ‖ transactionVersion u32 LE ‖
 * genesisHash ‖ blockHash ‖ [Option metadataHash]. The bracketed parts appear only when
 * `CheckMetadataHash` is among the signed extensions; other extensions add no bytes.
 */
export const signerPayloadToRawBytes = (json: SignerPayloadJSON): Uint8Array => {
  if (typeof json !== 'object' || json === null)
    throw new PrimitivesError('INVALID_SIGNER_PAYLOAD', 'signerPayloadJSON must be an object');
  const method = hexField(json, 'method');
  if (method.length < 2) throw invalid('method', json.method, 'a call of at least 2 bytes');
  const era = hexField(json, 'era');
  try {
    decodeEra(era);
  } catch (cause) {
    throw new PrimitivesError(
      'INVALID_SIGNER_PAYLOAD',
      `signerPayloadJSON.era is not a valid era: ${json.era}`,
      {
        cause,
      },
    );
  }
  if (!Array.isArray(json.signedExtensions) || json.signedExtensions.some((e) => typeof e !== 'string'))
    throw invalid('signedExtensions', json.signedExtensions, 'an array of names');
  const withMetadataHash = json.signedExtensions.includes('CheckMetadataHash');
  const parts = [
    method,
    era,
    compactToBytes(hexNumber(json, 'nonce', 64)),
    compactToBytes(hexNumber(json, 'tip', 128)),
  ];
  let metadataHash: Uint8Array | undefined;
  if (withMetadataHash) {
    const mode = json.mode ?? 0;
    if (mode !== 0 && mode !== 1) throw invalid('mode', mode, '0 or 1');
    parts.push(Uint8Array.of(mode));
    metadataHash =
      mode === 1 ? concatBytes(Uint8Array.of(1), hexField(json, 'metadataHash', 32)) : Uint8Array.of(0);
  }
  parts.push(
    u32ToLeBytes(hexNumber(json, 'specVersion', 32)),
    u32ToLeBytes(hexNumber(json, 'transactionVersion', 32)),
    hexField(json, 'genesisHash', 32),
    hexField(json, 'blockHash', 32),
  );
  if (metadataHash) parts.push(metadataHash);
  return concatBytes(...parts);
};

/** The bytes a signer signs: the raw payload, or its blake2-256 hash when it is longer than 256 bytes. */
export const signerPayloadToSignBytes = (json: SignerPayloadJSON): Uint8Array => {
  const raw = signerPayloadToRawBytes(json);
  return raw.length > 256 ? blake2b(raw, 32) : raw;
};

/** `signerPayloadRaw` of a build answer: `{address, data, type: 'payload'}`. */
export const signerPayloadToRaw = (
  json: SignerPayloadJSON,
): { address: string; data: string; type: 'payload' } => ({
  address: json.address,
  data: bytesToHex(signerPayloadToRawBytes(json)),
  type: 'payload',
});
