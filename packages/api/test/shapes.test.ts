import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  AddressSchema,
  AddressToCrossAccountIdSchema,
  BigIntStringSchema,
  CollectionIdOrAddressSchema,
  CrossAccountIdInputSchema,
  DecimalAmountSchema,
  EthAddressSchema,
  ExtrinsicHashSchema,
  FunctionArgsSchema,
  PaginationSchema,
  PropertySchema,
  QueryDateSchema,
  QueryTokenIdSchema,
  queryArray,
  routes,
  SubAddressSchema,
  TokenIdSchema,
  TokenPropertyPermissionSchema,
  UniversalLocationSchema,
  WeiAmountSchema,
  zQueryBoolean,
} from '../src/index.js';
import {
  ALICE,
  ALICE_UNIQUE,
  COLLECTION_42_ADDRESS,
  ETH,
  ETH_LOWER,
  HASH,
  NESTING_42_1,
  PUBLIC_KEY,
} from './fixtures.js';

const firstMessage = (schema: z.ZodMiniType, value: unknown) =>
  schema.safeParse(value).error?.issues[0]?.message;

describe('zQueryBoolean', () => {
  it.each([
    ['true', true],
    ['TRUE', true],
    ['True', true],
    ['false', false],
    ['1', false],
    ['yes', false],
    ['on', false],
    ['', false],
    [true, true],
    [false, false],
    [1, true],
    [0, false],
    [-2, true],
  ])('%j → %s', (input, expected) => {
    expect(zQueryBoolean.parse(input)).toBe(expected);
  });

  it('rejects values of other types', () => {
    expect(zQueryBoolean.safeParse(null).success).toBe(false);
    expect(zQueryBoolean.safeParse({}).success).toBe(false);
  });
});

describe('addresses', () => {
  it('Address accepts SS58 of any prefix and Ethereum in any case, unchanged', () => {
    for (const address of [ALICE, ALICE_UNIQUE, ETH, ETH_LOWER, COLLECTION_42_ADDRESS, NESTING_42_1]) {
      expect(AddressSchema.parse(address)).toBe(address);
    }
  });

  it('Address rejects public keys, objects, bad checksums and junk with a clear message', () => {
    const badChecksum = `${ALICE.slice(0, -1)}${ALICE.endsWith('Y') ? 'Z' : 'Y'}`;
    for (const bad of [badChecksum, '0x1234', '', 'hello']) {
      expect(firstMessage(AddressSchema, bad), bad).toBe(
        'address is not a valid substrate or ethereum address',
      );
    }
    // Past the longest address (52 characters) the length is refused before any decoding, and said.
    for (const bad of [PUBLIC_KEY, 'A'.repeat(1 << 20)])
      expect(firstMessage(AddressSchema, bad)).toBe(
        'address is not a valid substrate or ethereum address (longer than 52 characters)',
      );
    expect(firstMessage(SubAddressSchema, 'A'.repeat(1 << 20))).toBe(
      'address is not a valid substrate address (longer than 52 characters)',
    );
    expect(AddressSchema.safeParse({ Substrate: ALICE }).success).toBe(false);
  });

  it('SubAddress refuses Ethereum; EthAddress refuses SS58', () => {
    expect(SubAddressSchema.safeParse(ALICE_UNIQUE).success).toBe(true);
    expect(firstMessage(SubAddressSchema, ETH)).toBe('address is not a valid substrate address');
    expect(EthAddressSchema.safeParse(ETH_LOWER).success).toBe(true);
    expect(firstMessage(EthAddressSchema, ALICE)).toBe('address is not a valid ethereum address');
  });

  it('CrossAccountId input normalizes every reader form', () => {
    expect(CrossAccountIdInputSchema.parse(ALICE_UNIQUE)).toEqual({ Substrate: ALICE });
    expect(CrossAccountIdInputSchema.parse({ substrate: ALICE_UNIQUE })).toEqual({ Substrate: ALICE });
    expect(CrossAccountIdInputSchema.parse({ Ethereum: ETH_LOWER })).toEqual({ Ethereum: ETH });
    expect(CrossAccountIdInputSchema.parse({ ethereum: ETH_LOWER })).toEqual({ Ethereum: ETH });
    expect(CrossAccountIdInputSchema.parse({ eth: ETH_LOWER, sub: 0n })).toEqual({ Ethereum: ETH });
    expect(CrossAccountIdInputSchema.safeParse({ Substrate: 'nope' }).success).toBe(false);
    expect(CrossAccountIdInputSchema.safeParse({ eth: ETH, sub: '5' }).success).toBe(false);
  });

  it('pendingSponsor-style fields take an address and produce a CrossAccountId', () => {
    expect(AddressToCrossAccountIdSchema.parse(ETH_LOWER)).toEqual({ Ethereum: ETH });
    expect(AddressToCrossAccountIdSchema.parse({ Substrate: ALICE_UNIQUE })).toEqual({ Substrate: ALICE });
    expect(AddressToCrossAccountIdSchema.safeParse(PUBLIC_KEY).success).toBe(false);
  });
});

describe('ids', () => {
  it('CollectionIdOrAddress: number, digit string or collection address → number', () => {
    expect(CollectionIdOrAddressSchema.parse(42)).toBe(42);
    expect(CollectionIdOrAddressSchema.parse('42')).toBe(42);
    expect(CollectionIdOrAddressSchema.parse(COLLECTION_42_ADDRESS)).toBe(42);
    expect(CollectionIdOrAddressSchema.parse(COLLECTION_42_ADDRESS.toLowerCase())).toBe(42);
    expect(CollectionIdOrAddressSchema.parse(4294967295)).toBe(4294967295);
  });

  it.each([0, '0', '007', ' 42', '42.0', 1.5, -1, 4294967296, '4294967296', ETH, NESTING_42_1, null, true])(
    'CollectionIdOrAddress rejects %j with a message naming collectionId',
    (value) => {
      const result = z
        .object({ collectionId: CollectionIdOrAddressSchema })
        .safeParse({ collectionId: value });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual(['collectionId']);
    },
  );

  it('token ids: queries coerce digit strings, extrinsics require JSON numbers', () => {
    expect(QueryTokenIdSchema.parse('7')).toBe(7);
    expect(QueryTokenIdSchema.parse(7)).toBe(7);
    expect(QueryTokenIdSchema.safeParse('0').success).toBe(false);
    expect(QueryTokenIdSchema.safeParse('x').success).toBe(false);
    expect(TokenIdSchema.parse(7)).toBe(7);
    expect(TokenIdSchema.safeParse('7').success).toBe(false);
    expect(TokenIdSchema.safeParse(0).success).toBe(false);
  });

  it('extrinsic hash is trimmed and lower-cased', () => {
    expect(ExtrinsicHashSchema.parse(` ${HASH.toUpperCase().replace('0X', '0x')} `)).toBe(HASH);
    expect(ExtrinsicHashSchema.safeParse('0x1234').success).toBe(false);
  });
});

describe('amounts and bigints', () => {
  it('BigIntString takes bigints, integers and digit strings and produces decimal strings', () => {
    expect(BigIntStringSchema.parse(10n ** 30n)).toBe('1000000000000000000000000000000');
    expect(BigIntStringSchema.parse(42)).toBe('42');
    expect(BigIntStringSchema.parse('-5')).toBe('-5');
    expect(BigIntStringSchema.parse(' 0012 ')).toBe('12');
    for (const bad of ['1.5', '1e3', 'abc', '', 1.5, null])
      expect(BigIntStringSchema.safeParse(bad).success, String(bad)).toBe(false);
  });

  it('WeiAmount accepts non-negative integers only; DecimalAmount accepts coins', () => {
    expect(WeiAmountSchema.parse(10n ** 21n)).toBe('1000000000000000000000');
    expect(WeiAmountSchema.safeParse(1e21).success).toBe(false);
    expect(WeiAmountSchema.parse('5')).toBe('5');
    expect(WeiAmountSchema.safeParse('-5').success).toBe(false);
    expect(WeiAmountSchema.safeParse('1.5').success).toBe(false);
    expect(DecimalAmountSchema.parse(1.5)).toBe('1.5');
    expect(DecimalAmountSchema.parse('0.000001')).toBe('0.000001');
    expect(DecimalAmountSchema.parse(2 ** 53 - 1)).toBe('9007199254740991');
    expect(firstMessage(DecimalAmountSchema, 1e21)).toBe(
      'Amount is too large for a JS number; pass it as a string or a bigint',
    );
    expect(DecimalAmountSchema.safeParse('1.').success).toBe(false);
  });

  it('amounts stay within u128, the chain balance type, and long text is refused by its length', () => {
    const max = (2n ** 128n - 1n).toString();
    const over = (2n ** 128n).toString();
    expect(WeiAmountSchema.parse(max)).toBe(max);
    expect(WeiAmountSchema.parse(` ${max}`)).toBe(max);
    for (const schema of [WeiAmountSchema, DecimalAmountSchema]) {
      expect(firstMessage(schema, over)).toBe('Amount is above the largest u128 (2^128 - 1)');
      expect(firstMessage(schema, 2n ** 128n)).toBe('Amount is above the largest u128 (2^128 - 1)');
      expect(firstMessage(schema, `1${'0'.repeat(60)}`)).toBe('Amount is above the largest u128 (2^128 - 1)');
      expect(firstMessage(schema, '9'.repeat(1 << 20))).toBe('Amount is longer than 80 characters');
    }
    expect(DecimalAmountSchema.parse(`${max}.5`)).toBe(`${max}.5`);
    expect(firstMessage(DecimalAmountSchema, `${over}.5`)).toBe(
      'Amount is above the largest u128 (2^128 - 1)',
    );
  });

  it('function args become JSON-safe at any depth', () => {
    const args = FunctionArgsSchema.parse([1n, { a: [2n, 'x'] }, [3n], null]);
    expect(args).toEqual(['1', { a: ['2', 'x'] }, ['3'], null]);
    expect(() => JSON.stringify(args)).not.toThrow();
  });
});

describe('properties and permissions', () => {
  it('needs a value or a valueHex', () => {
    expect(PropertySchema.safeParse({ key: 'k', value: '' }).success).toBe(true);
    expect(PropertySchema.safeParse({ key: 'k', valueHex: '0x00' }).success).toBe(true);
    expect(firstMessage(PropertySchema, { key: 'k' })).toBe('A property needs a value or a valueHex');
  });

  it('counts UTF-8 bytes, not characters, and uses the chain message', () => {
    expect(PropertySchema.safeParse({ key: 'я'.repeat(32), value: 'v' }).success).toBe(true);
    expect(firstMessage(PropertySchema, { key: 'я'.repeat(33), value: 'v' })).toBe(
      'String must not exceed 64 bytes',
    );
    expect(firstMessage(PropertySchema, { key: 'k', value: '€'.repeat(10923) })).toBe(
      'String must not exceed 32768 bytes',
    );
    expect(
      firstMessage(TokenPropertyPermissionSchema, {
        key: 'k'.repeat(257),
        permission: { mutable: true, collectionAdmin: true, tokenOwner: true },
      }),
    ).toBe('String must not exceed 256 bytes');
  });
});

describe('query values', () => {
  it('queryArray wraps a single repeated value', () => {
    const schema = queryArray(z.coerce.number());
    expect(schema.parse('3')).toEqual([3]);
    expect(schema.parse(['3', '4'])).toEqual([3, 4]);
  });

  it('QueryDate sends ISO-8601', () => {
    expect(QueryDateSchema.parse(new Date(Date.UTC(2024, 0, 1)))).toBe('2024-01-01T00:00:00.000Z');
    expect(QueryDateSchema.parse('2024-01-01')).toBe('2024-01-01T00:00:00.000Z');
    expect(firstMessage(QueryDateSchema, 'soon')).toBe('Invalid date');
  });

  it('Pagination coerces and bounds', () => {
    expect(PaginationSchema.parse({ limit: '1000', skip: '0' })).toEqual({ limit: 1000, skip: 0 });
    expect(PaginationSchema.safeParse({ limit: '1001' }).success).toBe(false);
  });
});

describe('UniversalLocation', () => {
  it('takes a named consensus or a genesis hash', () => {
    expect(
      UniversalLocationSchema.safeParse({ globalConsensus: 'polkadot', parachain: 1000, palletInstance: 50 })
        .success,
    ).toBe(true);
    expect(UniversalLocationSchema.safeParse({ globalConsensus: { byGenesis: HASH } }).success).toBe(true);
    expect(UniversalLocationSchema.safeParse({ globalConsensus: 'ethereum' }).success).toBe(false);
  });
});

describe('route-specific input rules', () => {
  it('token update keeps only attributes, image and image_details', () => {
    const args = routes.token.updateNft.input.parse({
      collectionId: 42,
      tokenId: 1,
      data: {
        schemaName: 'unique',
        schemaVersion: '2.0.0',
        name: 'dropped',
        image: 'https://x/y.png',
        attributes: [],
      },
    });
    expect(args.data).toEqual({ image: 'https://x/y.png', attributes: [] });
  });

  it('fungible burn drops `from` (burning for someone else is burnFrom)', () => {
    expect(routes.fungible.burn.input.parse({ collectionId: 7, amount: 5, from: ALICE })).toEqual({
      collectionId: 7,
      amount: '5',
    });
  });

  it('token mint with no data adds no metadata defaults', () => {
    expect(routes.token.mintNFTs.input.parse({ collectionId: 42, tokens: [{}] })).toEqual({
      collectionId: 42,
      tokens: [{}],
    });
  });
});
