import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { base58Decode, base58Encode } from '../src/base58.js';
import {
  DEFAULT_SS58_FORMAT,
  decodeSubstrateAddress,
  decodeSubstrateAddressWithFormat,
  encodeSubstrateAddress,
  isSubstrateAddress,
  isSubstratePublicKey,
  MAX_SS58_ADDRESS_LENGTH,
  normalizeSubstrateAddress,
  substratePublicKeyToAddress,
} from '../src/index.js';
import { thrown } from './helpers.js';

const ALICE = '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY';
const ALICE_KEY = '0xd43593c715fdd31c61141abd04a99fd6822c8558854ccde39a5684e7a56da27d';
const validFormat = fc.integer({ min: 0, max: 16383 }).filter((f) => f !== 46 && f !== 47);
const keyLength = fc.constantFrom(1, 2, 4, 8, 32, 33);

describe('base58', () => {
  it('round-trips any bytes, leading zeros included', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), fc.nat({ max: 4 }), (bytes, zeros) => {
        const input = new Uint8Array(zeros + bytes.length);
        input.set(bytes, zeros);
        expect(base58Decode(base58Encode(input))).toEqual(input);
      }),
    );
  });

  it('matches known encodings', () => {
    expect(base58Encode(new TextEncoder().encode('Hello World!'))).toBe('2NEpo7TZRRrLZSi2U');
    expect(base58Encode(Uint8Array.of(0, 0, 1))).toBe('112');
    expect(base58Decode('112')).toEqual(Uint8Array.of(0, 0, 1));
    expect(base58Encode(new Uint8Array())).toBe('');
  });

  it('refuses characters outside the alphabet', () => {
    for (const bad of ['0', 'O', 'I', 'l', '+', 'é'])
      expect(thrown(() => base58Decode(`abc${bad}`)).code).toBeTruthy();
  });
});

describe('SS58', () => {
  it('encodes the well-known dev account', () => {
    expect(encodeSubstrateAddress(ALICE_KEY)).toBe(ALICE);
    expect(substratePublicKeyToAddress(ALICE_KEY, DEFAULT_SS58_FORMAT)).toBe(ALICE);
    expect(decodeSubstrateAddressWithFormat(ALICE)).toEqual({
      publicKey: decodeSubstrateAddress(ALICE_KEY),
      ss58Format: 42,
    });
  });

  it('round-trips random keys with random formats', () => {
    fc.assert(
      fc.property(
        keyLength.chain((n) => fc.uint8Array({ minLength: n, maxLength: n })),
        validFormat,
        (key, format) => {
          // Two-byte formats with 2-, 4- and 8-byte keys give lengths standard decoders refuse.
          fc.pre(format < 64 || key.length === 1 || key.length >= 32);
          const address = encodeSubstrateAddress(key, format);
          expect(decodeSubstrateAddressWithFormat(address)).toEqual({ publicKey: key, ss58Format: format });
          expect(decodeSubstrateAddress(address, format)).toEqual(key);
          expect(isSubstrateAddress(address)).toBe(true);
        },
      ),
    );
  });

  it('normalizes any format of a key to the same format-42 address', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), validFormat, (key, format) => {
        expect(normalizeSubstrateAddress(encodeSubstrateAddress(key, format))).toBe(
          encodeSubstrateAddress(key),
        );
      }),
    );
  });

  it('detects any single-character change', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        validFormat,
        fc.nat(),
        fc.constantFrom(...'123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'),
        (key, format, at, char) => {
          const address = encodeSubstrateAddress(key, format);
          const i = at % address.length;
          fc.pre(address[i] !== char);
          const mangled = address.slice(0, i) + char + address.slice(i + 1);
          // A changed character either breaks the checksum/length or (vanishingly rarely) still decodes;
          // it never decodes to the original key.
          let decoded: Uint8Array | undefined;
          try {
            decoded = decodeSubstrateAddress(mangled);
          } catch {
            return;
          }
          expect(decoded).not.toEqual(key);
        },
      ),
    );
  });

  it('answers a decoded address again unchanged, whatever was done to the key it gave before', () => {
    const first = decodeSubstrateAddress(ALICE);
    first.fill(0);
    expect(Buffer.from(decodeSubstrateAddress(ALICE)).toString('hex')).toBe(ALICE_KEY.slice(2));
    expect(decodeSubstrateAddressWithFormat(ALICE).ss58Format).toBe(42);
    // Past the remembered addresses' bound, earlier ones still decode to their keys.
    const keys = Array.from({ length: 1500 }, (_, i) =>
      new Uint8Array(32).fill(i & 0xff).map((b, j) => b ^ (j === 0 ? i >> 8 : 0)),
    );
    const addresses = keys.map((k) => encodeSubstrateAddress(k));
    for (let round = 0; round < 2; round++)
      for (const [i, a] of addresses.entries()) expect(decodeSubstrateAddress(a)).toEqual(keys[i]);
  });

  it('refuses a wrong expected format', () => {
    expect(thrown(() => decodeSubstrateAddress(ALICE, 7391)).code).toBe('UNEXPECTED_SS58_FORMAT');
  });

  it('refuses invalid formats on encode', () => {
    for (const format of [-1, 46, 47, 16384, 1.5, Number.NaN, '42' as never]) {
      expect(thrown(() => encodeSubstrateAddress(ALICE_KEY, format)).code).toBe('INVALID_SS58_FORMAT');
    }
  });

  it('refuses bad keys on encode', () => {
    expect(thrown(() => encodeSubstrateAddress(new Uint8Array(31))).code).toBe('INVALID_KEY_LENGTH');
    expect(thrown(() => encodeSubstrateAddress(new Uint8Array(4), 255)).code).toBe('INVALID_KEY_LENGTH');
    expect(encodeSubstrateAddress(new Uint8Array(4), 63)).toBeTruthy();
    expect(thrown(() => encodeSubstrateAddress(ALICE_KEY.slice(0, -1))).code).toBe('INVALID_HEX');
    expect(thrown(() => encodeSubstrateAddress(42 as never)).code).toBe('INVALID_BYTES');
    expect(thrown(() => encodeSubstrateAddress(null as never)).code).toBe('INVALID_BYTES');
  });

  it('refuses bad addresses on decode', () => {
    expect(thrown(() => decodeSubstrateAddress(`${ALICE.slice(0, -1)}R`)).code).toBe('INVALID_CHECKSUM');
    expect(thrown(() => decodeSubstrateAddress(ALICE.slice(0, -2))).code).toBe('INVALID_KEY_LENGTH');
    expect(thrown(() => decodeSubstrateAddress(`${ALICE.slice(0, -1)}0`)).code).toBe(
      'INVALID_SUBSTRATE_ADDRESS',
    );
    expect(thrown(() => decodeSubstrateAddress('')).code).toBe('INVALID_KEY_LENGTH');
    expect(thrown(() => decodeSubstrateAddress(12 as never)).code).toBe('INVALID_SUBSTRATE_ADDRESS');
    expect(thrown(() => decodeSubstrateAddress(undefined as never)).code).toBe('INVALID_SUBSTRATE_ADDRESS');
    expect(thrown(() => decodeSubstrateAddress(`${ALICE_KEY}00`)).code).toBe('INVALID_SUBSTRATE_ADDRESS');
  });

  it('refuses reserved prefixes even with a matching checksum', () => {
    // Build the bytes by hand: format 46 is reserved, so the encoder would refuse it.
    const key = decodeSubstrateAddress(ALICE);
    const forged = encodeSubstrateAddress(key, 45);
    expect(isSubstrateAddress(forged)).toBe(true);
    const bytes = base58Decode(forged);
    bytes[0] = 46;
    expect(isSubstrateAddress(base58Encode(bytes))).toBe(false);
  });

  it('tells public keys and addresses apart', () => {
    expect(isSubstratePublicKey(ALICE_KEY)).toBe(true);
    expect(isSubstratePublicKey(ALICE)).toBe(false);
    expect(isSubstrateAddress(ALICE_KEY)).toBe(false);
    expect(isSubstrateAddress(ALICE)).toBe(true);
    for (const v of [null, undefined, 1, {}, [], '', ' ', `${ALICE} `])
      expect(isSubstrateAddress(v)).toBe(false);
  });

  it('no valid SS58 text is longer than MAX_SS58_ADDRESS_LENGTH (the bound refused before decoding)', () => {
    fc.assert(
      fc.property(
        keyLength.chain((n) => fc.uint8Array({ minLength: n, maxLength: n })),
        validFormat,
        (key, format) => {
          let address: string;
          try {
            address = encodeSubstrateAddress(key, format);
          } catch {
            return; // a length the encoder refuses for this format
          }
          expect(address.length).toBeLessThanOrEqual(MAX_SS58_ADDRESS_LENGTH);
        },
      ),
    );
    // The longest: a 33-byte key of 0xff under a two-byte format.
    expect(encodeSubstrateAddress(new Uint8Array(33).fill(255), 16383).length).toBeLessThanOrEqual(
      MAX_SS58_ADDRESS_LENGTH,
    );
  });

  it('refuses text past the longest address by its length, without decoding it', () => {
    const long = 'A'.repeat(MAX_SS58_ADDRESS_LENGTH + 1);
    const e = thrown(() => decodeSubstrateAddressWithFormat(long));
    expect(e.code).toBe('INVALID_SUBSTRATE_ADDRESS');
    expect(e.message).toContain(`at most ${MAX_SS58_ADDRESS_LENGTH}`);
    // Base58 decoding costs the square of the length: a megabyte took minutes. Refused by length, it is at once
    // (this test would outlive the runner's timeout otherwise).
    const megabyte = 'A'.repeat(1 << 20);
    expect(isSubstrateAddress(megabyte)).toBe(false);
    expect(thrown(() => normalizeSubstrateAddress(megabyte)).message.length).toBeLessThan(200);
  });
});
