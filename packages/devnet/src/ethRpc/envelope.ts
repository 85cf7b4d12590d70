import { RPC_ERROR, RpcError } from '../jsonRpc/errors.js';
import type { RpcContext } from './context.js';
import { RPC_METHODS } from './methods/index.js';

/** The most requests in one batch (geth's default). */
export const MAX_BATCH = 1000;
const MAX_METHOD_NAME = 128;

type Id = string | number | null;
export type RpcResponse =
  | { jsonrpc: '2.0'; id: Id; result: unknown }
  | { jsonrpc: '2.0'; id: Id; error: { code: number; message: string; data?: unknown } };

/** An error answer to the request with this id (`null` when it could not be read). */
export const rpcFailure = (id: Id, e: RpcError): RpcResponse => ({
  jsonrpc: '2.0',
  id,
  error: { code: e.code, message: e.message, ...(e.data === undefined ? {} : { data: e.data }) },
});

const isId = (v: unknown): v is Id =>
  v === null || typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v));

/**
 * One JSON-RPC 2.0 request object: validated, dispatched, answered. A request without `id` is a notification and
 * gets no answer. Whatever a method throws becomes an error object; an unexpected one is -32603 and is logged.
 */
async function handleOne(
  ctx: RpcContext,
  req: unknown,
  log: (e: unknown) => void,
): Promise<RpcResponse | undefined> {
  if (typeof req !== 'object' || req === null || Array.isArray(req))
    return rpcFailure(
      null,
      new RpcError(RPC_ERROR.invalidRequest, 'invalid request: expected a JSON-RPC request object'),
    );
  const r = req as Record<string, unknown>;
  const id = isId(r.id) ? r.id : null;
  if (r.id !== undefined && !isId(r.id))
    return rpcFailure(
      null,
      new RpcError(RPC_ERROR.invalidRequest, 'invalid request: id must be a string, a number or null'),
    );
  if (r.jsonrpc !== '2.0')
    return rpcFailure(id, new RpcError(RPC_ERROR.invalidRequest, 'invalid request: jsonrpc must be "2.0"'));
  if (typeof r.method !== 'string' || r.method.length === 0 || r.method.length > MAX_METHOD_NAME)
    return rpcFailure(
      id,
      new RpcError(RPC_ERROR.invalidRequest, 'invalid request: method must be a non-empty string'),
    );
  const ethMethod = RPC_METHODS.get(r.method);
  const other = ethMethod ? undefined : ctx.others?.get(r.method);
  const method = ethMethod ?? (other && ((_: RpcContext, params: unknown) => other(params, ctx.connection)));
  const notification = r.id === undefined;
  if (!method) {
    if (notification) return undefined;
    return rpcFailure(
      id,
      new RpcError(RPC_ERROR.methodNotFound, `the method ${r.method} does not exist/is not available`),
    );
  }
  try {
    const result = await method(ctx, r.params);
    return notification ? undefined : { jsonrpc: '2.0', id, result: result === undefined ? null : result };
  } catch (e) {
    if (notification) return undefined;
    if (e instanceof RpcError) return rpcFailure(id, e);
    log(e);
    return rpcFailure(
      id,
      new RpcError(RPC_ERROR.internal, `internal error: ${(e as Error).message ?? String(e)}`),
    );
  }
}

/**
 * A request body: one request or a batch, answered in order. Batches run one request after the other, so a
 * batch's transactions are taken in the order sent. `undefined`: nothing to answer (only notifications).
 */
export async function handleRpcBody(
  ctx: RpcContext,
  body: string,
  log: (e: unknown) => void,
): Promise<RpcResponse | RpcResponse[] | undefined> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch (e) {
    return rpcFailure(null, new RpcError(RPC_ERROR.parse, `parse error: ${(e as Error).message}`));
  }
  if (!Array.isArray(parsed)) return handleOne(ctx, parsed, log);
  if (parsed.length === 0)
    return rpcFailure(null, new RpcError(RPC_ERROR.invalidRequest, 'invalid request: empty batch'));
  if (parsed.length > MAX_BATCH)
    return rpcFailure(
      null,
      new RpcError(
        RPC_ERROR.invalidRequest,
        `batch too large: ${parsed.length} requests, at most ${MAX_BATCH}`,
      ),
    );
  const out: RpcResponse[] = [];
  // A batch's requests see each other's effects, in order: nothing is put off until after its answer.
  const inBatch = ctx.afterAnswer ? { ...ctx, afterAnswer: undefined } : ctx;
  for (const req of parsed) {
    const answer = await handleOne(inBatch, req, log);
    if (answer) out.push(answer);
  }
  return out.length > 0 ? out : undefined;
}
