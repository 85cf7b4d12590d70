// Signing a text message (the game service's sign-in challenge) with each kind of wallet. No fee: nothing is
// submitted. Refusals keep the wallet's own error (EIP-1193 code 4001, or the extension's text) so the caller can
// tell a refusal from a failure.
import { bytesToHex } from '@nftkit/primitives';
import type { Eip1193Provider } from './eip1193';
import type { InjectedSigner } from './injected';

/** Signs a text message; answers the signature as `0x` hex. */
export type MessageSigner = (message: string) => Promise<string>;

/** `0x` + the hex of the text's UTF-8 bytes (what `signRaw` and `personal_sign` take). */
export const hexUtf8 = (text: string): string => bytesToHex(new TextEncoder().encode(text));

export class MessageSignError extends Error {
  override name = 'MessageSignError';
}

const asSignature = (value: unknown, what: string): string => {
  if (typeof value === 'string' && /^0x(?:[0-9a-fA-F]{2})+$/.test(value)) return value;
  throw new MessageSignError(`${what} answered no hex signature`);
};

/**
 * A Polkadot-family extension: `signRaw({ address, data, type: 'bytes' })` with the message's UTF-8 bytes as hex
 * (the extension wraps them in `<Bytes>…</Bytes>` before signing; the service accepts both).
 */
export function polkadotMessageSigner(
  signer: InjectedSigner,
  address: string,
  wallet: string,
): MessageSigner {
  return async (message) => {
    if (!signer.signRaw) throw new MessageSignError(`${wallet} has no signRaw`);
    const answer = await signer.signRaw({ address, data: hexUtf8(message), type: 'bytes' });
    return asSignature(answer?.signature, wallet);
  };
}

/** MetaMask: EIP-191 `personal_sign` with `[hex of the UTF-8 message, address]`. */
export function metaMaskMessageSigner(provider: Eip1193Provider, address: string): MessageSigner {
  return async (message) =>
    asSignature(
      await provider.request({ method: 'personal_sign', params: [hexUtf8(message), address] }),
      'MetaMask',
    );
}

/** A key held in the page (devnet dev accounts): signs the message's UTF-8 bytes. */
export function keyMessageSigner(sign: (bytes: Uint8Array) => Uint8Array): MessageSigner {
  return async (message) => bytesToHex(sign(new TextEncoder().encode(message)));
}
