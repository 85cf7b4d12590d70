import type { FastifyInstance } from 'fastify';
import type { Chain } from '../chain/chain.js';
import type { RpcTable } from '../jsonRpc/connection.js';
import { UnlockedAccounts } from './accounts.js';
import { handleRpcBody } from './envelope.js';
import { Filters } from './filters.js';
import { EthHistory } from './history.js';
import { registerEthWebSocket } from './webSocket.js';

/** The largest JSON-RPC body taken (geth's 5 MiB): a larger one is a 413 before it is read. */
export const MAX_RPC_BODY = 5 * 1024 * 1024;

/**
 * Ethereum JSON-RPC 2.0 at `POST /` of the devnet's origin, the URL wallets are given (the REST API lives under
 * its base path on the same server). The body is parsed here, whatever its content type, so a malformed one is a
 * JSON-RPC parse error (-32700) rather than an HTTP error; every answer is HTTP 200. The same methods, with
 * `eth_subscribe`, answer over a WebSocket at the same address (`webSocket.ts`). `others` are the methods of the
 * faces sharing the endpoint (routed by name: a name Ethereum does not have is looked up there).
 */
export async function registerEthRpc(
  app: FastifyInstance,
  chain: Chain,
  options: { others?: RpcTable } = {},
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
  await app.register(async (rpc) => {
    rpc.removeAllContentTypeParsers();
    rpc.addContentTypeParser('*', { parseAs: 'string', bodyLimit: MAX_RPC_BODY }, (_req, body, done) =>
      done(null, body),
    );
    rpc.post('/', async (request, reply) => {
      const body = typeof request.body === 'string' ? request.body : '';
      const ctx = { ...shared, client: `http:${request.ip}` };
      const answer = await handleRpcBody(ctx, body, (e) => request.log.error(e));
      if (answer === undefined) return reply.status(204).send();
      return reply.header('content-type', 'application/json; charset=utf-8').send(JSON.stringify(answer));
    });
  });
}
