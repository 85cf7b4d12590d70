import { Agent, request } from 'node:http';

/**
 * The load generator's HTTP client: node:http over a keep-alive agent. `fetch` (undici) costs several times more CPU a
 * request, and on a 2-core machine the load generator's CPU is taken from the devnet it measures.
 */
const agent = new Agent({ keepAlive: true, maxSockets: 64 });

export type Answer = { status: number; text: string };

/**
 * One request. A keep-alive socket the server closed just as it was reused fails with ECONNRESET or EPIPE before the
 * server read anything (Node's documented case, `req.reusedSocket`): that request is sent once more on a new socket.
 */
export function httpRequest(url: string, method: 'GET' | 'POST' = 'GET', body?: string): Promise<Answer> {
  return send(url, method, body).catch((error: unknown) => {
    const { code, reusedSocket } = error as { code?: string; reusedSocket?: boolean };
    if (reusedSocket && (code === 'ECONNRESET' || code === 'EPIPE')) return send(url, method, body);
    throw error;
  });
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
