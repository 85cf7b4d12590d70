import {
  bytesToHex,
  compactToBytes,
  concatBytes,
  encodeMortalEra,
  hexToBytes,
  SIGNED_EXTENSIONS,
  type SignerPayloadJSON,
  signerPayloadToRaw,
  signerPayloadToSignBytes,
} from '@nftkit/primitives';

export const GENESIS = `0x${'11'.repeat(32)}`;
export const BLOCK_HASH = `0x${'22'.repeat(32)}`;

/** A build answer the way a real server makes it, for a call given as bytes. */
export function makeBuildAnswer(args: {
  address: string;
  method: Uint8Array | string;
  nonce?: number;
  blockNumber?: number;
}) {
  const method = typeof args.method === 'string' ? args.method : bytesToHex(args.method);
  const blockNumber = args.blockNumber ?? 100;
  const signerPayloadJSON: SignerPayloadJSON = {
    address: args.address,
    blockHash: BLOCK_HASH,
    blockNumber: `0x${blockNumber.toString(16).padStart(8, '0')}`,
    era: bytesToHex(encodeMortalEra(64, blockNumber)),
    genesisHash: GENESIS,
    method,
    nonce: `0x${(args.nonce ?? 0).toString(16).padStart(8, '0')}`,
    specVersion: '0x000f4628',
    tip: `0x${'00'.repeat(16)}`,
    transactionVersion: '0x00000003',
    signedExtensions: [...SIGNED_EXTENSIONS],
    version: 4,
  };
  const callBytes = hexToBytes(method);
  const extrinsic = concatBytes(Uint8Array.of(4), callBytes);
  return {
    signerPayloadJSON,
    signerPayloadRaw: signerPayloadToRaw(signerPayloadJSON),
    signerPayloadHex: bytesToHex(signerPayloadToSignBytes(signerPayloadJSON)),
    compactExtrinsic: bytesToHex(concatBytes(compactToBytes(extrinsic.length), extrinsic)),
  };
}
