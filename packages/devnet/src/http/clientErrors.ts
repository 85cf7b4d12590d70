import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';

/** Sockets closed per event-loop turn when many time out at once. */
export const CLOSES_PER_TURN = 16;

function answer(code: number, message: string): string {
  const body = `{"error":"${STATUS_CODES[code]}","message":"${message}","statusCode":${code}}`;
  return `HTTP/1.1 ${code} ${STATUS_CODES[code]}\r\nContent-Length: ${body.length}\r\nContent-Type: application/json\r\n\r\n${body}`;
}
const TIMEOUT_ANSWER = answer(408, 'Client Timeout');

function close(socket: Socket, response: string, err: Error): void {
  if (socket.destroyed) return;
  if (socket.writable) socket.write(response);
  socket.destroy(err);
}

/**
 * The server's `clientError` handler: Fastify's answers (408 for a timeout, 431 for oversized headers, 400 else), but
 * connections that time out are closed a few per event-loop turn. Connections opened together time out together,
 * and closing one costs the main thread real time: thousands reaped in one go held every other request back
 * (figures in docs/decisions/devnet.md). Spread over turns, other requests are served between them.
 */
export function clientErrorHandler(): (err: Error & { code?: string }, socket: Socket) => void {
  const timedOut: { socket: Socket; err: Error }[] = [];
  const drain = () => {
    const now = timedOut.splice(0, CLOSES_PER_TURN);
    for (const { socket, err } of now) close(socket, TIMEOUT_ANSWER, err);
    if (timedOut.length > 0) setImmediate(drain);
  };
  return (err, socket) => {
    // A reset socket is already gone (https://nodejs.org/api/http.html#event-clienterror).
    if (err.code === 'ECONNRESET' || socket.destroyed) return;
    if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
      if (timedOut.length === 0) setImmediate(drain);
      timedOut.push({ socket, err });
      return;
    }
    close(
      socket,
      err.code === 'HPE_HEADER_OVERFLOW'
        ? answer(431, 'Exceeded maximum allowed HTTP header size')
        : answer(400, 'Client Error'),
      err,
    );
  };
}
