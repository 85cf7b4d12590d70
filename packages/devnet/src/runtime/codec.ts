import { bytesToHex, compactFromBytes, compactToBytes, concatBytes, hexToBytes } from '@nftkit/primitives';
import type { CallDef, Pallet } from './call.js';

/**
 * Calls are `pallet index ‖ call index ‖ arguments`, with the arguments as one SCALE `Bytes` holding the UTF-8 JSON
 * of the call's argument object (docs/decisions/devnet.md: a wallet treats `method` as opaque bytes, so signing is
 * unaffected, and every call needs no hand-written SCALE codec).
 */
export class CallDecodeError extends Error {
  readonly code = 'CALL_DECODE_ERROR';
}

export type DecodedCall = {
  pallet: Pallet;
  call: CallDef;
  /** The arguments as sent (JSON), shown in statuses. */
  rawArgs: Record<string, unknown>;
  /** The arguments after the call's decoder (normalized addresses, bigints). */
  args: unknown;
  bytes: Uint8Array;
};

/**
 * The longest call a block takes: Substrate's `BlockLength` is 5 MiB, of which normal transactions may use 75%
 * (`NORMAL_DISPATCH_RATIO`), so 3 932 160 bytes; a longer extrinsic is refused (`ExhaustsResources`) on a real chain.
 */
export const MAX_CALL_BYTES = 3_932_160;
/**
 * How deep calls nest (a top-level call is depth 1, a call in a batch depth 2). Substrate decodes to depth 256, but
 * a level here hex-encodes the call below into JSON and so doubles it: 8 levels already make a transfer 256 times
 * its size, and nobody batches batches of batches.
 */
export const MAX_CALL_DEPTH = 8;

const utf8 = new TextEncoder();
// Nested calls decode through their pallet's argument decoder, synchronously: the depth of the decode under way.
let depth = 0;
const utf8d = new TextDecoder('utf-8', { fatal: true });

export function encodeCallBytes(palletIndex: number, callIndex: number, args: unknown): Uint8Array {
  const json = utf8.encode(JSON.stringify(args));
  return concatBytes(new Uint8Array([palletIndex, callIndex]), compactToBytes(json.length), json);
}

/** The runtime's calls by Opal's indices. */
export type CallTable = {
  pallet(index: number): Pallet | undefined;
  call(pallet: Pallet, index: number): CallDef | undefined;
};

export function decodeCallWith(table: CallTable, bytes: Uint8Array): DecodedCall {
  if (bytes.length < 3) throw new CallDecodeError('Call bytes are too short');
  if (bytes.length > MAX_CALL_BYTES)
    throw new CallDecodeError(
      `The call is ${bytes.length} bytes; a block takes calls of at most ${MAX_CALL_BYTES} bytes (5 MiB × 75%)`,
    );
  if (depth >= MAX_CALL_DEPTH)
    throw new CallDecodeError(`Calls nest at most ${MAX_CALL_DEPTH} deep (a batch in a batch counts two)`);
  depth++;
  try {
    return decodeCallBody(table, bytes);
  } finally {
    depth--;
  }
}

function decodeCallBody(table: CallTable, bytes: Uint8Array): DecodedCall {
  const pallet = table.pallet(bytes[0] as number);
  if (!pallet) throw new CallDecodeError(`Unknown pallet index ${bytes[0]}`);
  const call = table.call(pallet, bytes[1] as number);
  if (!call) throw new CallDecodeError(`Unknown call index ${bytes[1]} in pallet ${pallet.name}`);
  let len: bigint;
  let prefix: number;
  try {
    const c = compactFromBytes(bytes, 2);
    len = c.value;
    prefix = c.length;
  } catch {
    throw new CallDecodeError('Bad argument length prefix');
  }
  if (BigInt(bytes.length) !== 2n + BigInt(prefix) + len)
    throw new CallDecodeError('Argument length mismatch');
  let rawArgs: unknown;
  try {
    rawArgs = JSON.parse(utf8d.decode(bytes.subarray(2 + prefix)));
  } catch {
    throw new CallDecodeError('Arguments are not UTF-8 JSON');
  }
  if (typeof rawArgs !== 'object' || rawArgs === null || Array.isArray(rawArgs))
    throw new CallDecodeError('Arguments must be a JSON object');
  const parsed = call.args.safeParse(rawArgs);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new CallDecodeError(
      `Cannot decode ${pallet.name}.${call.name}: ${issue ? `${issue.path.join('.') || '(args)'}: ${issue.message}` : 'invalid'}`,
    );
  }
  return { pallet, call, rawArgs: rawArgs as Record<string, unknown>, args: parsed.data, bytes };
}

/** `compact length ‖ 0x04 ‖ call` (rest-api §2.1 `compactExtrinsic`: an unsigned, version-4 extrinsic). */
export function toCompactExtrinsic(call: Uint8Array): string {
  return bytesToHex(concatBytes(compactToBytes(call.length + 1), new Uint8Array([0x04]), call));
}

/** The call inside a `compactExtrinsic` (length-checked). */
export function fromCompactExtrinsic(hex: string): Uint8Array {
  const bytes = hexToBytes(hex);
  const { value, length } = compactFromBytes(bytes, 0);
  if (BigInt(bytes.length - length) !== value) throw new CallDecodeError('compactExtrinsic length mismatch');
  if (bytes[length] !== 0x04)
    throw new CallDecodeError('compactExtrinsic must be an unsigned version-4 extrinsic');
  return bytes.subarray(length + 1);
}
