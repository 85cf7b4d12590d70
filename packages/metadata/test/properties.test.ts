// Property tests: encode → decode is the identity for any valid token and collection; royalties round-trip.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type CollectionInfoInput,
  decodeCollectionFromProperties,
  decodeRoyalties,
  decodeRoyaltiesV2,
  decodeTokenFromProperties,
  encodeCollectionToProperties,
  encodeRoyalties,
  encodeRoyaltiesV2,
  encodeTokenToProperties,
  type RoyaltyPartInput,
  type TokenDataInput,
} from '../src/index.js';
import { anyPercent, anyTokenDataArb, collectionInfoArb } from './arbitraries.js';
import { ETHEREUM_ADDRESSES, SUBSTRATE_ADDRESSES } from './oldFormats.js';

const withDefaults = <T extends object>(x: T) => ({ schemaName: 'unique', schemaVersion: '2.0.0', ...x });

describe('encode → decode is the identity', () => {
  it('for any valid token (with or without a URI, decoded from text or from hex only)', () => {
    fc.assert(
      fc.property(anyTokenDataArb, fc.option(fc.webUrl(), { nil: undefined }), (token, URI) => {
        const props = encodeTokenToProperties(token as TokenDataInput, { URI });
        expect(decodeTokenFromProperties(props)).toEqual(withDefaults(token));
        const hexOnly = props.map(({ key, valueHex }) => ({ key, valueHex }));
        expect(decodeTokenFromProperties(hexOnly)).toEqual(withDefaults(token));
      }),
      { numRuns: 300 },
    );
  });

  it('for any valid collection', () => {
    fc.assert(
      fc.property(collectionInfoArb, (info) => {
        const { properties } = encodeCollectionToProperties(info as CollectionInfoInput);
        expect(decodeCollectionFromProperties(properties)).toEqual(withDefaults(info));
      }),
      { numRuns: 300 },
    );
  });
});

const publicKeyArb = fc
  .uint8Array({ minLength: 32, maxLength: 32 })
  .map((b) => `0x${Buffer.from(b).toString('hex')}`);
const ethArb = fc
  .uint8Array({ minLength: 20, maxLength: 20 })
  .map((b) => `0x${Buffer.from(b).toString('hex')}`);

describe('royalties round-trip', () => {
  it('binary parts: decode(encode(parts)) keeps every field (addresses normalized)', () => {
    const partArb = fc.record({
      version: fc.integer({ min: 1, max: 127 }),
      decimals: fc.integer({ min: 0, max: 255 }),
      value: fc.bigInt({ min: 1n, max: 2n ** 64n - 1n }),
      royaltyType: fc.constantFrom('DEFAULT' as const, 'PRIMARY_ONLY' as const),
      address: fc.oneof(publicKeyArb, ethArb, fc.constantFrom(...SUBSTRATE_ADDRESSES)),
    });
    fc.assert(
      fc.property(fc.array(partArb, { maxLength: 4 }), (parts: RoyaltyPartInput[]) => {
        const encoded = encodeRoyalties(parts);
        expect((encoded.length - 2) % 128).toBe(0);
        const decoded = decodeRoyalties(encoded);
        expect(decoded.map(({ address: _, ...rest }) => rest)).toEqual(
          parts.map(({ address: _, ...rest }) => rest),
        );
        expect(encodeRoyalties(decoded)).toBe(encoded);
      }),
      { numRuns: 300 },
    );
  });

  it('v2 percents: any percent with at most 2 decimals comes back exactly', () => {
    const royaltyArb = fc.record(
      {
        address: fc.constantFrom(...SUBSTRATE_ADDRESSES, ...ETHEREUM_ADDRESSES),
        percent: anyPercent,
        isPrimaryOnly: fc.constant(true),
      },
      { requiredKeys: ['address', 'percent'] },
    );
    fc.assert(
      fc.property(fc.array(royaltyArb, { maxLength: 4 }), (royalties) => {
        expect(decodeRoyaltiesV2(encodeRoyaltiesV2(royalties))).toEqual(royalties);
      }),
      { numRuns: 300 },
    );
  });
});
