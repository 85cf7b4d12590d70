import { randomBytes } from 'node:crypto';
import { blake2b, encodeSubstrateAddress, toChecksumEthereumAddress } from '@nftkit/primitives';
import { ed25519 } from '@noble/curves/ed25519.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import * as sr25519 from '@scure/sr25519';
import { personalMessageHash } from '../../src/auth/signature.js';

/** A test player: an address and a signer of text the way its wallet signs it. */
export interface TestKey {
  readonly address: string;
  sign(message: string, options?: { wrap?: boolean; prefix?: boolean }): string;
}

const hex = (bytes: Uint8Array) => `0x${bytesToHex(bytes)}`;
const wrapped = (message: string, wrap: boolean) => utf8ToBytes(wrap ? `<Bytes>${message}</Bytes>` : message);

/** sr25519, as polkadot-js signRaw signs (wrapped by default; prefix 0x01 on request). */
export function sr25519Key(): TestKey {
  const secret = sr25519.secretFromSeed(randomBytes(32));
  const publicKey = sr25519.getPublicKey(secret);
  return {
    address: encodeSubstrateAddress(publicKey),
    sign: (message, { wrap = true, prefix = false } = {}) => {
      const signature = sr25519.sign(secret, wrapped(message, wrap));
      return hex(prefix ? Uint8Array.of(1, ...signature) : signature);
    },
  };
}

export function ed25519Key(): TestKey {
  const secret = ed25519.utils.randomSecretKey();
  const publicKey = ed25519.getPublicKey(secret);
  return {
    address: encodeSubstrateAddress(publicKey),
    sign: (message, { wrap = true, prefix = false } = {}) => {
      const signature = ed25519.sign(wrapped(message, wrap), secret);
      return hex(prefix ? Uint8Array.of(0, ...signature) : signature);
    },
  };
}

/** Substrate ecdsa: account id = blake2b-256(compressed key), signature r‖s‖v over blake2b-256(message). */
export function substrateEcdsaKey(): TestKey {
  const secret = secp256k1.utils.randomSecretKey();
  const publicKey = secp256k1.getPublicKey(secret, true);
  return {
    address: encodeSubstrateAddress(blake2b(publicKey, 32)),
    sign: (message, { wrap = true, prefix = false } = {}) => {
      const recovered = secp256k1.sign(blake2b(wrapped(message, wrap), 32), secret, {
        prehash: false,
        format: 'recovered',
      });
      const rsv = Uint8Array.of(...recovered.subarray(1), recovered[0] ?? 0);
      return hex(prefix ? Uint8Array.of(2, ...rsv) : rsv);
    },
  };
}

/** MetaMask-style: an Ethereum account that signs with personal_sign (EIP-191, v = 27/28). */
export function ethereumKey(): TestKey {
  const secret = secp256k1.utils.randomSecretKey();
  const publicKey = secp256k1.getPublicKey(secret, false);
  const address = toChecksumEthereumAddress(
    `0x${bytesToHex(keccak_256(publicKey.subarray(1)).subarray(12))}`,
  );
  return {
    address,
    sign: (message) => {
      const recovered = secp256k1.sign(personalMessageHash(utf8ToBytes(message)), secret, {
        prehash: false,
        format: 'recovered',
      });
      return hex(Uint8Array.of(...recovered.subarray(1), (recovered[0] ?? 0) + 27));
    },
  };
}

/** A player whose key is also an sdk account (so the test can send the player's own transactions). */
export function accountKey(account: { address: string; sign(message: string): Uint8Array }): TestKey {
  return {
    address: account.address,
    sign: (message, { wrap = true } = {}) => hex(account.sign(wrap ? `<Bytes>${message}</Bytes>` : message)),
  };
}
