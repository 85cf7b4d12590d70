import { Agent, request } from 'node:http';

/**
 * The load generator's HTTP client: node:http over a keep-alive agent. `fetch` (undici) costs several times more CPU a
 * request, and on a 2-core machine the load generator's CPU is taken from the devnet it measures.
 */
const MAX_SOCKETS = 64;
/**
 * An idle socket is dropped after 4 s, before the devnet's 5 s keep-alive closes it from its side: a pooled socket
 * the server has closed is what a request fails on when it is reused.
 */
const agent = new Agent({ keepAlive: true, maxSockets: MAX_SOCKETS, timeout: 4000 });

export type Answer = { status: number; text: string };

/**
 * One request. A keep-alive socket the server closed just as it was reused fails with ECONNRESET or EPIPE before the
 * server read anything (Node's documented case, `req.reusedSocket`): that request is sent again. The pool may hold
 * several such sockets (a busy load generator reads their close late), so it is sent again until it goes out on a
 * fresh socket, at most once per pooled socket.
 */
export async function httpRequest(
  url: string,
  method: 'GET' | 'POST' = 'GET',
  body?: string,
): Promise<Answer> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await send(url, method, body);
    } catch (error) {
      const { code, reusedSocket } = error as { code?: string; reusedSocket?: boolean };
      const stale = reusedSocket === true && (code === 'ECONNRESET' || code === 'EPIPE');
      if (!stale || attempt >= MAX_SOCKETS) throw error;
    }
  }
}

function send(url: string, method: 'GET' | 'POST', body: string | undefined): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method,
        agent,
        headers:
          body === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
        res.on('error', reject);
      },
    );
    req.on('error', (error) => reject(Object.assign(error, { reusedSocket: req.reusedSocket })));
    req.end(body);
  });
}

/**
 * Requests per second over `connections` sockets at once, each sending the next request as soon as its last was
 * answered, for `ms`. `send` sends one and throws when its answer is not the expected one.
 */
export async function backToBack(
  connections: number,
  ms: number,
  send: () => Promise<void>,
): Promise<number> {
  let done = 0;
  const deadline = performance.now() + ms;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < deadline) {
        await send();
        done++;
      }
    }),
  );
  return done / ((performance.now() - t0) / 1000);
}
