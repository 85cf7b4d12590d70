import {
  allRoutes,
  BuildOptionsSchema,
  decodeQuery,
  EncodeRequestSchema,
  type Route,
  SubmitRequestSchema,
} from '@nftkit/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The api package's per-route examples: valid inputs and representative answers for every route.
import { allExamples } from '../../api/test/examples/all.js';
import { AssetHub, DevnetTools, Sr25519Account, UniqueChain, UniqueIndexer } from '../src/index.js';
import { startServer, type TestServer } from './helpers/httpServer.js';
import { makeBuildAnswer } from './helpers/payload.js';

const examples = allExamples;
const PREFIX = '/v2/contract';
const HASH = `0x${'ab'.repeat(32)}`;
const alice = Sr25519Account.fromUri('//Alice');

let server: TestServer;
let answer: unknown;

beforeAll(async () => {
  server = await startServer((request) => {
    const path = request.path.slice(PREFIX.length);
    const options = (request.body as { options?: { signerAddress?: string } } | undefined)?.options;
    if (path.endsWith('/build'))
      return {
        body: makeBuildAnswer({ address: options?.signerAddress ?? alice.address, method: '0x3d00' }),
      };
    if (path.endsWith('/fee'))
      return { body: { baseFee: '1', lenFee: '0', adjustedWeightFee: '1', totalFee: '1', xcmFee: '0' } };
    if (path.endsWith('/encode')) return { body: { compactExtrinsic: '0x0c043d00' } };
    if (path === '/extrinsics/submit') return { body: { hash: HASH } };
    if (/\/status\/0x[0-9a-f]+$/.test(path)) {
      return {
        body: {
          result: answer,
          extrinsic: {
            hash: HASH,
            signer: alice.address,
            section: 's',
            method: 'm',
            args: {},
            events: [],
            groupedEvents: {},
            blockHash: HASH,
            blockNumber: '1',
          },
        },
      };
    }
    return { body: answer };
  });
});
afterAll(() => server.close());

const chain = () =>
  UniqueChain({
    baseUrl: `${server.url}${PREFIX}`,
    account: alice,
    statusOptions: { retries: 1, timeout: 1 },
  });
const hub = () =>
  AssetHub({ baseUrl: `${server.url}${PREFIX}`, account: alice, statusOptions: { retries: 1, timeout: 1 } });
const indexer = () => UniqueIndexer({ baseUrl: `${server.url}${PREFIX}` });

function methodFor(
  id: string,
): ((...args: unknown[]) => Promise<unknown>) & { encode?: (p: unknown) => Promise<unknown> } {
  const [root, rest] = id.startsWith('nftsPallet.')
    ? [hub().nftsPallet as unknown, id.slice('nftsPallet.'.length)]
    : id.startsWith('indexer.')
      ? [indexer() as unknown, id.slice('indexer.'.length)]
      : id.startsWith('devnet.')
        ? [DevnetTools({ baseUrl: `${server.url}${PREFIX}` }) as unknown, id.slice('devnet.'.length)]
        : [chain() as unknown, id];
  const method = rest
    .split('.')
    .reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key], root);
  if (typeof method !== 'function') throw new Error(`The client has no method for ${id}`);
  return method as never;
}

/** What a server receives, as one object: path parameters, then the query string or the JSON body. */
function received(route: Route, request: { path: string; search: string; body: unknown }): unknown {
  const names = [...route.path.matchAll(/:([A-Za-z_]\w*)/g)].map((m) => m[1]!);
  const pattern = new RegExp(`^${route.path.replace(/:[A-Za-z_]\w*/g, '([^/]+)')}$`);
  const match = pattern.exec(request.path.slice(PREFIX.length));
  expect(match, `${request.path} does not fit ${route.path}`).not.toBeNull();
  const fromPath = Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(match![i + 1]!)]));
  if (route.kind === 'query' && route.method === 'GET')
    return { ...decodeQuery(request.search), ...fromPath };
  return { ...(request.body as object), ...fromPath };
}

describe('contract: what the client sends validates against the api schemas', () => {
  it('has an example for every route of the api', () => {
    for (const { id } of allRoutes()) expect(examples[id], id).toBeDefined();
  });

  for (const { id, route } of allRoutes()) {
    const example = examples[id];
    if (!example) continue;
    it(`${id}: ${route.kind} ${route.path}`, async () => {
      const method = methodFor(id);
      for (const valid of example.valid) {
        const params = valid.query !== undefined ? decodeQuery(valid.query) : valid.input;
        answer = example.answers[0];
        server.requests.length = 0;
        const value = await method(params);

        if (route.kind === 'query') {
          expect(server.requests).toHaveLength(1);
          const request = server.requests[0]!;
          expect(request.method).toBe(route.method);
          const parsed = route.input.safeParse(received(route, request));
          expect(parsed.error?.issues, `${id} sent ${request.url} ${request.text}`).toBeUndefined();
          if (id.startsWith('indexer.')) expect(value).toEqual(route.output.parse(answer));
          else expect(value).toEqual(answer);
        } else {
          const [build, submit, status] = server.requests;
          expect(build?.path).toBe(`${PREFIX}${route.path}/build`);
          const body = build!.body as { args: unknown; options: unknown };
          const args = route.input.safeParse(body.args);
          expect(args.error?.issues, `${id} sent ${build!.text}`).toBeUndefined();
          expect(BuildOptionsSchema.safeParse(body.options).success).toBe(true);
          expect(submit?.path).toBe(`${PREFIX}/extrinsics/submit`);
          expect(SubmitRequestSchema.safeParse(submit!.body).success).toBe(true);
          expect(status?.path).toBe(`${PREFIX}${route.path}/status/${HASH}`);
          expect((value as { result: unknown }).result).toEqual(answer);

          server.requests.length = 0;
          await method.encode!(params);
          const encode = server.requests[0]!;
          expect(encode.path).toBe(`${PREFIX}${route.path}/encode`);
          expect(EncodeRequestSchema.safeParse(encode.body).success).toBe(true);
          expect(
            route.input.safeParse((encode.body as { args: unknown }).args).error?.issues,
          ).toBeUndefined();
        }
      }
      for (const representative of example.answers) {
        expect(route.output.safeParse(representative).error?.issues).toBeUndefined();
      }
    });
  }
});
