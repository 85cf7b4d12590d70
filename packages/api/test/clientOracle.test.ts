// The real UniqueChain / AssetHub clients talk to a local server; every request they send for our valid examples
// must validate against our input schemas (the devnet validates with them, and must accept the real client).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AssetHub, UniqueChain } from '@unique-nft/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allRoutes,
  BuildRequestSchema,
  buildRequestSchema,
  decodeQuery,
  encodeRequestSchema,
} from '../src/index.js';
import { chainExamples } from './examples/chain.js';
import { familyExamples } from './examples/families.js';
import { palletNftsExamples } from './examples/palletNfts.js';
import { ALICE, SIGNER_PAYLOAD_JSON } from './fixtures.js';

type Recorded = { method: string; url: string; body: unknown };
type RealFn = ((params: unknown) => Promise<unknown>) & {
  build?: (params: unknown, options: unknown) => Promise<unknown>;
  encode?: (params: unknown) => Promise<unknown>;
};

const BUILD_ANSWER = {
  signerPayloadJSON: SIGNER_PAYLOAD_JSON,
  signerPayloadRaw: { address: ALICE, data: '0x00', type: 'payload' },
  signerPayloadHex: '0x00',
  compactExtrinsic: '0x0400',
};

let server: Server;
let baseUrl = '';
let recorded: Recorded[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => {
      raw += chunk.toString('utf8');
    });
    req.on('end', () => {
      recorded.push({
        method: req.method ?? '',
        url: req.url ?? '',
        body: raw ? JSON.parse(raw) : undefined,
      });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify(req.url?.endsWith('/build') || req.url?.endsWith('/encode') ? BUILD_ANSWER : {}),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function lookup(tree: unknown, path: string[]): RealFn | undefined {
  let node = tree;
  for (const part of path) node = (node as Record<string, unknown> | undefined)?.[part];
  return node as RealFn | undefined;
}

const examples = { ...chainExamples, ...familyExamples, ...palletNftsExamples };
// Inputs the real client's own schema refuses (see oracle.test.ts): nothing to send.
const skip = (id: string, input: unknown) =>
  input === undefined ||
  id === 'utility.batchAll' ||
  (id === 'collection.create' && typeof (input as { pendingSponsor?: unknown }).pendingSponsor === 'object');

describe('requests of the real client validate against our schemas', () => {
  for (const { id, route, family } of allRoutes()) {
    if (family === 'indexer') continue;
    const example = examples[id];
    const path = family === 'nftsPallet' ? id.split('.').slice(1) : id.split('.');
    const probe =
      family === 'nftsPallet'
        ? AssetHub({ baseUrl: 'http://127.0.0.1:9' }).nftsPallet
        : UniqueChain({ baseUrl: 'http://127.0.0.1:9' });
    // Routes the real client does not wire have nothing to compare.
    if (!example || !lookup(probe, path)) continue;
    it(id, async () => {
      const chain = UniqueChain({ baseUrl });
      const nfts = AssetHub({ baseUrl }).nftsPallet;
      const real =
        family === 'nftsPallet' ? lookup(nfts, id.split('.').slice(1)) : lookup(chain, id.split('.'));
      if (!real) return; // routes the real client does not wire
      let sent = 0;
      if (id === 'utility.batchAll') {
        // The real batchAll takes the encode()/build() promises and sends their compactExtrinsic strings.
        recorded = [];
        const calls = ['0x1c0401', '0x00'].map((compactExtrinsic) => Promise.resolve({ compactExtrinsic }));
        await real.build?.(calls, { signerAddress: ALICE });
        const parsed = buildRequestSchema(route.input).safeParse(recorded[0]?.body);
        expect(parsed.error?.issues).toBeUndefined();
        expect(parsed.data?.args).toEqual({ calls: ['0x1c0401', '0x00'] });
        sent++;
      }
      for (const valid of example.valid) {
        const input = valid.query !== undefined ? decodeQuery(valid.query) : valid.input;
        if (skip(id, input)) continue;
        recorded = [];
        if (route.kind === 'extrinsic') {
          await real.build?.(input, { signerAddress: ALICE });
          await real.encode?.(input);
          const [build, encode] = recorded;
          expect(build?.url.endsWith(`${route.path}/build`)).toBe(true);
          expect(BuildRequestSchema.parse(build?.body)).toBeTruthy();
          const parsed = buildRequestSchema(route.input).safeParse(build?.body);
          expect(parsed.error?.issues, JSON.stringify(build?.body)).toBeUndefined();
          // The client sends its parsed output; ours parses it to the same value ours produces from the raw input.
          expect(parsed.data?.args).toEqual(route.input.parse(input));
          expect(encode?.url.endsWith(`${route.path}/encode`)).toBe(true);
          expect(encodeRequestSchema(route.input).safeParse(encode?.body).error?.issues).toBeUndefined();
        } else {
          await real(input);
          const [request] = recorded;
          expect(request?.method).toBe(route.kind === 'query' ? route.method : 'POST');
          const url = new URL(request?.url ?? '', baseUrl);
          expect(url.pathname.endsWith(route.path)).toBe(true);
          const wire = route.method === 'GET' ? decodeQuery(url.search) : request?.body;
          const parsed = route.input.safeParse(wire);
          expect(parsed.error?.issues, request?.url).toBeUndefined();
          expect(parsed.data).toEqual(route.input.parse(input));
        }
        sent++;
      }
      expect(sent).toBeGreaterThan(0);
    });
  }
});
