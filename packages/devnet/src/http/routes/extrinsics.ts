import {
  allRoutes,
  type ExtrinsicRoute,
  LONG_POLL_HEADER,
  MAX_STATUS_WAIT_MS,
  StatusQuerySchema,
  SUBMIT_PATH,
} from '@nftkit/api';
import { normalizeSubstrateAddress, type SignerPayloadJSON } from '@nftkit/primitives';
import type { FastifyInstance } from 'fastify';
import type { Chain } from '../../chain/chain.js';
import { TxRefusedError } from '../../chain/errors.js';
import type { ExtrinsicRecord } from '../../chain/extrinsicStore.js';
import { toCompactExtrinsic } from '../../runtime/codec.js';
import { encodeCall } from '../../runtime/runtime.js';
import { badRequest, HttpError } from '../errors.js';
import { EXTRINSIC_HANDLERS } from '../extrinsics/index.js';
import type { ExtrinsicHandler } from '../extrinsics/types.js';
import { parseEncodeBody, parseSignedBody, parseSubmitBody } from '../requestBodies.js';
import { parseWith } from './validate.js';

const HASH = /^0x[0-9a-f]{64}$/;

/** Turns the route's args into call bytes; a runtime refusal to encode (bad address, bound) is a 400. */
function callBytes(
  chain: Chain,
  handler: ExtrinsicHandler<never>,
  args: unknown,
  signer: string | undefined,
) {
  const spec = handler.toCall(args as never, { chain, signer });
  try {
    return encodeCall(spec.section, spec.method, spec.args);
  } catch (e) {
    throw badRequest(`Cannot encode the call: ${(e as Error).message}`);
  }
}

function groupEvents(events: ExtrinsicRecord['events']) {
  const grouped: Record<string, Record<string, Record<string, string>[]>> = {};
  for (const e of events) {
    const section = grouped[e.section] ?? {};
    grouped[e.section] = section;
    const list = section[e.method] ?? [];
    section[e.method] = list;
    list.push(e.data);
  }
  return grouped;
}

export function extrinsicStatus(rec: ExtrinsicRecord) {
  return {
    hash: rec.hash,
    signer: rec.signer,
    section: rec.section,
    method: rec.method,
    args: rec.args,
    events: rec.events,
    groupedEvents: groupEvents(rec.events),
    blockHash: rec.blockHash,
    blockNumber: String(rec.blockNumber),
  };
}

/** `R/build`, `R/fee`, `R/encode`, `R/status/:hash` for every extrinsic route, and the shared submit. */
export function registerExtrinsicRoutes(app: FastifyInstance, chain: Chain, basePath: string): void {
  for (const entry of allRoutes()) {
    if (entry.family === 'indexer' || entry.route.kind !== 'extrinsic') continue;
    const route = entry.route as ExtrinsicRoute;
    const handler = EXTRINSIC_HANDLERS[route.path];
    if (!handler) continue;
    const R = basePath + route.path;

    const signed = (body: unknown) => {
      const { args, options } = parseSignedBody(route, body);
      const signer = normalizeSubstrateAddress(options.signerAddress);
      return { call: callBytes(chain, handler, args, signer), opts: { ...options, signerAddress: signer } };
    };
    // A large body is checked as the route checks it before it reaches the route (src/http/jsonBody.ts).
    const signedBody = { config: { bodyCheck: { kind: 'signed', path: route.path } as const } };

    app.post(`${R}/build`, signedBody, async (request) => {
      const { call, opts } = signed(request.body);
      try {
        return chain.build(call, opts);
      } catch (e) {
        throw badRequest(`options: ${(e as Error).message}`);
      }
    });

    app.post(`${R}/fee`, signedBody, async (request) => {
      const { call, opts } = signed(request.body);
      let fee: ReturnType<Chain['fee']>;
      try {
        fee = chain.fee(call, opts);
      } catch (e) {
        throw badRequest(`options: ${(e as Error).message}`);
      }
      return {
        baseFee: String(fee.baseFee),
        lenFee: String(fee.lenFee),
        adjustedWeightFee: String(fee.adjustedWeightFee),
        totalFee: String(fee.totalFee),
        xcmFee: '0',
      };
    });

    const encodeBody = { config: { bodyCheck: { kind: 'encode', path: route.path } as const } };
    app.post(`${R}/encode`, encodeBody, async (request) => {
      const parsed = parseEncodeBody(route, request.body);
      return { compactExtrinsic: toCompactExtrinsic(callBytes(chain, handler, parsed, undefined)) };
    });

    app.get(`${R}/status/:hash`, async (request, reply) => {
      reply.header(LONG_POLL_HEADER, '1');
      const hash = String((request.params as { hash: string }).hash)
        .trim()
        .toLowerCase();
      if (!HASH.test(hash)) throw badRequest('Validation Error: hash: must be 0x followed by 64 hex digits');
      const q = parseWith(StatusQuerySchema, request.query);
      let rec = chain.committedExtrinsic(hash);
      if (!rec && chain.history.has(hash)) {
        // In a block whose commit is a moment away.
        await chain.whenCommitted();
        rec = chain.committedExtrinsic(hash);
      }
      // Long poll: hold the answer until the block is in (and final, when asked), the transaction is dropped, or
      // `waitMs` is spent. The clock only bounds the wait; what ends it early is the chain's own events.
      const waitMs = Math.min(q.waitMs ?? 0, MAX_STATUS_WAIT_MS);
      const holdUntil = Date.now() + waitMs;
      if (!rec && waitMs > 0) rec = await chain.waitForExtrinsic(hash, waitMs);
      if (rec && q.isFinalized && waitMs > 0)
        await chain.waitForFinality(rec.blockNumber, holdUntil - Date.now());
      if (!rec || (q.isFinalized && !chain.isFinalized(rec.blockNumber))) {
        const dropped = chain.droppedReason(hash);
        return reply.status(404).send({
          error: dropped
            ? `Extrinsic with hash ${hash} not found: it was dropped from the pool (${dropped})`
            : `Extrinsic with hash ${hash} not found`,
        });
      }
      if (!rec.success) {
        const e = rec.error;
        reply.status(400);
        return {
          error: e ? e.docs.join(' ') : 'Extrinsic failed with unknown error',
          section: e?.section,
          name: e?.name,
          docs: e?.docs,
          details: {
            section: e?.section,
            name: e?.name,
            docs: e?.docs,
            args: rec.args,
            extrinsicHash: rec.hash,
            blockNumber: rec.blockNumber,
            blockHash: rec.blockHash,
            extrinsicIndex: rec.index,
          },
        };
      }
      return { result: handler.result(rec, chain), extrinsic: extrinsicStatus(rec) };
    });
  }

  app.post(basePath + SUBMIT_PATH, { config: { bodyCheck: { kind: 'submit' } } }, async (request, reply) => {
    // Announced on the submit answer too, so a client's first status request already waits for the block and a
    // pending extrinsic never answers 404 (which a browser logs as an error).
    reply.header(LONG_POLL_HEADER, '1');
    const body = parseSubmitBody(request.body);
    try {
      return { hash: await chain.submitAsync(body.signerPayloadJSON as SignerPayloadJSON, body.signature) };
    } catch (e) {
      if (e instanceof TxRefusedError) throw new HttpError(e.status, e.message, { code: e.code });
      throw e;
    }
  });
}
