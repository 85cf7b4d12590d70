import http from 'node:http';
import https from 'node:https';

/** The request options the REST clients pass to `fetch` (method, headers, a text body, an abort signal). */
type Init = NonNullable<Parameters<typeof globalThis.fetch>[1]>;

/** How many times a request is sent again after a kept connection turned out closed (each try takes another). */
const MAX_RESENDS = 3;

const isClosedConnection = (error: Error): boolean => {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ECONNRESET' || code === 'EPIPE';
};

/** Statuses whose response has no body (a `Response` refuses one for them). */
const NO_BODY = new Set([101, 103, 204, 205, 304]);

/**
 * A `fetch` over Node's own HTTP client with keep-alive connections, for the service's REST clients (the chain, the
 * indexer). Node's global `fetch` costs several times more CPU per request (a `Request`, streams, the fetch
 * algorithm), and the service makes one or more requests to the chain for every result it records. It sends what
 * the clients send (method, headers, a string body), honours an abort signal, and answers a `Response` with the
 * whole body; it follows no redirects and asks for no compression (the REST API uses neither). A request that meets
 * a kept connection the server has just closed goes out again on another. `close` ends the kept connections.
 */
export function createHttpFetch(): { fetch: typeof globalThis.fetch; close(): void } {
  const agents = {
    'http:': new http.Agent({ keepAlive: true }),
    'https:': new https.Agent({ keepAlive: true }),
  };
  const close = () => {
    agents['http:'].destroy();
    agents['https:'].destroy();
  };
  const fetch: typeof globalThis.fetch = (input, init: Init = {}) => send(input, init, 0);
  const send = (input: Parameters<typeof globalThis.fetch>[0], init: Init, resent: number) =>
    new Promise<Response>((resolve, reject) => {
      // The clients pass a URL and the options; a `Request`'s own method and body would be lost here.
      if (typeof input !== 'string' && !(input instanceof URL))
        return reject(new TypeError('pass the URL and the options, not a Request'));
      const url = new URL(input);
      const client = url.protocol === 'https:' ? https : url.protocol === 'http:' ? http : null;
      if (!client) return reject(new TypeError(`${url.protocol} is not an HTTP URL`));
      const { signal } = init;
      if (signal?.aborted) return reject(signal.reason);
      const body = init.body ?? undefined;
      if (body !== undefined && typeof body !== 'string')
        return reject(new TypeError('only a string body is sent (the REST clients send JSON text)'));
      const request = client.request(url, {
        method: init.method ?? 'GET',
        headers: Object.fromEntries(new Headers(init.headers).entries()),
        agent: agents[url.protocol as 'http:' | 'https:'],
      });
      const onAbort = () => request.destroy(signal?.reason);
      signal?.addEventListener('abort', onAbort, { once: true });
      const done = () => signal?.removeEventListener('abort', onAbort);
      let answered = false;
      request.on('error', (error) => {
        done();
        if (signal?.aborted) return reject(signal.reason);
        // A kept connection the server closed as the request went out (its keep-alive ran out at that moment): the
        // request never reached it. Sent again, as Node's docs advise; a new connection's failure is the answer.
        if (!answered && request.reusedSocket && isClosedConnection(error) && resent < MAX_RESENDS)
          return resolve(send(input, init, resent + 1));
        reject(error);
      });
      request.on('response', (response) => {
        answered = true;
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', (error) => {
          done();
          reject(error);
        });
        response.on('end', () => {
          done();
          const status = response.statusCode ?? 0;
          const headers = new Headers();
          for (const [name, value] of Object.entries(response.headers))
            for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value])
              headers.append(name, v);
          try {
            const text = NO_BODY.has(status) ? null : Buffer.concat(chunks).toString('utf8');
            resolve(new Response(text, { status, statusText: response.statusMessage ?? '', headers }));
          } catch (error) {
            reject(error);
          }
        });
      });
      request.end(body);
    });
  return { fetch, close };
}
