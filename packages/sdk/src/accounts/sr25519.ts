import { bytesToHex, encodeSubstrateAddress, hexToBytes, isHex } from '@nftkit/primitives';
import * as sr25519 from '@scure/sr25519';
import { InvalidBuildAnswerError, InvalidSecretError } from '../errors/signer.js';
import { requireMnemonicSupport } from './mnemonicSupport.js';
import {
  DEV_MINI_SECRET,
  DEV_PHRASE,
  type Junction,
  parseDerivationPath,
  parseSecretUri,
} from './secretUri.js';
import type { Account, SignResult, UnsignedPayload } from './types.js';

export type Sr25519AccountOptions = {
  /** SS58 prefix of `address` (default 42). */
  ss58Format?: number;
};

/** An sr25519 key in memory: signs build answers for the clients, and any bytes. */
export type Sr25519Account = Account & {
  readonly publicKey: Uint8Array;
  /** The address with another SS58 prefix. */
  prefixedAddress(ss58Format?: number): string;
  /** Signs bytes (or a `0x` hex string, or UTF-8 text); returns the bare 64-byte signature. */
  sign(message: Uint8Array | string): Uint8Array;
  verify(message: Uint8Array | string, signature: Uint8Array | string): boolean;
  signer: { sign(payload: UnsignedPayload): Promise<SignResult> };
};

/**
 * Substrate's mini secret: pbkdf2-sha512(entropy, "mnemonic" + password, 2048 rounds), first 32 bytes. The bare dev
 * phrase needs nothing more; any other phrase (or the dev phrase with a password) needs `@nftkit/sdk/mnemonic`.
 */
export function mnemonicToMiniSecret(mnemonic: string, password = ''): Uint8Array {
  const phrase = mnemonic.trim().split(/\s+/).join(' ');
  if (phrase === DEV_PHRASE && password === '') return DEV_MINI_SECRET.slice();
  return requireMnemonicSupport().miniSecret(phrase, password);
}

function fromMiniSecret(
  miniSecret: Uint8Array,
  junctions: Junction[],
  options: Sr25519AccountOptions,
): Sr25519Account {
  let secret: Uint8Array = sr25519.secretFromSeed(miniSecret);
  for (const junction of junctions) {
    secret = junction.hard
      ? sr25519.HDKD.secretHard(secret, junction.chainCode)
      : sr25519.HDKD.secretSoft(secret, junction.chainCode);
  }
  return fromSecretKey(secret, options);
}

function fromSecretKey(secretKey: Uint8Array, options: Sr25519AccountOptions): Sr25519Account {
  const publicKey = sr25519.getPublicKey(secretKey);
  const ss58Format = options.ss58Format ?? 42;
  const sign = (message: Uint8Array | string) => sr25519.sign(secretKey, messageBytes(message));
  return {
    publicKey,
    address: encodeSubstrateAddress(publicKey, ss58Format),
    prefixedAddress: (format = ss58Format) => encodeSubstrateAddress(publicKey, format),
    sign,
    verify: (message, signature) =>
      sr25519.verify(
        messageBytes(message),
        typeof signature === 'string' ? hexToBytes(signature) : signature,
        publicKey,
      ),
    signer: {
      async sign(payload: UnsignedPayload): Promise<SignResult> {
        const hex = payload?.signerPayloadHex;
        if (typeof hex !== 'string' || !isHex(hex) || hex.length <= 2) {
          throw new InvalidBuildAnswerError('signerPayloadHex');
        }
        return { signature: `0x01${bytesToHex(sign(hexToBytes(hex))).slice(2)}`, signatureType: 'sr25519' };
      },
    },
  };
}

function messageBytes(message: Uint8Array | string): Uint8Array {
  if (typeof message !== 'string') return message;
  return isHex(message) ? hexToBytes(message) : new TextEncoder().encode(message);
}

function seedBytes(seed: Uint8Array | string): Uint8Array {
  const bytes = typeof seed === 'string' ? (isHex(seed, 32) ? hexToBytes(seed) : undefined) : seed;
  if (bytes?.length !== 32) throw new InvalidSecretError('A seed must be 32 bytes (0x + 64 hex digits).');
  return bytes;
}

/**
 * sr25519 accounts from a secret URI, a mnemonic or a 32-byte seed (Node and browsers; pure JS).
 *
 * @example
 * const alice = Sr25519Account.fromUri('//Alice');
 * alice.address; // '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY'
 * const sdk = UniqueChain({ baseUrl, account: alice });
 */
export const Sr25519Account = {
  /** `//Alice`, `phrase//hard/soft///password`, or `0x<seed>//path`. */
  fromUri(uri: string, options: Sr25519AccountOptions = {}): Sr25519Account {
    const { phrase, junctions, password } = parseSecretUri(uri);
    const miniSecret = phrase.startsWith('0x') ? seedBytes(phrase) : mnemonicToMiniSecret(phrase, password);
    return fromMiniSecret(miniSecret, junctions, options);
  },
  /** A BIP-39 phrase, optionally with a derivation path such as `//Alice` or `//0/1`. */
  fromMnemonic(
    phrase: string,
    derivationPath = '',
    options: Sr25519AccountOptions & { password?: string } = {},
  ) {
    return fromMiniSecret(
      mnemonicToMiniSecret(phrase, options.password),
      parseDerivationPath(derivationPath),
      options,
    );
  },
  /** A 32-byte mini secret (Substrate's "seed"), optionally with a derivation path. */
  fromSeed(seed: Uint8Array | string, derivationPath = '', options: Sr25519AccountOptions = {}) {
    return fromMiniSecret(seedBytes(seed), parseDerivationPath(derivationPath), options);
  },
  /**
   * A fresh 12-word (128-bit) or longer English BIP-39 phrase from the platform's secure random source (needs
   * `@nftkit/sdk/mnemonic` imported once).
   */
  generateMnemonic(strengthInBits: 128 | 160 | 192 | 224 | 256 = 128): string {
    return requireMnemonicSupport().generate(strengthInBits);
  },
  /** Checks a bare 64-byte sr25519 signature (or `0x01`-prefixed MultiSignature) against a public key. */
  verify(
    message: Uint8Array | string,
    signature: Uint8Array | string,
    publicKey: Uint8Array | string,
  ): boolean {
    let sig = typeof signature === 'string' ? hexToBytes(signature) : signature;
    if (sig.length === 65 && sig[0] === 1) sig = sig.slice(1);
    const key = typeof publicKey === 'string' ? hexToBytes(publicKey) : publicKey;
    return sig.length === 64 && sr25519.verify(messageBytes(message), sig, key);
  },
};
