// The real indexer client validates every answer with its zod schemas, so it is an oracle for our indexer answer
// examples; and the requests it sends must parse with our input schemas.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { UniqueIndexer } from '@unique-nft/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeQuery, indexerRoutes, type QueryRoute } from '../src/index.js';
import { indexerExamples } from './examples/indexer.js';
import { ALICE, BOB, HASH } from './fixtures.js';

type Indexer = ReturnType<typeof UniqueIndexer>;
type Case = { call: (indexer: Indexer) => Promise<unknown>; expect: Record<string, unknown> };

const cases: Record<keyof typeof indexerRoutes, Case> = {
  block: { call: (ix) => ix.block({ hashOrNumber: HASH }), expect: { hashOrNumber: HASH } },
  blocks: {
    call: (ix) =>
      ix.blocks({ numberFrom: 1, timestampFrom: new Date('2024-01-01T00:00:00Z'), orderByNumber: 'desc' }),
    expect: { numberFrom: 1, timestampFrom: '2024-01-01T00:00:00.000Z', orderByNumber: 'desc' },
  },
  account: { call: (ix) => ix.account({ address: ALICE }), expect: { address: ALICE } },
  accounts: {
    call: (ix) => ix.accounts({ addressIn: [ALICE, BOB], isEthereum: false, limit: 5 }),
    expect: { addressIn: [ALICE, BOB], isEthereum: false, limit: 5 },
  },
  coinBalance: { call: (ix) => ix.coinBalance({ address: ALICE }), expect: { address: ALICE } },
  coinBalances: {
    call: (ix) => ix.coinBalances({ freeFrom: 10n ** 20n, orderByFree: 'asc' }),
    expect: { freeFrom: '100000000000000000000', orderByFree: 'asc' },
  },
  balanceTransfers: {
    call: (ix) => ix.balanceTransfers({ fromIn: [ALICE], amountFrom: 1n }),
    expect: { fromIn: [ALICE], amountFrom: '1' },
  },
  collection: { call: (ix) => ix.collection({ collectionId: '1' }), expect: { collectionId: '1' } },
  collections: {
    call: (ix) => ix.collections({ collectionIdIn: ['1', '2'], isBurned: false, limit: 5 }),
    expect: { collectionIdIn: ['1', '2'], isBurned: false, limit: 5 },
  },
  nft: {
    call: (ix) => ix.nft({ collectionId: '42', tokenId: 1 }),
    expect: { collectionId: '42', tokenId: 1 },
  },
  nfts: {
    call: (ix) => ix.nfts({ tokenIdIn: [1], collectionIdIn: ['42'], isBundle: true }),
    expect: { tokenIdIn: [1], collectionIdIn: ['42'], isBundle: true },
  },
  events: {
    call: (ix) => ix.events({ sectionIn: ['balances'], blockNumberFrom: 3 }),
    expect: { sectionIn: ['balances'], blockNumberFrom: 3 },
  },
  eventSections: { call: (ix) => ix.eventSections(), expect: {} },
  extrinsic: { call: (ix) => ix.extrinsic({ hash: HASH }), expect: { hash: HASH } },
  extrinsics: {
    call: (ix) => ix.extrinsics({ signerIn: [ALICE], orderByIndex: 'asc' }),
    expect: { signerIn: [ALICE], orderByIndex: 'asc' },
  },
  extrinsicSections: { call: (ix) => ix.extrinsicSections(), expect: {} },
  tokenBalances: {
    call: (ix) => ix.tokenBalances({ tokenIdIn: ['1'], mode: 'NFT', amountFrom: 2n }),
    expect: { tokenIdIn: ['1'], mode: 'NFT', amountFrom: '2' },
  },
  tokenTransfers: {
    call: (ix) => ix.tokenTransfers({ tokenIdIn: [3], toIn: [BOB] }),
    expect: { tokenIdIn: [3], toIn: [BOB] },
  },
};

/** Reads `:name` parameters of a route path out of a request path. */
function matchPath(route: QueryRoute, path: string): Record<string, string> | null {
  const names: string[] = [];
  const pattern = route.path.replace(/:([A-Za-z_]\w*)/g, (_m, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  const match = new RegExp(`^${pattern}$`).exec(path);
  if (!match) return null;
  return Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(match[i + 1]!)]));
}

let server: Server;
let baseUrl = '';
let answer: unknown = null;
let lastUrl = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    lastUrl = req.url ?? '';
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(answer));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('the real UniqueIndexer client against our indexer contract', () => {
  for (const [name, testCase] of Object.entries(cases) as [keyof typeof indexerRoutes, Case][]) {
    it(name, async () => {
      const route = indexerRoutes[name];
      const examples = indexerExamples[`indexer.${name}`]!;
      const indexer = UniqueIndexer({ baseUrl });
      for (const example of examples.answers) {
        answer = example;
        // The real client parses the answer with its own schema and throws if it does not fit.
        await expect(testCase.call(indexer)).resolves.toBeDefined();
      }
      const url = new URL(lastUrl, baseUrl);
      const params = matchPath(route, url.pathname);
      expect(params, url.pathname).not.toBeNull();
      const input = route.input.parse({ ...decodeQuery(url.search), ...params });
      expect(input).toEqual(testCase.expect);
    });
  }
});
