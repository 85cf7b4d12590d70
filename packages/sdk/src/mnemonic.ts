// `import '@nftkit/sdk/mnemonic'`: BIP-39 (English wordlist) for `Sr25519Account.fromUri(phrase)`, `.fromMnemonic`
// and `.generateMnemonic`. A separate entry keeps the wordlist, the BIP-39 code and pbkdf2 out of bundles that sign
// with `//Alice` or a seed.
import { pbkdf2 } from '@noble/hashes/pbkdf2.js';
import { sha512 } from '@noble/hashes/sha2.js';
import { generateMnemonic, mnemonicToEntropy } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { registerMnemonicSupport } from './accounts/mnemonicSupport.js';
import { InvalidSecretError } from './errors/signer.js';

/** Substrate's mini secret: pbkdf2-sha512(entropy, "mnemonic" + password, 2048 rounds), first 32 bytes. */
function miniSecret(phrase: string, password: string): Uint8Array {
  let entropy: Uint8Array;
  try {
    entropy = mnemonicToEntropy(phrase, wordlist);
  } catch (error) {
    throw new InvalidSecretError('Invalid mnemonic phrase.', error);
  }
  const salt = new TextEncoder().encode(`mnemonic${password}`);
  return pbkdf2(sha512, entropy, salt, { c: 2048, dkLen: 64 }).slice(0, 32);
}

registerMnemonicSupport({ miniSecret, generate: (strength) => generateMnemonic(wordlist, strength) });

/** The BIP-39 English wordlist the phrases are read and made with. */
export const englishWordlist: readonly string[] = wordlist;
