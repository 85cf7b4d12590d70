import type { SignerPayloadJSON, SignerPayloadRaw } from '@nftkit/api';

/** What a signer gets: the build answer (`signerPayloadHex` is what the stock signer signs). */
export type UnsignedPayload = {
  signerPayloadJSON?: SignerPayloadJSON;
  signerPayloadRaw?: SignerPayloadRaw;
  signerPayloadHex?: string;
};

export type SignResult = {
  /** `0x01` + the 64-byte sr25519 signature (Substrate's MultiSignature), or whatever the chain's signer returns. */
  signature: string;
  signatureType?: 'sr25519' | 'ed25519' | 'ecdsa' | 'ethereum';
};

/** Anything that can sign a build answer: a key in memory, a browser wallet, a hardware device, a remote service. */
export interface Signer {
  sign(payload: UnsignedPayload): Promise<SignResult>;
}

/** An account as the clients take it: the signer address and its signer. */
export type Account = {
  address: string;
  signer: Signer;
};
