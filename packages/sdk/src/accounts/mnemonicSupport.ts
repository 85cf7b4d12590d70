import { InvalidSecretError } from '../errors/signer.js';

/** What reading and making BIP-39 phrases takes; `@nftkit/sdk/mnemonic` provides it (English wordlist). */
export type MnemonicSupport = {
  /** Substrate's mini secret of a phrase: pbkdf2-sha512(entropy, "mnemonic" + password, 2048 rounds)[0..32]. */
  miniSecret(phrase: string, password: string): Uint8Array;
  /** A fresh phrase of `strengthInBits` bits of entropy. */
  generate(strengthInBits: number): string;
};

// The wordlist (13 KB), the BIP-39 code and pbkdf2 are a sixth of the client bundle, and the common secrets
// (`//Alice`, hex seeds) need none of them: they come in only when `@nftkit/sdk/mnemonic` is imported.
let registered: MnemonicSupport | undefined;

export function registerMnemonicSupport(support: MnemonicSupport): void {
  registered = support;
}

/** The registered support; without it, an error saying how to get it. */
export function requireMnemonicSupport(): MnemonicSupport {
  if (!registered) {
    throw new InvalidSecretError(
      'Mnemonic phrases other than the dev phrase need BIP-39 support: add `import "@nftkit/sdk/mnemonic";` once.',
    );
  }
  return registered;
}
