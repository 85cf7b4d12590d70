import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Chain } from '../chain/chain.js';
import type { RpcTable } from '../jsonRpc/connection.js';
import { UnlockedAccounts } from './accounts.js';
import type { RpcContext } from './context.js';
import { handleRpcBody, type RpcResponse } from './envelope.js';
import { Filters } from './filters.js';
import { EthHistory } from './history.js';
import { registerEthWebSocket } from './webSocket.js';

/** The largest JSON-RPC body taken (geth's 5 MiB): a larger one is a 413 before it is read. */
export const MAX_RPC_BODY = 5 * 1024 * 1024;

/** Answers one HTTP request with the Node objects themselves, outside Fastify's request and reply. */
/**
 * The server's CORS headers for an answer to a request from `origin` (a flat name/value list, as `writeHead` takes
 * it): the server that mounts the endpoint gives its policy, so JSON-RPC answers carry the same headers as REST.
 */
export type CorsHeaders = (origin: string | undefined) => string[];

export type RpcHttpHandler = (req: IncomingMessage, res: ServerResponse) => void;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Set by a server that answers JSON-RPC from its request listener, ahead of Fastify's router (`buildApp`):
     * {@link registerEthRpc} puts the endpoint's handler here.
     */
    ethRpcAheadOfRouter?: { serve?: RpcHttpHandler };
  }
}

const JSON_TYPE = 'application/json; charset=utf-8';
/** Fastify's answer to a body over its limit, kept so that clients see the same 413 as before. */
const TOO_LARGE = '{"error":"Request body is too large"}';

/**
 * Ethereum JSON-RPC 2.0 at `POST /` of the devnet's origin, the URL wallets are given (the REST API lives under
 * its base path on the same server). The body is read here, whatever its content type, so a malformed one is a
 * JSON-RPC parse error (-32700) rather than an HTTP error; every answer is HTTP 200 (204 when a body holds only
 * notifications; 413 for a body over {@link MAX_RPC_BODY}). The same methods, with `eth_subscribe`, answer over a
 * WebSocket at the same address (`webSocket.ts`). `others` are the methods of the faces sharing the endpoint (routed
 * by name: a name Ethereum does not have is looked up there); `corsHeaders` the server's CORS policy.
 *
 * One handler answers with Node's request and response: the Fastify route hands it its raw objects (so `inject`
 * and a host's server reach it), and a server built by `buildApp` calls it from its request listener before Fastify
 * sees the request, which spares each call Fastify's routing, hooks, parser and reply (why: devnet-ethrpc.md).
 */
export async function registerEthRpc(
  app: FastifyInstance,
  chain: Chain,
  options: { others?: RpcTable; corsHeaders: CorsHeaders },
): Promise<void> {
  const shared = {
    chain,
    others: options.others,
    history: new EthHistory(chain.storage.db),
    accounts: new UnlockedAccounts(),
    filters: new Filters(chain),
  };
  app.addHook('onClose', async () => shared.filters.close());
  registerEthWebSocket(app, shared, MAX_RPC_BODY);
  const serve = rpcHttpHandler(shared, options.corsHeaders, (e) => app.log.error(e));
  await app.register(async (rpc) => {
    rpc.removeAllContentTypeParsers();
    // The handler reads the body itself, whatever its content type.
    rpc.addContentTypeParser('*', (_req, _payload, done) => done(null, undefined));
    rpc.post('/', (request, reply) => {
      reply.hijack();
      serve(request.raw, reply.raw);
    });
  });
  if (app.ethRpcAheadOfRouter) app.ethRpcAheadOfRouter.serve = serve;
}

/** The endpoint's HTTP handler: the body read up to the limit, answered through the envelope, CORS as for REST. */
function rpcHttpHandler(
  shared: Omit<RpcContext, 'client' | 'subscriptions' | 'connection'>,
  corsHeaders: CorsHeaders,
  log: (e: unknown) => void,
): RpcHttpHandler {
  const answer = (
    res: ServerResponse,
    origin: string | undefined,
    out: RpcResponse | RpcResponse[] | undefined,
  ) => {
    const headers = corsHeaders(origin);
    if (out === undefined) {
      res.writeHead(204, headers);
      res.end();
      return;
    }
    const text = JSON.stringify(out);
    headers.push('content-type', JSON_TYPE, 'content-length', String(Buffer.byteLength(text)));
    res.writeHead(200, headers);
    res.end(text);
  };
  const failed = (res: ServerResponse, origin: string | undefined, e: unknown) => {
    log(e);
    const text = JSON.stringify({ error: 'Internal devnet error', details: (e as Error).message });
    const headers = corsHeaders(origin);
    headers.push('content-type', JSON_TYPE, 'content-length', String(Buffer.byteLength(text)));
    res.writeHead(500, headers);
    res.end(text);
  };
  const respond = (req: IncomingMessage, res: ServerResponse, body: string) => {
    const origin = req.headers.origin;
    // What a method put off until its answer is written (an instant block) runs at once after it, whatever came of
    // the write: nothing else is read in between, so a client that has the answer finds the block there.
    const later: (() => void)[] = [];
    const ctx: RpcContext = {
      chain: shared.chain,
      history: shared.history,
      accounts: shared.accounts,
      filters: shared.filters,
      others: shared.others,
      client: `http:${req.socket.remoteAddress}`,
      afterAnswer: (fn) => later.push(fn),
    };
    const thenLater = (write: () => void) => {
      try {
        write();
      } finally {
        for (const fn of later) {
          try {
            fn();
          } catch (e) {
            log(e);
          }
        }
      }
    };
    handleRpcBody(ctx, body, log).then(
      (out) => thenLater(() => answer(res, origin, out)),
      (e: unknown) => thenLater(() => failed(res, origin, e)),
    );
  };
  return (req, res) => {
    if (Number(req.headers['content-length']) > MAX_RPC_BODY) return tooLarge(req, res, corsHeaders);
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_RPC_BODY) return void chunks.push(chunk);
      req.removeListener('data', onData);
      req.removeListener('end', onEnd);
      tooLarge(req, res, corsHeaders);
    };
    const onEnd = () => {
      const body = chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks).toString('utf8');
      respond(req, res, body);
    };
    req.on('data', onData);
    req.on('end', onEnd);
    // A client that went away mid-body: nobody is left to answer.
    req.on('error', () => res.destroy());
  };
}

/** 413 without reading (the rest of) the body; the connection closes after it, as the client may still be sending. */
function tooLarge(req: IncomingMessage, res: ServerResponse, corsHeaders: CorsHeaders): void {
  const headers = corsHeaders(req.headers.origin);
  headers.push('connection', 'close', 'content-type', JSON_TYPE, 'content-length', String(TOO_LARGE.length));
  res.writeHead(413, headers);
  res.end(TOO_LARGE);
}
