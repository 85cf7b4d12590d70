import { bytesToHex, compactFromBytes, compactToBytes, concatBytes, hexToBytes } from '@nftkit/primitives';

/**
 * A call's bytes are Opal's: `pallet index ‖ call index ‖ SCALE arguments` of the types in the devnet's metadata
 * (metadata/callCodec.ts reads and writes them; runtime.ts turns them into the runtime's calls, `DecodedCall`). This module holds
 * what the layers share about them: the refusal, the bounds and the `compactExtrinsic` wrapping.
 */
export class CallDecodeError extends Error {
  readonly code = 'CALL_DECODE_ERROR';
}

/**
 * The longest call a block takes: Substrate's `BlockLength` is 5 MiB, of which normal transactions may use 75%
 * (`NORMAL_DISPATCH_RATIO`), so 3 932 160 bytes; a longer extrinsic is refused (`ExhaustsResources`) on a real chain.
 */
export const MAX_CALL_BYTES = 3_932_160;
/**
 * How deep calls nest (a top-level call is depth 1, a call in a batch depth 2). Substrate decodes to depth 256;
 * each level is decoded again when its batch runs, and nobody batches batches of batches.
 */
export const MAX_CALL_DEPTH = 8;

/**
 * How many calls one call may hold in all, counting the calls of batches inside batches. Opal bounds each batch
 * (`batched_calls_limit`), not the total; the devnet checks each call's arguments again when its batch runs, at a
 * cost per call far above a node's, so it bounds the total too, to the most one batch takes (`MAX_BATCH_CALLS`).
 */
export const MAX_INNER_CALLS = 1000;

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
