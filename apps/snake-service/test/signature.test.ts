import { describe, expect, it } from 'vitest';
import { verifyMessageSignature } from '../src/auth/signature.js';
import { ed25519Key, ethereumKey, sr25519Key, substrateEcdsaKey } from './helpers/keys.js';

const MESSAGE =
  '127.0.0.1:5173 wants you to sign in with your Substrate account:\n…\nNonce: 0123456789abcdef';

describe('verifyMessageSignature', () => {
  const substrate = [
    ['sr25519', sr25519Key()],
    ['ed25519', ed25519Key()],
    ['ecdsa', substrateEcdsaKey()],
  ] as const;

  describe.each(substrate)('%s (Substrate signRaw)', (_name, key) => {
    it.each([
      { wrap: true, prefix: false },
      { wrap: false, prefix: false },
      { wrap: true, prefix: true },
      { wrap: false, prefix: true },
    ])('accepts the signature (wrapped %o)', (options) => {
      expect(verifyMessageSignature(key.address, MESSAGE, key.sign(MESSAGE, options))).toBe(true);
    });

    it('refuses another message, another signer, and a changed byte', () => {
      const signature = key.sign(MESSAGE);
      expect(verifyMessageSignature(key.address, `${MESSAGE}!`, signature)).toBe(false);
      expect(verifyMessageSignature(sr25519Key().address, MESSAGE, signature)).toBe(false);
      const flipped = `${signature.slice(0, 10)}${signature[10] === '0' ? '1' : '0'}${signature.slice(11)}`;
      expect(verifyMessageSignature(key.address, MESSAGE, flipped)).toBe(false);
    });
  });

  describe('Ethereum personal_sign (EIP-191)', () => {
    const key = ethereumKey();
    it('recovers the checksummed address, compared case-insensitively', () => {
      const signature = key.sign(MESSAGE);
      expect(verifyMessageSignature(key.address, MESSAGE, signature)).toBe(true);
      expect(verifyMessageSignature(key.address.toLowerCase(), MESSAGE, signature)).toBe(true);
    });

    it('refuses another message or another address', () => {
      const signature = key.sign(MESSAGE);
      expect(verifyMessageSignature(key.address, `${MESSAGE} `, signature)).toBe(false);
      expect(verifyMessageSignature(ethereumKey().address, MESSAGE, signature)).toBe(false);
    });
  });

  it('refuses garbage without throwing', () => {
    const key = sr25519Key();
    for (const signature of ['0x', '0x00', '0xzz', `0x${'00'.repeat(64)}`, `0x${'ff'.repeat(66)}`])
      expect(verifyMessageSignature(key.address, MESSAGE, signature)).toBe(false);
    expect(verifyMessageSignature('not-an-address', MESSAGE, key.sign(MESSAGE))).toBe(false);
  });
});
