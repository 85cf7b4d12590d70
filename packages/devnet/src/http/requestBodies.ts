import { allRoutes, BuildOptionsSchema, type ExtrinsicRoute, SubmitRequestSchema } from '@nftkit/api';
import secureJson from 'secure-json-parse';
import { z } from 'zod';
import { badRequest, HttpError } from './errors.js';
import { parseWith } from './routes/validate.js';

/**
 * What a route checks of its JSON body. The routes run these checks themselves; the body thread runs the same ones
 * on a large body before the route sees it (`bodyThread.ts`), so a large body that a route would refuse is refused
 * without the main thread ever parsing it.
 */
export type BodyCheck = { kind: 'signed' | 'encode'; path: string } | { kind: 'submit' };

const BodySchema = z.object({ args: z.unknown(), options: z.unknown().optional() });

/** `R/build` and `R/fee`: the route's args and the build options. */
export function parseSignedBody(route: ExtrinsicRoute, body: unknown) {
  const { args, options } = parseWith(BodySchema, body);
  return {
    options: parseWith(BuildOptionsSchema, options, 'options'),
    args: parseWith(route.input, args, 'args') as unknown,
  };
}

/** `R/encode`: the route's args only. */
export function parseEncodeBody(route: ExtrinsicRoute, body: unknown): unknown {
  const { args } = parseWith(BodySchema, body);
  return parseWith(route.input, args, 'args');
}

/** `POST /extrinsics/submit`. */
export function parseSubmitBody(body: unknown) {
  return parseWith(SubmitRequestSchema, body);
}

let routesByPath: Map<string, ExtrinsicRoute> | undefined;

/** Runs `check` on `body`: throws the route's own 400 when the route would refuse it. */
export function runBodyCheck(check: BodyCheck, body: unknown): void {
  if (check.kind === 'submit') {
    parseSubmitBody(body);
    return;
  }
  routesByPath ??= new Map(
    allRoutes()
      .filter((e) => e.family !== 'indexer' && e.route.kind === 'extrinsic')
      .map((e) => [e.route.path, e.route as ExtrinsicRoute]),
  );
  const route = routesByPath.get(check.path);
  if (!route) return;
  if (check.kind === 'signed') parseSignedBody(route, body);
  else parseEncodeBody(route, body);
}

// Fastify's own answers for a JSON body it cannot parse, kept so that clients see the same 400s as before.
const EMPTY_BODY = "Body cannot be empty when content-type is set to 'application/json'";
const INVALID_JSON = "Body is not valid JSON but content-type is set to 'application/json'";

/**
 * A JSON request body as Fastify's default parser reads it (`__proto__` and `constructor.prototype` keys refused,
 * as prototype poisoning), then, when given, the route's check.
 */
export function decodeJsonBody(bytes: Uint8Array, check?: BodyCheck): unknown {
  if (bytes.length === 0) throw badRequest(EMPTY_BODY);
  let body: unknown;
  try {
    const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
    body = secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' });
  } catch {
    throw badRequest(INVALID_JSON);
  }
  if (check) runBodyCheck(check, body);
  return body;
}

/** An HttpError as plain data, to cross a thread boundary, and back. */
export type HttpErrorData = { statusCode: number; message: string; details?: unknown; zodIssues?: unknown[] };

export function httpErrorToData(e: HttpError): HttpErrorData {
  return {
    statusCode: e.statusCode,
    message: e.message,
    ...(e.details === undefined ? {} : { details: e.details }),
    ...(e.zodIssues ? { zodIssues: [...e.zodIssues] } : {}),
  };
}

export function httpErrorFromData(d: HttpErrorData): HttpError {
  return new HttpError(d.statusCode, d.message, d.details, d.zodIssues as HttpError['zodIssues']);
}
