import { connect } from 'node:net';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { Chain } from '../src/chain/chain.js';
import { openDb } from '../src/database.js';
import { MAX_RPC_BODY, registerEthRpc } from '../src/ethRpc/route.js';
import { corsHeaders } from '../src/http/cors.js';
import { type Devnet, startDevnet } from '../src/server.js';
import { rpcOrigin } from './helpers/ethRpc.js';

// JSON-RPC's transport over HTTP: `POST /` is answered ahead of Fastify's router on a real server (app.ts) and by
// the Fastify route under `inject`; both must answer as the REST routes do for browsers, and keep the body limit.

let devnet: Devnet;
let origin: string;
let port: number;
beforeAll(async () => {
  devnet = await startDevnet({ port: 0, dbPath: ':memory:', instant: true });
  origin = rpcOrigin(devnet.url);
  port = Number(new URL(origin).port);
});
afterAll(() => devnet.stop());

type RawAnswer = { status: number; headers: Record<string, string>; body: string };

/**
 * Writes `request` on a fresh socket (then `more`, if given) and reads the first answer: its head, and as many body
 * bytes as it declares (none for a 204).
 */
function exchange(request: string, more?: string, to = port): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(to, '127.0.0.1');
    let text = '';
    const parse = (): RawAnswer | undefined => {
      const end = text.indexOf('\r\n\r\n');
      if (end < 0) return undefined;
      const [status = '', ...lines] = text.slice(0, end).split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const i = line.indexOf(':');
        headers[line.slice(0, i).toLowerCase()] = line.slice(i + 1).trim();
      }
      const body = text.slice(end + 4);
      const length = Number(headers['content-length'] ?? 0);
      return body.length >= length ? { status: Number(status.split(' ')[1]), headers, body } : undefined;
    };
    socket.on('data', (d) => {
      text += d.toString('latin1');
      const answer = parse();
      if (!answer) return;
      socket.destroy();
      resolve(answer);
    });
    socket.on('error', () => {});
    socket.on('close', () => reject(new Error(`closed after ${JSON.stringify(text.slice(0, 200))}`)));
    socket.write(request);
    // The server may close the socket while this is still being written.
    if (more) socket.write(more, () => {});
  });
}

const post = (body: string, headers = '') =>
  `POST / HTTP/1.1\r\nHost: x\r\n${headers}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
const CHAIN_ID = '{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}';
const CORS = ['vary', 'access-control-allow-origin', 'access-control-expose-headers'];
const corsOf = (headers: Record<string, string | string[] | number | undefined>) =>
  Object.fromEntries(CORS.filter((k) => headers[k] !== undefined).map((k) => [k, headers[k]]));

describe('JSON-RPC over HTTP: transport', () => {
  it('sends the CORS headers the REST routes send, with and without an Origin', async () => {
    for (const from of ['Origin: http://localhost:5173\r\n', '']) {
      const rest = await exchange(`GET /v2/devnet/health HTTP/1.1\r\nHost: x\r\n${from}\r\n`);
      const rpc = await exchange(post(CHAIN_ID, `${from}Content-Type: application/json\r\n`));
      expect(rpc.status).toBe(200);
      expect(JSON.parse(rpc.body)).toEqual({ jsonrpc: '2.0', id: 1, result: '0x22b4' });
      expect(corsOf(rpc.headers)).toEqual(corsOf(rest.headers));
      expect(rpc.headers['access-control-allow-origin']).toBe(from ? 'http://localhost:5173' : undefined);
      expect(rpc.headers['content-type']).toBe('application/json; charset=utf-8');
    }
    expect(corsOf((await exchange(post(CHAIN_ID, 'Origin: https://dapp.example\r\n'))).headers)).toEqual({
      vary: 'Origin',
      'access-control-allow-origin': 'https://dapp.example',
      'access-control-expose-headers': 'x-nftkit-long-poll',
    });
  });

  it('a notification-only body is a 204 with the CORS headers', async () => {
    const a = await exchange(
      post('{"jsonrpc":"2.0","method":"eth_chainId"}', 'Origin: https://dapp.example\r\n'),
    );
    expect(a.status).toBe(204);
    expect(a.headers['access-control-allow-origin']).toBe('https://dapp.example');
    expect(a.body).toBe('');
  });

  it('reads the body whatever its content type; malformed JSON is -32700 over a socket', async () => {
    for (const type of [
      'Content-Type: text/plain\r\n',
      '',
      'Content-Type: application/x-www-form-urlencoded\r\n',
    ]) {
      expect(JSON.parse((await exchange(post(CHAIN_ID, type))).body)).toMatchObject({ result: '0x22b4' });
      const bad = await exchange(post('{"jsonrpc":', `${type}Origin: https://dapp.example\r\n`));
      expect(bad.status).toBe(200);
      expect(bad.headers['access-control-allow-origin']).toBe('https://dapp.example');
      expect(JSON.parse(bad.body)).toMatchObject({ id: null, error: { code: -32700 } });
    }
    // A query string reaches the same route.
    const q = await exchange(post(CHAIN_ID).replace('POST / ', 'POST /?x=1 '));
    expect(JSON.parse(q.body)).toMatchObject({ result: '0x22b4' });
  });

  it('takes a body of exactly the limit, in many chunks; refuses a declared larger one with 413 before it is sent', async () => {
    const padded = CHAIN_ID.replace('{', `{${' '.repeat(MAX_RPC_BODY - CHAIN_ID.length)}`);
    expect(padded.length).toBe(MAX_RPC_BODY);
    const ok = await exchange(post(padded));
    expect(ok.status).toBe(200);
    expect(JSON.parse(ok.body)).toMatchObject({ result: '0x22b4' });

    // Only the headers are sent: the answer comes without waiting for the body.
    const big = await exchange(
      `POST / HTTP/1.1\r\nHost: x\r\nOrigin: https://dapp.example\r\nContent-Length: ${MAX_RPC_BODY + 1}\r\n\r\n`,
    );
    expect(big.status).toBe(413);
    expect(big.headers.connection).toBe('close');
    expect(big.headers['access-control-allow-origin']).toBe('https://dapp.example');
    expect(JSON.parse(big.body)).toEqual({ error: 'Request body is too large' });
  });

  it('refuses a chunked body with 413 once it passes the limit', async () => {
    const chunk = 'a'.repeat(1024 * 1024);
    const a = await exchange(
      'POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n',
      `${`${chunk.length.toString(16)}\r\n${chunk}\r\n`.repeat(6)}0\r\n\r\n`,
    );
    expect(a.status).toBe(413);
    expect(JSON.parse(a.body)).toEqual({ error: 'Request body is too large' });
  });

  it('keeps the REST API and the preflight where they were', async () => {
    const preflight = await exchange(
      'OPTIONS / HTTP/1.1\r\nHost: x\r\nOrigin: http://localhost:5173\r\nAccess-Control-Request-Method: POST\r\nAccess-Control-Request-Headers: content-type\r\n\r\n',
    );
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-headers']).toBe('content-type');
    expect(preflight.headers['access-control-allow-methods']).toBe('GET,HEAD,POST');
    expect((await exchange('GET / HTTP/1.1\r\nHost: x\r\n\r\n')).status).toBe(404);
    expect((await exchange(post(CHAIN_ID).replace('POST / ', 'POST /x '))).status).toBe(404);
  });
});

describe('JSON-RPC over HTTP: ahead of the router', () => {
  /** Counts the requests the server's listener hands to the endpoint itself, ahead of Fastify. */
  function countAhead(app: Devnet['app']) {
    const slot = app.ethRpcAheadOfRouter;
    const serve = slot?.serve;
    if (!slot || !serve) throw new Error('no JSON-RPC handler ahead of the router');
    const seen = { n: 0 };
    slot.serve = (req, res) => {
      seen.n++;
      serve(req, res);
    };
    return { seen, restore: () => (slot.serve = serve) };
  }

  it('takes POST / (with or without a query) and nothing else', async () => {
    const { seen, restore } = countAhead(devnet.app);
    try {
      await exchange(post(CHAIN_ID));
      await exchange(post(CHAIN_ID).replace('POST / ', 'POST /?a=b '));
      expect(seen.n).toBe(2);
      await exchange('GET /v2/devnet/health HTTP/1.1\r\nHost: x\r\n\r\n');
      await exchange(post(CHAIN_ID).replace('POST / ', 'POST /health '));
      await exchange(
        'OPTIONS / HTTP/1.1\r\nHost: x\r\nOrigin: http://a.b\r\nAccess-Control-Request-Method: POST\r\n\r\n',
      );
      expect((await devnet.app.inject({ method: 'POST', url: '/', payload: CHAIN_ID })).json()).toMatchObject(
        {
          result: '0x22b4',
        },
      );
      expect(seen.n).toBe(2);
    } finally {
      restore();
    }
  });

  it('leaves POST / to Fastify once the app is closing: its 503 sends keep-alive clients away', async () => {
    const closing = await startDevnet({ port: 0, dbPath: ':memory:', instant: true });
    const at = Number(new URL(closing.url).port);
    // The app stops the chain in a pre-close hook; holding that stop holds the app between "closing" and closed.
    const chain = closing.chain as { stop: () => unknown };
    const stop = chain.stop.bind(chain);
    let release = () => {};
    let stopCalled = () => {};
    const called = new Promise<void>((resolve) => {
      stopCalled = resolve;
    });
    chain.stop = () => {
      stopCalled();
      return new Promise<void>((resolve) => {
        release = resolve;
      }).then(stop);
    };
    const closed = closing.stop();
    await called;
    try {
      const a = await exchange(post(CHAIN_ID), undefined, at);
      expect(a.status).toBe(503);
      expect(a.headers.connection).toBe('close');
    } finally {
      release();
      await closed;
    }
  });

  it('leaves every request to Fastify when it logs every request', async () => {
    const logged = await startDevnet({ port: 0, dbPath: ':memory:', instant: true, logLevel: 'info' });
    const { seen, restore } = countAhead(logged.app);
    try {
      const a = await fetch(rpcOrigin(logged.url), { method: 'POST', body: CHAIN_ID });
      expect(await a.json()).toMatchObject({ result: '0x22b4' });
      expect(seen.n).toBe(0);
    } finally {
      restore();
      await logged.stop();
    }
  });
});

describe('JSON-RPC over HTTP: the Fastify route (inject, a host server)', () => {
  it('answers as the server does, CORS and limit included', async () => {
    const chain = new Chain({ db: openDb({ path: ':memory:' }), instant: true });
    const app = await buildApp({ chain });
    try {
      const a = await app.inject({
        method: 'POST',
        url: '/',
        headers: { origin: 'https://dapp.example', 'content-type': 'text/plain' },
        payload: CHAIN_ID,
      });
      expect(a.statusCode).toBe(200);
      expect(a.json()).toEqual({ jsonrpc: '2.0', id: 1, result: '0x22b4' });
      expect(corsOf(a.headers)).toEqual({
        vary: 'Origin',
        'access-control-allow-origin': 'https://dapp.example',
        'access-control-expose-headers': 'x-nftkit-long-poll',
      });
      const bad = await app.inject({ method: 'POST', url: '/', payload: '{"jsonrpc":' });
      expect(bad.json()).toMatchObject({ id: null, error: { code: -32700 } });
      const big = await app.inject({ method: 'POST', url: '/', payload: 'x'.repeat(MAX_RPC_BODY + 1) });
      expect(big.statusCode).toBe(413);
      const none = await app.inject({
        method: 'POST',
        url: '/',
        payload: '{"jsonrpc":"2.0","method":"eth_chainId"}',
      });
      expect(none.statusCode).toBe(204);
    } finally {
      await app.close();
    }
  });
});

it('an unexpected failure of a method is -32603 and is logged', async () => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const chain = new Chain({ db: openDb({ path: ':memory:' }), instant: true });
  const app = Fastify({ logger: { level: 'error', stream } });
  const boom = () => {
    throw new Error('the face broke');
  };
  await registerEthRpc(app, chain, { others: new Map([['test_boom', boom]]), corsHeaders });
  try {
    const a = await app.inject({
      method: 'POST',
      url: '/',
      payload: '{"jsonrpc":"2.0","id":7,"method":"test_boom"}',
    });
    expect(a.json()).toEqual({
      jsonrpc: '2.0',
      id: 7,
      error: { code: -32603, message: 'internal error: the face broke' },
    });
    expect(lines.filter((l) => l.includes('the face broke') && l.includes('"level":50'))).toHaveLength(1);
  } finally {
    await app.close();
    chain.stop();
    chain.storage.db.close();
  }
});
