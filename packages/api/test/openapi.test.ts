import { describe, expect, it } from 'vitest';
import {
  allRoutes,
  buildOpenApiDocument,
  LONG_POLL_HEADER,
  type OpenApiDocument,
  STATUS_WAIT_QUERY,
} from '../src/index.js';
import { ROUTE_SUMMARIES } from '../src/routeSummaries.js';

const doc: OpenApiDocument = buildOpenApiDocument({ basePath: '/v2/devnet', indexerBasePath: '/indexer' });

function collectRefs(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) for (const item of node) collectRefs(item, out);
  else if (node !== null && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') out.push(value);
      else collectRefs(value, out);
    }
  }
  return out;
}

function resolve(ref: string): unknown {
  expect(ref.startsWith('#/')).toBe(true);
  let node: unknown = doc;
  for (const part of ref.slice(2).split('/')) node = (node as Record<string, unknown> | undefined)?.[part];
  return node;
}

const toOpenApi = (path: string) => path.replace(/:([A-Za-z_]\w*)/g, '{$1}');

describe('buildOpenApiDocument', () => {
  it('is an OpenAPI 3.1 document that survives JSON', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBeTruthy();
    expect(JSON.parse(JSON.stringify(doc))).toEqual(doc);
  });

  it('gives every route a summary, and lists no route that does not exist', () => {
    const ids = allRoutes().map((entry) => entry.id);
    for (const id of ids) expect(ROUTE_SUMMARIES[id], id).toMatch(/\S/);
    expect(Object.keys(ROUTE_SUMMARIES).sort()).toEqual([...ids].sort());
    expect(doc.paths['/v2/devnet/token/properties/set/build']?.post?.summary).toBe(
      `${ROUTE_SUMMARIES['token.setProperties']}: build the signer payload`,
    );
  });

  it('has every query route and the four sub-routes of every extrinsic route, plus submit', () => {
    for (const { route, family } of allRoutes()) {
      const base = family === 'indexer' ? '/indexer' : '/v2/devnet';
      if (route.kind === 'query') {
        expect(
          doc.paths[`${base}${toOpenApi(route.path)}`]?.[route.method.toLowerCase()],
          route.path,
        ).toBeDefined();
      } else {
        for (const action of ['build', 'fee', 'encode']) {
          expect(doc.paths[`${base}${route.path}/${action}`]?.post, `${route.path}/${action}`).toBeDefined();
        }
        expect(doc.paths[`${base}${route.path}/status/{hash}`]?.get, `${route.path}/status`).toBeDefined();
      }
    }
    expect(doc.paths['/v2/devnet/extrinsics/submit']?.post).toBeDefined();
    const extrinsics = allRoutes().filter((entry) => entry.route.kind === 'extrinsic').length;
    const queries = allRoutes().length - extrinsics;
    const operations = Object.values(doc.paths).reduce((n, item) => n + Object.keys(item).length, 0);
    expect(operations).toBe(queries + 4 * extrinsics + 1);
  });

  it('gives every operation a request description and a 200 schema', () => {
    const ids = new Set<string>();
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        expect(ids.has(operation.operationId), operation.operationId).toBe(false);
        ids.add(operation.operationId);
        if (method === 'post')
          expect(operation.requestBody?.content['application/json'].schema, path).toBeDefined();
        else expect(Array.isArray(operation.parameters), path).toBe(true);
        expect(operation.responses['200']?.content?.['application/json'].schema, path).toBeDefined();
        for (const param of path.match(/\{(\w+)\}/g) ?? []) {
          const name = param.slice(1, -1);
          expect(
            operation.parameters?.some((p) => p.name === name && p.in === 'path' && p.required),
            `${path} ${name}`,
          ).toBe(true);
        }
      }
    }
  });

  it('has no dangling $ref', () => {
    const refs = collectRefs(doc);
    expect(refs.length).toBeGreaterThan(100);
    for (const ref of new Set(refs)) expect(resolve(ref), ref).toBeDefined();
  });

  it('describes query parameters the way the client sends them', () => {
    const possible = doc.paths['/v2/devnet/token/possible-actions']?.get;
    const nestTo = possible?.parameters?.find((p) => p.name === 'nestTo');
    expect(nestTo).toMatchObject({ in: 'query', style: 'deepObject', explode: true, required: false });
    const collection = doc.paths['/v2/devnet/collection']?.get;
    expect(collection?.parameters?.find((p) => p.name === 'collectionId')?.required).toBe(true);
    expect(collection?.parameters?.find((p) => p.name === 'withAdmins')?.required).toBe(false);
    const nfts = doc.paths['/indexer/nfts']?.get;
    expect(nfts?.parameters?.find((p) => p.name === 'tokenIdIn')).toMatchObject({
      style: 'form',
      explode: true,
    });
    const block = doc.paths['/indexer/blocks/{hashOrNumber}']?.get;
    expect(block?.parameters?.find((p) => p.name === 'hashOrNumber')).toMatchObject({
      in: 'path',
      required: true,
    });
  });

  it('documents the long-poll status parameter and header', () => {
    const status = doc.paths['/v2/devnet/token/properties/set/status/{hash}']?.get;
    expect(status?.parameters?.map((p) => p.name)).toEqual(['hash', 'isFinalized', STATUS_WAIT_QUERY]);
    expect(status?.responses['404']?.headers?.[LONG_POLL_HEADER]).toBeDefined();
    expect(status?.responses['200']?.headers?.[LONG_POLL_HEADER]).toBeDefined();
  });

  it('sends request forms: a build body is {args, options} with the route input, bigints as strings', () => {
    const build = doc.paths['/v2/devnet/evm/contract/send/build']?.post;
    const schema = build?.requestBody?.content['application/json'].schema as {
      properties: { args: { properties: Record<string, unknown> }; options: unknown };
      required: string[];
    };
    expect(schema.required).toEqual(['args', 'options']);
    expect(schema.properties.args.properties.functionName).toEqual({ type: 'string' });
    expect(JSON.stringify(schema.properties.args.properties.gasLimit)).toContain('"type":"string"');
    const encode = doc.paths['/v2/devnet/evm/contract/send/encode']?.post;
    const encodeSchema = encode?.requestBody?.content['application/json'].schema as
      | { properties?: object }
      | undefined;
    expect(Object.keys(encodeSchema?.properties ?? {})).toEqual(['args']);
  });

  it('puts prefixes where asked and leaves the indexer out without its base path', () => {
    const chainOnly = buildOpenApiDocument({ basePath: '/v2/opal/', title: 'T', version: '9' });
    expect(chainOnly.info).toMatchObject({ title: 'T', version: '9' });
    expect(Object.keys(chainOnly.paths).some((p) => p.startsWith('/indexer'))).toBe(false);
    expect(chainOnly.paths['/v2/opal/balances/get']).toBeDefined();
  });
});
