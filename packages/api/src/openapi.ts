import { allRoutes, type RouteFamily } from './allRoutes.js';
import { type JsonSchema, SchemaConverter } from './jsonSchema.js';
import { pathParams } from './paths.js';
import type { ExtrinsicRoute, QueryRoute } from './route.js';
import { LONG_POLL_HEADER, MAX_STATUS_WAIT_MS, STATUS_WAIT_QUERY, SUBMIT_PATH } from './route.js';
import { ROUTE_SUMMARIES } from './routeSummaries.js';
import { ErrorBodySchema, NotFoundBodySchema } from './shapes/errorBody.js';
import {
  BuildAnswerSchema,
  BuildOptionsSchema,
  EncodeAnswerSchema,
  ExtrinsicStatusSchema,
  FeeAnswerSchema,
  SubmitAnswerSchema,
  SubmitRequestSchema,
} from './shapes/writeFlow.js';

export type OpenApiDocument = {
  openapi: '3.1.0';
  info: { title: string; version: string; description?: string };
  servers: { url: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, JsonSchema> };
};

export type OpenApiParameter = {
  name: string;
  in: 'query' | 'path' | 'header';
  required: boolean;
  schema: JsonSchema;
  description?: string;
  style?: string;
  explode?: boolean;
};

export type OpenApiOperation = {
  operationId: string;
  summary: string;
  tags: string[];
  parameters?: OpenApiParameter[];
  requestBody?: { required: boolean; content: { 'application/json': { schema: JsonSchema } } };
  responses: Record<
    string,
    {
      description: string;
      content?: { 'application/json': { schema: JsonSchema } };
      headers?: Record<string, unknown>;
    }
  >;
};

export type BuildOpenApiOptions = {
  /** Prefix of the chain routes, e.g. `/v2/devnet`. */
  basePath: string;
  /** Prefix of the indexer routes; they are left out when not given. */
  indexerBasePath?: string;
  /** Prefix of the alternative NFT pallet routes; defaults to `basePath`. */
  nftsPalletBasePath?: string;
  title?: string;
  version?: string;
};

const json = (schema: JsonSchema) => ({ 'application/json': { schema } });

function toOpenApiPath(path: string): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');
}

function queryParameters(route: QueryRoute, schema: JsonSchema): OpenApiParameter[] {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  const inPath = new Set(pathParams(route));
  return Object.entries(properties).map(([name, property]) => {
    const parameter: OpenApiParameter = {
      name,
      in: inPath.has(name) ? 'path' : 'query',
      required: inPath.has(name) || required.has(name),
      schema: property,
    };
    if (typeof property.description === 'string') parameter.description = property.description;
    if (property.type === 'object') {
      parameter.style = 'deepObject';
      parameter.explode = true;
    } else if (!inPath.has(name)) {
      parameter.style = 'form';
      parameter.explode = true;
    }
    return parameter;
  });
}

function errorResponses(converter: SchemaConverter) {
  const error = converter.named('ErrorBody', ErrorBodySchema, 'output');
  return {
    '400': {
      description: 'Invalid input (zodError lists the fields) or a failed extrinsic',
      content: json(error),
    },
    '500': { description: 'Server error', content: json(error) },
  };
}

function addQuery(
  doc: OpenApiDocument,
  converter: SchemaConverter,
  prefix: string,
  id: string,
  tag: string,
  route: QueryRoute,
): void {
  const input = converter.convert(route.input, 'input');
  const operation: OpenApiOperation = {
    operationId: id,
    summary: summaryOf(id),
    tags: [tag],
    responses: {
      '200': { description: 'OK', content: json(converter.convert(route.output, 'output')) },
      ...errorResponses(converter),
    },
  };
  if (route.method === 'GET') operation.parameters = queryParameters(route, input);
  else operation.requestBody = { required: true, content: json(input) };
  const path = `${prefix}${toOpenApiPath(route.path)}`;
  doc.paths[path] = { ...doc.paths[path], [route.method.toLowerCase()]: operation };
}

function addExtrinsic(
  doc: OpenApiDocument,
  converter: SchemaConverter,
  prefix: string,
  id: string,
  tag: string,
  route: ExtrinsicRoute,
): void {
  const args = converter.convert(route.input, 'input');
  const options = converter.named('BuildOptions', BuildOptionsSchema, 'input');
  const buildBody = {
    type: 'object',
    properties: { args, options },
    required: ['args', 'options'],
    additionalProperties: false,
  };
  const errors = errorResponses(converter);
  const base = `${prefix}${route.path}`;
  doc.paths[`${base}/build`] = {
    post: {
      operationId: `${id}.build`,
      summary: `${summaryOf(id)}: build the signer payload`,
      tags: [tag],
      requestBody: { required: true, content: json(buildBody) },
      responses: {
        '200': {
          description: 'OK',
          content: json(converter.named('BuildAnswer', BuildAnswerSchema, 'output')),
        },
        ...errors,
      },
    },
  };
  doc.paths[`${base}/fee`] = {
    post: {
      operationId: `${id}.fee`,
      summary: `${summaryOf(id)}: estimate the fee`,
      tags: [tag],
      requestBody: { required: true, content: json(buildBody) },
      responses: {
        '200': { description: 'OK', content: json(converter.named('FeeAnswer', FeeAnswerSchema, 'output')) },
        ...errors,
      },
    },
  };
  doc.paths[`${base}/encode`] = {
    post: {
      operationId: `${id}.encode`,
      summary: `${summaryOf(id)}: encode the call`,
      tags: [tag],
      requestBody: {
        required: true,
        content: json({
          type: 'object',
          properties: { args },
          required: ['args'],
          additionalProperties: false,
        }),
      },
      responses: {
        '200': {
          description: 'OK',
          content: json(converter.named('EncodeAnswer', EncodeAnswerSchema, 'output')),
        },
        ...errors,
      },
    },
  };
  const longPollHeader = {
    [LONG_POLL_HEADER]: {
      description: 'Sent (value 1) by a server that supports the waitMs long poll',
      schema: { type: 'string', enum: ['1'] },
    },
  };
  doc.paths[`${base}/status/{hash}`] = {
    get: {
      operationId: `${id}.status`,
      summary: `${summaryOf(id)}: status and result`,
      tags: [tag],
      parameters: [
        {
          name: 'hash',
          in: 'path',
          required: true,
          schema: { type: 'string', pattern: '^0x[0-9a-fA-F]{64}$' },
        },
        {
          name: 'isFinalized',
          in: 'query',
          required: false,
          schema: { type: 'boolean' },
          description: 'Look only at finalized blocks',
        },
        {
          name: STATUS_WAIT_QUERY,
          in: 'query',
          required: false,
          schema: { type: 'integer', minimum: 0 },
          description: `Long poll: wait up to this many ms (capped at ${MAX_STATUS_WAIT_MS}) for the extrinsic to be in a block`,
        },
      ],
      responses: {
        '200': {
          description: 'In a block and successful',
          headers: longPollHeader,
          content: json({
            type: 'object',
            properties: {
              result: converter.convert(route.output, 'output'),
              extrinsic: converter.named('ExtrinsicStatus', ExtrinsicStatusSchema, 'output'),
            },
            required: ['result', 'extrinsic'],
          }),
        },
        '404': {
          description: 'Not (yet) found',
          headers: longPollHeader,
          content: json(converter.named('NotFoundBody', NotFoundBodySchema, 'output')),
        },
        '503': {
          description: 'An expected event is missing',
          content: json(converter.named('ErrorBody', ErrorBodySchema, 'output')),
        },
        ...errors,
      },
    },
  };
}

function summaryOf(id: string): string {
  const summary = ROUTE_SUMMARIES[id];
  if (summary === undefined) throw new Error(`No summary for route ${id} (add it to routeSummaries.ts)`);
  return summary;
}

/** Chain routes are tagged by their table (`token`, `collection`, …); the other families by family. */
function tagOf(family: RouteFamily, id: string): string {
  if (family === 'nftsPallet') return 'pallet-nfts';
  if (family === 'indexer') return 'indexer';
  if (family === 'devnet') return 'devnet';
  return id.split('.')[0]!;
}

/**
 * The OpenAPI 3.1 document of every route, generated from the zod schemas: queries as GET (query parameters,
 * repeated arrays, deep-object brackets) or POST bodies, each extrinsic route R as `R/build`, `R/fee`,
 * `R/encode`, `R/status/{hash}`, and the shared `/extrinsics/submit`.
 */
export function buildOpenApiDocument(options: BuildOpenApiOptions): OpenApiDocument {
  const basePath = options.basePath.replace(/\/$/, '');
  const nftsBase = (options.nftsPalletBasePath ?? basePath).replace(/\/$/, '');
  const indexerBase = options.indexerBasePath?.replace(/\/$/, '');
  const converter = new SchemaConverter();
  const doc: OpenApiDocument = {
    openapi: '3.1.0',
    info: {
      title: options.title ?? 'Unique Network REST API v2 (nftkit)',
      version: options.version ?? '2.0.0',
      description: 'Generated from the @nftkit/api zod schemas.',
    },
    servers: [{ url: '/' }],
    paths: {},
    components: { schemas: converter.components },
  };
  for (const { id, route, family } of allRoutes()) {
    const prefix = family === 'indexer' ? indexerBase : family === 'nftsPallet' ? nftsBase : basePath;
    if (prefix === undefined) continue;
    const tag = tagOf(family, id);
    if (route.kind === 'query') addQuery(doc, converter, prefix, id, tag, route);
    else addExtrinsic(doc, converter, prefix, id, tag, route);
  }
  doc.paths[`${basePath}${SUBMIT_PATH}`] = {
    post: {
      operationId: 'extrinsics.submit',
      summary: 'Submit a signed extrinsic',
      tags: ['extrinsics'],
      requestBody: {
        required: true,
        content: json(converter.named('SubmitRequest', SubmitRequestSchema, 'input')),
      },
      responses: {
        '200': {
          description: 'OK',
          content: json(converter.named('SubmitAnswer', SubmitAnswerSchema, 'output')),
        },
        ...errorResponses(converter),
      },
    },
  };
  return doc;
}
