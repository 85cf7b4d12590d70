import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { BODY_LIMIT } from '../src/app.js';
import type { ServerLimits } from '../src/http/serverLimits.js';
import { type Devnet, startDevnet } from '../src/server.js';

// Idle and half-sent connections were never closed, and nothing bounded how many were open.
// Each test waits for the server to close the socket: before the limits it never did, and the test timed out.
let devnet: Devnet | undefined;
afterEach(async () => {
  await devnet?.stop();
  devnet = undefined;
});

const start = async (limits: Partial<ServerLimits>) => {
  devnet = await startDevnet({ port: 0, dbPath: ':memory:', instant: true, logLevel: 'silent', limits });
  const { port } = devnet.app.server.address() as { port: number };
  return port;
};

/** A raw TCP connection to the devnet; `closed` resolves with what the server sent before closing it. */
function open(port: number): Promise<{ socket: Socket; closed: Promise<string> }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (d: Buffer) => {
      received += d.toString();
    });
    const closed = new Promise<string>((r) => socket.on('close', () => r(received)));
    socket.once('connect', () => resolve({ socket, closed }));
    socket.once('error', reject);
  });
}

const fast: Partial<ServerLimits> = {
  headersTimeoutMs: 300,
  requestTimeoutMs: 600,
  keepAliveTimeoutMs: 300,
  checkIntervalMs: 100,
};

describe('connection limits', () => {
  it('closes a connection that sends nothing', async () => {
    const port = await start(fast);
    const { closed } = await open(port);
    await closed;
  });

  it('answers 408 and closes a connection that never finishes its headers', async () => {
    const port = await start(fast);
    const { socket, closed } = await open(port);
    socket.write('GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    expect(await closed).toMatch(/^HTTP\/1\.1 408/);
  });

  it('closes a connection that never finishes its body', async () => {
    const port = await start(fast);
    const { socket, closed } = await open(port);
    socket.write(
      'POST /v2/devnet/extrinsics/submit HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"signerPayloadJSON":',
    );
    expect(await closed).toMatch(/^HTTP\/1\.1 408/);
  });

  it('closes an idle keep-alive connection after its answer', async () => {
    const port = await start(fast);
    const { socket, closed } = await open(port);
    socket.write('GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n');
    expect(await closed).toMatch(/^HTTP\/1\.1 200/);
  });

  it('closes connections past maxConnections as they arrive, and serves again once they go', async () => {
    const port = await start({ maxConnections: 5 });
    const held = await Promise.all(Array.from({ length: 5 }, () => open(port)));
    const extra = await open(port);
    await extra.closed;
    expect(held.every((c) => !c.socket.destroyed)).toBe(true);
    for (const c of held) c.socket.destroy();
    await Promise.all(held.map((c) => c.closed));
    // The server counts a closed connection out when it sees the close: the next answers once it has.
    for (;;) {
      const res = await fetch(`http://127.0.0.1:${port}/health`).catch(() => undefined);
      if (res?.status === 200) break;
    }
  });

  it(`refuses a body above ${BODY_LIMIT} bytes with 413`, async () => {
    const port = await start({});
    const res = await fetch(`http://127.0.0.1:${port}/v2/devnet/extrinsics/submit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ signature: '0x01', pad: 'x'.repeat(BODY_LIMIT) }),
    });
    expect(res.status).toBe(413);
  });
});
