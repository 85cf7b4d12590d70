import { pbkdf2 } from '@noble/hashes/pbkdf2.js';
import { sha512 } from '@noble/hashes/sha2.js';
import { mnemonicToEntropy } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { Sr25519Account as ReferenceAccount } from '@unique-nft/sr25519';
import { describe, expect, it } from 'vitest';
import { DEV_MINI_SECRET } from '../src/accounts/secretUri.js';
import { DEV_ACCOUNT_URIS, DEV_PHRASE, InvalidSecretError, Sr25519Account } from '../src/index.js';

// This file never imports `@nftkit/sdk/mnemonic`: it is the default bundle, with no BIP-39 wordlist registered.
const OTHER_PHRASE = 'legal winner thank year wave sausage worth useful legal winner thank yellow';

describe('without the wordlist entry', () => {
  it('the dev mini secret is the BIP-39 + pbkdf2 derivation of the dev phrase', () => {
    const entropy = mnemonicToEntropy(DEV_PHRASE, wordlist);
    const salt = new TextEncoder().encode('mnemonic');
    expect(DEV_MINI_SECRET).toEqual(pbkdf2(sha512, entropy, salt, { c: 2048, dkLen: 64 }).slice(0, 32));
  });

  it('derives the dev accounts, the dev phrase with a path or password, and hex seeds', () => {
    for (const uri of [...DEV_ACCOUNT_URIS, '//Alice//stash', `${DEV_PHRASE}//Bob`, '//0/soft']) {
      expect(Sr25519Account.fromUri(uri).address, uri).toBe(ReferenceAccount.fromUri(uri).address);
    }
    expect(Sr25519Account.fromMnemonic(`  ${DEV_PHRASE.replaceAll(' ', '  ')} `, '//Alice').address).toBe(
      ReferenceAccount.fromUri('//Alice').address,
    );
    // The dev phrase's mini secret as a hex seed gives //Alice too.
    const seed = '0xfac7959dbfe72f052e5a0c3c8d6530f202b02fd8f9f5ca3580ec8deb7797479e';
    expect(Sr25519Account.fromUri(`${seed}//Alice`).address).toBe(
      ReferenceAccount.fromUri('//Alice').address,
    );
  });

  it('refuses any other phrase, and generating one, saying how to enable them', () => {
    const message = /need BIP-39 support: add `import "@nftkit\/sdk\/mnemonic";`/;
    expect(() => Sr25519Account.fromUri(OTHER_PHRASE)).toThrow(InvalidSecretError);
    expect(() => Sr25519Account.fromMnemonic(OTHER_PHRASE)).toThrow(message);
    expect(() => Sr25519Account.generateMnemonic()).toThrow(message);
    // A password changes the pbkdf2 salt, so the dev phrase with one needs the entry too.
    expect(() => Sr25519Account.fromUri('//Alice///secret')).toThrow(message);
  });

  it('accepts them once the entry is imported', async () => {
    await import('../src/mnemonic.js');
    expect(Sr25519Account.fromUri(`${OTHER_PHRASE}//1`).address).toBe(
      ReferenceAccount.fromUri(`${OTHER_PHRASE}//1`).address,
    );
    expect(Sr25519Account.generateMnemonic().split(' ')).toHaveLength(12);
    expect(Sr25519Account.fromUri('//Alice///secret').address).toBe(
      ReferenceAccount.fromUri('//Alice///secret').address,
    );
  });
});
