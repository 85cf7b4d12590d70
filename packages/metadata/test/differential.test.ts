// Differential tests: on generated inputs inside the common domain, this package and @unique-nft/schemas
// (the published reference, a devDependency) give the same answers. Deliberate differences are listed in
// docs/decisions/metadata.md and kept out of the generators.
import { SchemaTools } from '@unique-nft/schemas';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type CollectionInfoInput,
  decodeCollectionFromProperties,
  decodeTokenFromProperties,
  encodeCollectionToProperties,
  encodeTokenToProperties,
  type PropertyInput,
  type TokenDataInput,
} from '../src/index.js';
import { collectionInfoArb, tokenDataArb } from './arbitraries.js';
import {
  v0CollectionArb,
  v0CollectionProperties,
  v0TokenArb,
  v0TokenProperties,
  v1CollectionArb,
  v1CollectionProperties,
  v1TokenArb,
  v1TokenProperties,
} from './oldFormats.js';

const hexOnly = (props: readonly { key: string; valueHex: string }[]) =>
  props.map(({ key, valueHex }) => ({ key, valueHex }));
const RUNS = { numRuns: 150 };

// The reference takes the royalties of a v2 token from tokenData; ours come from the royalties property,
// written from the same list, so they agree whenever encoding produced both.
const referenceDecodeToken = (props: PropertyInput[], options?: Record<string, unknown>) =>
  SchemaTools.decode.token(props as { key: string; valueHex: string }[], options as never);

describe('differential: v2 encoding', () => {
  it('token properties equal the reference encoder output', () => {
    fc.assert(
      fc.property(tokenDataArb, fc.option(fc.webUrl(), { nil: undefined }), (token, URI) => {
        const ours = hexOnly(encodeTokenToProperties(token as TokenDataInput, { URI }));
        const theirs = SchemaTools.encode.token(token as never, { URI }).tokenProperties;
        expect(ours).toEqual(theirs);
      }),
      RUNS,
    );
  });

  it('collection properties and permissions equal the reference encoder output', () => {
    fc.assert(
      fc.property(collectionInfoArb, (info) => {
        const ours = encodeCollectionToProperties(info as CollectionInfoInput);
        const theirs = SchemaTools.encode.collection(info as never);
        expect(hexOnly(ours.properties)).toEqual(theirs.collectionProperties);
        expect(ours.tokenPropertyPermissions).toEqual(theirs.tokenPropertyPermissions);
        expect(ours.flags).toBe(theirs.flags);
      }),
      RUNS,
    );
  });
});

describe('differential: v2 decoding', () => {
  it('tokens decode like the reference', async () => {
    await fc.assert(
      fc.asyncProperty(tokenDataArb, async (token) => {
        const props = hexOnly(encodeTokenToProperties(token as TokenDataInput));
        expect(decodeTokenFromProperties(props)).toEqual(await referenceDecodeToken(props));
      }),
      RUNS,
    );
  });

  it('collections decode like the reference', async () => {
    await fc.assert(
      fc.asyncProperty(collectionInfoArb, async (info) => {
        const props = hexOnly(encodeCollectionToProperties(info as CollectionInfoInput).properties);
        expect(decodeCollectionFromProperties(props)).toEqual(await SchemaTools.decode.collection(props));
      }),
      RUNS,
    );
  });
});

describe('differential: v1', () => {
  it('collections and tokens decode like the reference', async () => {
    const arb = v1CollectionArb.chain((c) => {
      const collection = v1CollectionProperties(c);
      return v1TokenArb(collection.attributes).map((t) => ({ collection, token: v1TokenProperties(t) }));
    });
    await fc.assert(
      fc.asyncProperty(arb, async ({ collection, token }) => {
        const collectionProperties = collection.properties;
        expect(decodeCollectionFromProperties(collectionProperties)).toEqual(
          await SchemaTools.decode.collection(collectionProperties as never),
        );
        expect(decodeTokenFromProperties(token, { collectionProperties })).toEqual(
          await referenceDecodeToken(token, { collectionProperties }),
        );
      }),
      RUNS,
    );
  });
});

describe('differential: v0', () => {
  it('collections and tokens decode like the reference', async () => {
    const arb = v0CollectionArb.chain((c) =>
      v0TokenArb(c.fields).map((t) => ({
        collection: v0CollectionProperties(c),
        token: v0TokenProperties(c.fields, t),
      })),
    );
    await fc.assert(
      fc.asyncProperty(arb, fc.integer({ min: 1, max: 10000 }), async ({ collection, token }, tokenId) => {
        expect(decodeCollectionFromProperties(collection)).toEqual(
          await SchemaTools.decode.collection(collection as never),
        );
        const options = { collectionProperties: collection, tokenId };
        expect(decodeTokenFromProperties(token, options)).toEqual(await referenceDecodeToken(token, options));
      }),
      RUNS,
    );
  });
});
