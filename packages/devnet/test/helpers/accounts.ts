import { Sr25519Account } from '@nftkit/sdk';

/** The dev keys, derived by the sdk (the devnet itself only verifies). */
export const alice = Sr25519Account.fromUri('//Alice');
export const bob = Sr25519Account.fromUri('//Bob');
export const charlie = Sr25519Account.fromUri('//Charlie');
export const dave = Sr25519Account.fromUri('//Dave');
export const eve = Sr25519Account.fromUri('//Eve');
export const ferdie = Sr25519Account.fromUri('//Ferdie');
/** A fresh key with no funds. */
export const pauper = Sr25519Account.fromUri('//NftkitPauper');

export type TestAccount = typeof alice;

/** `0x01 ‖ sr25519(signerPayloadHex)`, the signature a wallet returns. */
export async function signHex(account: TestAccount, signerPayloadHex: string): Promise<string> {
  return (await account.signer.sign({ signerPayloadHex } as never)).signature;
}
