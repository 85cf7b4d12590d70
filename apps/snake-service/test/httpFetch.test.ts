import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpFetch } from '../src/chain/httpFetch.js';

describe('the service’s fetch over node:http', () => {
  const { fetch, close } = createHttpFetch();
  let base = '';
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      if (req.url === '/empty') return res.writeHead(204).end();
      if (req.url === '/hang') return; // never answers
      res.writeHead(req.url === '/missing' ? 404 : 200, 'Fine', {
        'content-type': 'application/json',
        'set-cookie': ['a=1', 'b=2'],
      });
      res.end(JSON.stringify({ method: req.method, type: req.headers['content-type'] ?? null, body }));
    });
  });
  beforeAll(async () => {
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    close();
    server.close();
  });

  it('sends the method, headers and body, and answers the status, headers and body as fetch does', async () => {
    const post = await fetch(`${base}/x`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"a":"ü"}',
    });
    expect([post.status, post.statusText, post.ok]).toEqual([200, 'Fine', true]);
    expect(post.headers.get('content-type')).toBe('application/json');
    expect(post.headers.get('set-cookie')).toBe('a=1, b=2');
    expect(await post.json()).toEqual({ method: 'POST', type: 'application/json', body: '{"a":"ü"}' });
    const missing = await fetch(`${base}/missing`);
    expect([missing.status, missing.ok]).toEqual([404, false]);
    expect((await missing.json()).method).toBe('GET');
    const empty = await fetch(`${base}/empty`, { method: 'POST', body: '' });
    expect([empty.status, await empty.text()]).toEqual([204, '']);
  });

  it('rejects on abort, before and during the request, and on a refused connection with its code', async () => {
    const early = new AbortController();
    early.abort(new Error('early'));
    await expect(fetch(`${base}/x`, { signal: early.signal })).rejects.toThrow('early');
    const late = new AbortController();
    const pending = fetch(`${base}/hang`, { signal: late.signal });
    setTimeout(() => late.abort(new Error('late')), 20);
    await expect(pending).rejects.toThrow('late');
    const closed = http.createServer();
    closed.listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const port = (closed.address() as AddressInfo).port;
    closed.close();
    await once(closed, 'close');
    await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });
});

describe('a kept connection the server closed', () => {
  // The server drops a request that comes on a connection it served before, without answering, as a server whose
  // keep-alive ran out does when the request crosses its close; `dropFresh` drops one on a new connection too.
  const serve = (dropFresh: boolean) => {
    const served = new WeakSet<object>();
    let connections = 0;
    let drops = 0;
    const server = http.createServer((req, res) => {
      const socket = req.socket;
      if (served.has(socket) || dropFresh) {
        drops += 1;
        served.delete(socket);
        socket.destroy();
        return;
      }
      served.add(socket);
      req.resume();
      req.on('end', () => res.end(JSON.stringify({ url: req.url })));
    });
    server.on('connection', () => {
      connections += 1;
    });
    return { server, counts: () => ({ connections, drops }) };
  };
  const listen = async (server: http.Server) => {
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };

  it('sends the request again on a new connection, and answers it', async () => {
    const { server, counts } = serve(false);
    const base = await listen(server);
    const { fetch, close } = createHttpFetch();
    try {
      expect(await (await fetch(`${base}/first`)).json()).toEqual({ url: '/first' });
      const again = await fetch(`${base}/second`, { method: 'POST', body: '{}' });
      expect(await again.json()).toEqual({ url: '/second' });
      expect(counts()).toEqual({ connections: 2, drops: 1 });
    } finally {
      close();
      server.close();
    }
  });

  it('does not send again what failed on a new connection', async () => {
    const { server, counts } = serve(true);
    const base = await listen(server);
    const { fetch, close } = createHttpFetch();
    try {
      await expect(fetch(`${base}/x`)).rejects.toMatchObject({ code: 'ECONNRESET' });
      expect(counts()).toEqual({ connections: 1, drops: 1 });
    } finally {
      close();
      server.close();
    }
  });
});
