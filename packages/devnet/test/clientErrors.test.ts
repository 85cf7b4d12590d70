import type { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { CLOSES_PER_TURN, clientErrorHandler } from '../src/http/clientErrors.js';

// Thousands of connections opened together time out together. Closing them all in one go held every other
// request for ~0.5 s; the handler closes a few per event-loop turn, and each still gets Fastify's answer.
type FakeSocket = {
  destroyed: boolean;
  writable: boolean;
  written: string[];
  write(s: string): void;
  destroy(): void;
};
const fakeSocket = (): FakeSocket => ({
  destroyed: false,
  writable: true,
  written: [],
  write(s) {
    this.written.push(s);
  },
  destroy() {
    this.destroyed = true;
  },
});
const error = (code: string) => Object.assign(new Error(code), { code });
const nextTurn = () => new Promise((r) => setImmediate(r));

describe('clientErrorHandler', () => {
  it(`closes timed-out connections ${CLOSES_PER_TURN} per event-loop turn, each with a 408`, async () => {
    const handle = clientErrorHandler();
    const sockets = Array.from({ length: 3 * CLOSES_PER_TURN + 1 }, fakeSocket);
    for (const s of sockets) handle(error('ERR_HTTP_REQUEST_TIMEOUT'), s as unknown as Socket);
    expect(sockets.filter((s) => s.destroyed)).toHaveLength(0);
    await nextTurn();
    expect(sockets.filter((s) => s.destroyed)).toHaveLength(CLOSES_PER_TURN);
    while (!sockets.every((s) => s.destroyed)) await nextTurn();
    for (const s of sockets)
      expect(s.written).toEqual([expect.stringMatching(/^HTTP\/1\.1 408 Request Timeout\r\n/)]);
  });

  it('answers other client errors at once (431, 400) and leaves reset or closed sockets alone', () => {
    const handle = clientErrorHandler();
    const [overflow, bad, reset, gone] = [fakeSocket(), fakeSocket(), fakeSocket(), fakeSocket()];
    gone.destroyed = true;
    handle(error('HPE_HEADER_OVERFLOW'), overflow as unknown as Socket);
    handle(error('HPE_INVALID_METHOD'), bad as unknown as Socket);
    handle(error('ECONNRESET'), reset as unknown as Socket);
    handle(error('ERR_HTTP_REQUEST_TIMEOUT'), gone as unknown as Socket);
    expect(overflow.written[0]).toMatch(/^HTTP\/1\.1 431 /);
    expect(bad.written[0]).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n[\s\S]*"message":"Client Error"/);
    expect([overflow.destroyed, bad.destroyed, reset.destroyed, reset.written, gone.written]).toEqual([
      true,
      true,
      false,
      [],
      [],
    ]);
  });
});
