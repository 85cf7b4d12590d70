import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { type RawData, type WebSocket, WebSocketServer } from 'ws';
import type { RpcConnection } from '../jsonRpc/connection.js';
import { RPC_ERROR, RpcError } from '../jsonRpc/errors.js';
import type { RpcContext } from './context.js';
import { handleRpcBody, rpcFailure } from './envelope.js';
import { SubscriptionHub } from './subscriptions.js';

/** WebSocket connections at once (each also counts against the HTTP server's connection limit). */
export const MAX_WS_CONNECTIONS = 1_000;
/** Requests a connection may have unanswered, and their bytes: a client that pipelines more is told to wait. */
export const MAX_IN_FLIGHT = 1_000;
const MAX_IN_FLIGHT_BYTES = 16 * 1024 * 1024;
/** Answers and notifications a client has not read yet: past this it is too slow to follow and is dropped. */
const MAX_UNREAD_BYTES = 16 * 1024 * 1024;
/** A connection that does not answer a ping within this long is gone (a subscriber may be silent for hours). */
const HEARTBEAT_MS = 30_000;

function refuse(socket: Duplex, status: string): void {
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/**
 * JSON-RPC over a WebSocket at the devnet's origin (`ws://127.0.0.1:9944`, as geth and Hardhat serve it beside
 * HTTP): every method, plus `eth_subscribe` / `eth_unsubscribe`. Messages are answered as they complete, each through
 * the same envelope as an HTTP body.
 */
export function registerEthWebSocket(
  app: FastifyInstance,
  sources: Omit<RpcContext, 'client' | 'subscriptions' | 'connection'>,
  maxPayload: number,
): void {
  let connections = 0;
  const hub = new SubscriptionHub(sources);
  const wss = new WebSocketServer({ noServer: true, maxPayload, perMessageDeflate: false });
  const alive = new WeakMap<WebSocket, boolean>();

  app.server.on('upgrade', (req, socket: Duplex, head: Buffer) => {
    if ((req.url ?? '').split('?')[0] !== '/') return refuse(socket, '404 Not Found');
    if (wss.clients.size >= MAX_WS_CONNECTIONS) return refuse(socket, '503 Service Unavailable');
    wss.handleUpgrade(req, socket, head, (ws) => serve(ws));
  });

  function serve(ws: WebSocket): void {
    alive.set(ws, true);
    ws.on('pong', () => alive.set(ws, true));
    const send = (value: unknown) => {
      if (ws.readyState !== ws.OPEN) return;
      if (ws.bufferedAmount > MAX_UNREAD_BYTES) return ws.terminate();
      ws.send(JSON.stringify(value));
    };
    const subscriptions = hub.connect(send);
    const cleanups: (() => void)[] = [];
    let closed = false;
    const connection: RpcConnection = {
      send,
      onClose: (cleanup) => (closed ? cleanup() : cleanups.push(cleanup)),
    };
    const client = `ws:${++connections}`;
    let inFlight = 0;
    let inFlightBytes = 0;
    ws.on('message', async (data: RawData) => {
      const text = Array.isArray(data)
        ? Buffer.concat(data).toString('utf8')
        : Buffer.from(data as Uint8Array).toString('utf8');
      if (inFlight >= MAX_IN_FLIGHT || inFlightBytes + text.length > MAX_IN_FLIGHT_BYTES)
        return send(
          rpcFailure(
            null,
            new RpcError(
              RPC_ERROR.limitExceeded,
              `too many requests in flight on this connection: at most ${MAX_IN_FLIGHT} (${MAX_IN_FLIGHT_BYTES} bytes); wait for answers`,
            ),
          ),
        );
      inFlight++;
      inFlightBytes += text.length;
      const scope = subscriptions.scope();
      try {
        const answer = await handleRpcBody(
          { ...sources, client, subscriptions: scope, connection },
          text,
          (e) => app.log.error(e),
        );
        if (answer !== undefined) send(answer);
      } finally {
        scope.release();
        inFlight--;
        inFlightBytes -= text.length;
      }
    });
    // A protocol violation (a frame over maxPayload, bad framing) closes the connection; nothing else to do.
    ws.on('error', () => ws.terminate());
    ws.on('close', () => {
      closed = true;
      for (const cleanup of cleanups.splice(0)) cleanup();
      hub.disconnect(subscriptions);
      sources.filters.dropClient(client);
    });
  }

  const heartbeat = setInterval(() => {
    for (const ws of wss.clients) {
      if (!alive.get(ws)) {
        ws.terminate();
        continue;
      }
      alive.set(ws, false);
      ws.ping();
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();

  // Before the server closes: it waits for its connections, and it does not close upgraded ones itself.
  app.addHook('preClose', async () => {
    clearInterval(heartbeat);
    hub.close();
    for (const ws of wss.clients) ws.terminate();
    await new Promise<void>((resolve) => wss.close(() => resolve()));
  });
}
