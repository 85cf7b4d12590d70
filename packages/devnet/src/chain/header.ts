import { bytesToHex, compactToBytes, concatBytes, hexToBytes } from '@nftkit/primitives';
import { blake2b256 } from '../crypto/blake2b.js';

/**
 * A block header as Substrate encodes it: `parentHash ‖ Compact<number> ‖ stateRoot ‖ extrinsicsRoot ‖ digest`. Its
 * blake2-256 is the block's hash, which is what a mortal transaction signs as its era's block (polkadot-js signs
 * `blake2_256(SCALE(header))`), so the devnet's hashes must be these.
 *
 * The devnet keeps no state trie: every header but the genesis one carries the zero hash as its state root. The
 * genesis header carries a random one instead, which makes each devnet's genesis hash its own (a transaction signed for
 * one chain cannot be replayed on another started with `--reset`), as a real chain's genesis state does. The digest is
 * always empty (no consensus engine writes into it).
 */
export type Header = {
  parentHash: string;
  number: number;
  stateRoot: string;
  extrinsicsRoot: string;
};

export const ZERO_HASH = `0x${'00'.repeat(32)}`;

/** The SCALE bytes of a header with an empty digest (`Vec<DigestItem>` of length 0). */
export function encodeHeader(h: Header): Uint8Array {
  return concatBytes(
    hexToBytes(h.parentHash),
    compactToBytes(h.number),
    hexToBytes(h.stateRoot),
    hexToBytes(h.extrinsicsRoot),
    Uint8Array.of(0),
  );
}

/** The block hash: blake2-256 of the SCALE header. */
export const headerHash = (h: Header): string => bytesToHex(blake2b256(encodeHeader(h)));

/**
 * The extrinsics root the devnet commits to: blake2-256 of the included extrinsics' hashes in order. Not Substrate's
 * ordered trie root (the devnet keeps no trie), but it binds the header to its body all the same.
 */
export const extrinsicsRoot = (hashes: readonly string[]): string =>
  bytesToHex(blake2b256(concatBytes(...hashes.map((h) => hexToBytes(h)), new Uint8Array(0))));
