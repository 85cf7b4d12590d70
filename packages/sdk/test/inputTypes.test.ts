// The write methods' parameter types are inferred from the same zod schemas the sdk parses them with, so a value
// the type allows is one the runtime accepts. `tsc -p tsconfig.check.json` (part of `npm test`) checks the
// `expectTypeOf` lines and the `@ts-expect-error` calls; the runtime assertions check the other side.
import { describe, expect, expectTypeOf, it } from 'vitest';
import { Sr25519Account, UniqueChain } from '../src/index.js';

// Port 1 refuses connections: a call that got past its input check would fail with a transport error instead.
const sdk = UniqueChain({
  baseUrl: 'http://127.0.0.1:1/v2/devnet',
  account: Sr25519Account.fromUri('//Alice'),
});
type Sdk = typeof sdk;
/** The first parameter of a write method (the args object its route's input schema parses). */
type Args<F extends { encode(params: never, ...rest: never[]): unknown }> = Parameters<F['encode']>[0];

/** Collection ids: a number, a digit string or a collection address (all accepted by the parse). */
type CollectionIdInput = number | string;

describe('token write methods take numeric token ids', () => {
  it('types every id and amount field as the parse accepts it', () => {
    expectTypeOf<Args<Sdk['token']['transfer']>['tokenId']>().toEqualTypeOf<number>();
    expectTypeOf<Args<Sdk['token']['transfer']>['collectionId']>().toEqualTypeOf<CollectionIdInput>();
    expectTypeOf<Args<Sdk['token']['transfer']>['amount']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<Args<Sdk['token']['burn']>['tokenId']>().toEqualTypeOf<number>();
    expectTypeOf<Args<Sdk['token']['burn']>['amount']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<Args<Sdk['token']['burnFrom']>['tokenId']>().toEqualTypeOf<number>();
    expectTypeOf<Args<Sdk['token']['burnFrom']>['amount']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<Args<Sdk['token']['updateNft']>['tokenId']>().toEqualTypeOf<number>();
    expectTypeOf<Args<Sdk['token']['update']>['tokenId']>().toEqualTypeOf<number>();
    expectTypeOf<Args<Sdk['token']['setProperties']>['tokenId']>().toEqualTypeOf<number>();
    expectTypeOf<Args<Sdk['token']['setProperties']>['collectionId']>().toEqualTypeOf<CollectionIdInput>();
    expectTypeOf<Args<Sdk['token']['deleteProperties']>['tokenId']>().toEqualTypeOf<number>();
    expectTypeOf<Args<Sdk['token']['approve']>['tokenId']>().toEqualTypeOf<number>();
    expectTypeOf<Args<Sdk['token']['approve']>['amount']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<Args<Sdk['token']['nest']>['parent']['tokenId']>().toEqualTypeOf<number>();
    expectTypeOf<Args<Sdk['token']['nest']>['nested']['tokenId']>().toEqualTypeOf<number>();
    expectTypeOf<Args<Sdk['token']['unnest']>['nested']['tokenId']>().toEqualTypeOf<number>();
  });

  it('types the refungible aliases like the token methods they are', () => {
    expectTypeOf<Sdk['refungible']['transfer']>().toEqualTypeOf<Sdk['token']['transfer']>();
    expectTypeOf<Args<Sdk['refungible']['transfer']>['tokenId']>().toEqualTypeOf<number>();
    expectTypeOf<Args<Sdk['refungible']['approve']>['tokenId']>().toEqualTypeOf<number>();
    expectTypeOf<Args<Sdk['refungible']['burn']>['tokenId']>().toEqualTypeOf<number>();
    expectTypeOf<Args<Sdk['refungible']['burnFrom']>['tokenId']>().toEqualTypeOf<number>();
    expectTypeOf<Args<Sdk['refungible']['updateNft']>['tokenId']>().toEqualTypeOf<number>();
    expectTypeOf<Args<Sdk['refungible']['setProperties']>['tokenId']>().toEqualTypeOf<number>();
    expectTypeOf<Args<Sdk['refungible']['deleteProperties']>['tokenId']>().toEqualTypeOf<number>();
    expectTypeOf<Args<Sdk['refungible']['mint']>['owners'][number]['pieces']>().toEqualTypeOf<
      Args<Sdk['refungible']['mintMultiple']>['tokens'][number]['pieces']
    >();
  });

  it('types coin and fungible amounts as the numbers, strings and bigints their parse takes', () => {
    expectTypeOf<Args<Sdk['balance']['transfer']>['amount']>().toEqualTypeOf<string | number | bigint>();
    expectTypeOf<Args<Sdk['fungible']['transfer']>['amount']>().toEqualTypeOf<string | number | bigint>();
    expectTypeOf<Args<Sdk['fungible']['mint']>['amount']>().toEqualTypeOf<string | number | bigint>();
    expectTypeOf<Args<Sdk['fungible']['burn']>['amount']>().toEqualTypeOf<string | number | bigint>();
  });

  it('refuses a string token id at compile time and at run time alike', async () => {
    const to = Sr25519Account.fromUri('//Bob').address;
    const error = await sdk.token
      // @ts-expect-error a token id in extrinsic args is a JSON number, as the chain's API takes it
      .transfer({ collectionId: 9, tokenId: '1', to })
      .catch((e: unknown) => e);
    expect(String(error)).toMatch(/tokenId/);
    const schema = sdk.token.transfer.schemaIn;
    expect(schema.safeParse({ collectionId: 9, tokenId: 1, to }).success).toBe(true);
    expect(schema.safeParse({ collectionId: 9, tokenId: '1', to }).success).toBe(false);
    const burnArgs: Args<Sdk['token']['burn']> = {
      collectionId: 9,
      // @ts-expect-error same for burn
      tokenId: '1',
    };
    expect(sdk.token.burn.schemaIn.safeParse(burnArgs).success).toBe(false);
  });
});
