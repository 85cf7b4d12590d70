import { readFileSync } from 'node:fs';
import { MAX_STATUS_WAIT_MS } from '@nftkit/api';

/**
 * What one client may hold of the HTTP server. Without these, idle connections were never closed and enough of
 * them took every file descriptor of the process.
 */
export type ServerLimits = {
  /** Connections at once; more are closed as they arrive, before they cost more than their accept. */
  maxConnections: number;
  /** Time to send a request's headers (the bound on a slowloris client: Node answers 408 and closes). */
  headersTimeoutMs: number;
  /** Time to send a whole request, body included (the largest body at about 2 Mbit/s). */
  requestTimeoutMs: number;
  /** An idle keep-alive connection closes after this long. */
  keepAliveTimeoutMs: number;
  /** A connection with no traffic either way for this long closes: above the longest status long poll. */
  idleTimeoutMs: number;
  /** How often Node checks the headers and request timeouts (its default, 30 s, lets an idle socket live 40 s). */
  checkIntervalMs: number;
};

/**
 * Room for the database, the worker threads and the EVM's files; the rest of the process's descriptors may go to
 * connections, up to a number no devnet user reaches.
 */
const RESERVED_DESCRIPTORS = 512;
const MAX_CONNECTIONS_CAP = 8_192;

/** The soft limit on open files, from /proc on Linux; undefined elsewhere. */
function openFilesLimit(): number | undefined {
  try {
    const m = /^Max open files\s+(\d+)/m.exec(readFileSync('/proc/self/limits', 'utf8'));
    return m ? Number(m[1]) : undefined;
  } catch {
    return undefined;
  }
}

export function defaultServerLimits(): ServerLimits {
  const files = openFilesLimit();
  return {
    maxConnections:
      files === undefined
        ? MAX_CONNECTIONS_CAP
        : Math.max(64, Math.min(MAX_CONNECTIONS_CAP, files - RESERVED_DESCRIPTORS)),
    headersTimeoutMs: 10_000,
    requestTimeoutMs: 30_000,
    keepAliveTimeoutMs: 5_000,
    idleTimeoutMs: MAX_STATUS_WAIT_MS + 10_000,
    checkIntervalMs: 1_000,
  };
}
