// The real client (@unique-nft/sdk, a devDependency) as a differential oracle: its route configs must agree with
// our tables on names, paths and kinds, and its input schemas must accept what ours accept.
import { AssetHub, UniqueChain, UniqueIndexer } from '@unique-nft/sdk';
import { describe, expect, it } from 'vitest';
import { allRoutes, decodeQuery, indexerRoutes, nftsPalletRoutes, type Route, routes } from '../src/index.js';
import { chainExamples } from './examples/chain.js';
import { familyExamples } from './examples/families.js';
import { palletNftsExamples } from './examples/palletNfts.js';

type Parser = { safeParse(value: unknown): { success: boolean } };
type RealFn = {
  route: string;
  schemaIn: Parser;
  schemaOut: Parser;
  build?: unknown;
};

function realRoutes(tree: object, prefix = ''): Map<string, RealFn> {
  const out = new Map<string, RealFn>();
  for (const [key, value] of Object.entries(tree)) {
    if (value === null || (typeof value !== 'object' && typeof value !== 'function')) continue;
    const id = `${prefix}${key}`;
    if (typeof (value as RealFn).route === 'string') out.set(id, value as RealFn);
    else if (typeof value === 'object') for (const [k, v] of realRoutes(value, `${id}.`)) out.set(k, v);
  }
  return out;
}

function lookup(tree: object, id: string): Route | undefined {
  let node: unknown = tree;
  for (const part of id.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return node as Route | undefined;
}

const OUT_OF_SCOPE = /^(derivative|xcm)\./; // rest-api.md §4.8: not covered

const chain = realRoutes(UniqueChain({ baseUrl: 'http://127.0.0.1:9/v2/opal' }));
const nfts = realRoutes(AssetHub({ baseUrl: 'http://127.0.0.1:9' }).nftsPallet);

describe('route tables match the real SDK client', () => {
  it('has every UniqueChain method under the same name, path and kind', () => {
    let compared = 0;
    for (const [id, real] of chain) {
      if (OUT_OF_SCOPE.test(id)) continue;
      const ours = lookup(routes, id);
      expect(ours, id).toBeDefined();
      expect(ours?.path, id).toBe(real.route);
      expect(ours?.kind, id).toBe(typeof real.build === 'function' ? 'extrinsic' : 'query');
      compared++;
    }
    expect(compared).toBeGreaterThan(60);
  });

  it('has every AssetHub().nftsPallet method under the same name, path and kind', () => {
    expect(nfts.size).toBeGreaterThan(30);
    for (const [id, real] of nfts) {
      const ours = lookup(nftsPalletRoutes, id);
      expect(ours, id).toBeDefined();
      expect(ours?.path, id).toBe(real.route);
      expect(ours?.kind, id).toBe(typeof real.build === 'function' ? 'extrinsic' : 'query');
    }
  });

  it('has every UniqueIndexer method', () => {
    const names = Object.keys(UniqueIndexer({ baseUrl: 'http://127.0.0.1:9' })).filter(
      (name) => name !== 'options',
    );
    expect(Object.keys(indexerRoutes).sort()).toEqual(names.sort());
  });

  it('names each extra route (not wired in the real client) with a real route path', () => {
    const realPaths = new Set([...chain.values(), ...nfts.values()].map((fn) => fn.route));
    const extras = allRoutes()
      .filter(
        (entry) =>
          entry.family !== 'indexer' && entry.family !== 'devnet' && !realPaths.has(entry.route.path),
      )
      .map((entry) => entry.id);
    expect(extras.sort()).toEqual([
      'collection.addAdmin',
      'collection.destroy',
      'collection.removeAdmin',
      'nftsPallet.common.nextCollectionId',
      'nftsPallet.common.palletVersion',
      'nftsPallet.item.clearAttribute',
      'nftsPallet.item.setAttribute',
    ]);
  });
});

/** Where we accept more than the real client's schemaIn, on purpose. */
const WIDER: Record<string, { skip: (input: unknown) => boolean; why: string }> = {
  // The real client's batchAll.schemaIn describes its own parameter (an array of encode()/build() promises),
  // not the wire args `{calls: string[]}` that the server validates.
  'utility.batchAll': { skip: () => true, why: 'client-side parameter shape' },
  // The real client turns pendingSponsor into a CrossAccountId object before sending, but its schema rejects
  // that object: a server using the same schema would refuse what the client sends. We accept both forms.
  'collection.create': {
    skip: (input) => typeof (input as { pendingSponsor?: unknown }).pendingSponsor === 'object',
    why: 'pendingSponsor in its sent (object) form',
  },
};

const examples = { ...chainExamples, ...familyExamples, ...palletNftsExamples };
/** Each route that the real client has and we have examples of: its real schemas beside our examples. */
const realAndOurs = allRoutes().flatMap(({ id }) => {
  const real = id.startsWith('nftsPallet.') ? nfts.get(id.slice('nftsPallet.'.length)) : chain.get(id);
  const example = examples[id];
  return real && example ? [{ id, real, example }] : [];
});

describe('the real input schemas accept our valid examples', () => {
  for (const { id, real, example } of realAndOurs) {
    it(id, () => {
      for (const valid of example.valid) {
        const input = valid.query !== undefined ? decodeQuery(valid.query) : valid.input;
        if (WIDER[id]?.skip(input)) continue;
        expect(
          real.schemaIn.safeParse(input).success,
          JSON.stringify(valid, (_k, v) => (typeof v === 'bigint' ? `${v}n` : v)),
        ).toBe(true);
      }
    });
  }
});

describe('the real answer schemas accept our representative answers (so they are realistic)', () => {
  for (const { id, real, example } of realAndOurs) {
    it(id, () => {
      for (const answer of example.answers) {
        expect(real.schemaOut.safeParse(answer).success, JSON.stringify(answer)).toBe(true);
      }
    });
  }
});
