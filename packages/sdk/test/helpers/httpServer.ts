import { createServer, type IncomingMessage, type Server, STATUS_CODES } from 'node:http';
import type { AddressInfo } from 'node:net';

export type RecordedRequest = {
  method: string;
  /** Path and query as sent, relative to the server root. */
  url: string;
  path: string;
  /** The raw query string without `?`. */
  search: string;
  headers: IncomingMessage['headers'];
  /** The raw body text. */
  text: string;
  /** The body parsed as JSON, or undefined. */
  body: unknown;
};

export type Reply = {
  status?: number;
  statusText?: string;
  /** JSON-encoded unless `raw` is given. */
  body?: unknown;
  /** Sent as is. */
  raw?: string;
  headers?: Record<string, string>;
  /** Answer only after this many ms (long polling, slow servers). */
  delayMs?: number;
};

export type Handler = (request: RecordedRequest) => Reply | Promise<Reply>;

export type TestServer = {
  url: string;
  requests: RecordedRequest[];
  handle(handler: Handler): void;
  close(): Promise<void>;
};

/** An HTTP server on 127.0.0.1 (a free port) that records every request and answers with the current handler. */
export async function startServer(
  handler: Handler = () => ({ status: 404, body: { error: 'no handler' } }),
): Promise<TestServer> {
  let current = handler;
  const requests: RecordedRequest[] = [];
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const url = req.url ?? '/';
    const [path = '/', search = ''] = url.split('?');
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    const recorded: RecordedRequest = {
      method: req.method ?? 'GET',
      url,
      path,
      search,
      headers: req.headers,
      text,
      body,
    };
    requests.push(recorded);
    let reply: Reply;
    try {
      reply = await current(recorded);
    } catch (error) {
      reply = { status: 500, body: { error: String(error) } };
    }
    if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
    if (res.destroyed) return;
    const payload = reply.raw ?? (reply.body === undefined ? '' : JSON.stringify(reply.body));
    const status = reply.status ?? 200;
    res.writeHead(status, reply.statusText ?? STATUS_CODES[status] ?? '', {
      'content-type': 'application/json',
      ...reply.headers,
    });
    res.end(payload);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    handle(next) {
      current = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
