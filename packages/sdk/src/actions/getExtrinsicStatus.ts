import {
  type ExtrinsicStatus,
  extrinsicPath,
  LONG_POLL_HEADER,
  MAX_STATUS_WAIT_MS,
  STATUS_WAIT_QUERY,
} from '@nftkit/api';
import type { Client, StatusOptions } from '../clients/createClient.js';
import type { ApiError } from '../errors/api.js';
import { ExtrinsicNotFoundError } from '../errors/status.js';
import type { AbortError, HttpRequestError } from '../errors/transport.js';
import { apiErrorOf } from '../transport/http.js';
import { sleep } from '../utils/abort.js';

export const DEFAULT_STATUS_RETRIES = 15;
export const DEFAULT_STATUS_TIMEOUT_MS = 3000;
/** Timer slack when deciding whether a long-poll answer came back without the server waiting. */
const EARLY_ANSWER_SLACK_MS = 20;

export type GetExtrinsicStatusParameters = {
  /** The route R the extrinsic was built under (it decides how `result` is formatted). */
  route: string;
  hash: string;
  options?: StatusOptions | undefined;
};
export type GetExtrinsicStatusReturnType<R = unknown> = { result: R; extrinsicOutput: ExtrinsicStatus };
export type GetExtrinsicStatusErrorType = ExtrinsicNotFoundError | ApiError | HttpRequestError | AbortError;

/**
 * Polls `GET R/status/:hash` until the extrinsic is in a block (rest-api §2.4). A 404 means "not yet": wait
 * `timeout` ms and retry, at most `retries` times, then {@link ExtrinsicNotFoundError}. A 2xx other than 200 is
 * retried the same way (the real client busy-loops). Any other status is an ApiError at once (a failed
 * extrinsic is a 400).
 *
 * Long polling: once a status answer carried `x-nftkit-long-poll`, requests add `waitMs` (the rest of the
 * `retries × timeout` budget, at most 30000) and the server holds them until the block is in, so no sleeping.
 *
 * @example
 * const { result, extrinsicOutput } = await getExtrinsicStatus(client, { route: '/token/properties/set', hash });
 */
export async function getExtrinsicStatus<R = unknown>(
  client: Client,
  parameters: GetExtrinsicStatusParameters,
): Promise<GetExtrinsicStatusReturnType<R>> {
  const options = parameters.options;
  const defaults = client.statusOptions;
  const retries = options?.retries || defaults.retries || DEFAULT_STATUS_RETRIES;
  const timeout = options?.timeout || defaults.timeout || DEFAULT_STATUS_TIMEOUT_MS;
  const isFinalized = options?.isFinalized || defaults.isFinalized;
  const signal = options?.signal ?? defaults.signal;
  const path = extrinsicPath({ path: parameters.route }, 'status', parameters.hash);
  const deadline = Date.now() + retries * timeout;
  const notFound = () => new ExtrinsicNotFoundError({ hash: parameters.hash, retries, timeout });
  let misses = 0;
  let quickMisses = 0;

  for (;;) {
    const waitMs = client.capabilities.longPoll
      ? Math.min(deadline - Date.now(), MAX_STATUS_WAIT_MS)
      : undefined;
    const query: Record<string, unknown> = {};
    if (isFinalized) query.isFinalized = true;
    if (waitMs !== undefined && waitMs > 0) query[STATUS_WAIT_QUERY] = Math.ceil(waitMs);
    const started = Date.now();
    const response = await client.transport.request({
      method: 'GET',
      path,
      query,
      ...(signal ? { signal } : {}),
    });
    client.capabilities.longPoll = response.headers.has(LONG_POLL_HEADER);

    if (response.status === 200) {
      const body = (response.data ?? {}) as { result?: R; extrinsic?: ExtrinsicStatus };
      return { result: body.result as R, extrinsicOutput: body.extrinsic as ExtrinsicStatus };
    }
    const pending = response.status === 404 || (response.status >= 200 && response.status < 300);
    if (!pending) throw apiErrorOf(response);
    misses += 1;

    if (client.capabilities.longPoll) {
      const now = Date.now();
      if (now >= deadline) throw notFound();
      if (waitMs === undefined) continue; // just learned the server can wait: ask it to, at once
      // A server that held the request at least one poll interval is long polling: ask again at once. One that
      // answered sooner did not wait: keep the plain cadence (one poll per `timeout`) and the plain bound.
      const held = now - started;
      if (response.status !== 404 || held + EARLY_ANSWER_SLACK_MS < Math.min(waitMs, timeout)) {
        quickMisses += 1;
        if (quickMisses > retries) throw notFound();
        await sleep(Math.max(0, Math.min(timeout - held, deadline - now)), signal);
      }
    } else {
      if (misses > retries) throw notFound();
      await sleep(timeout, signal);
    }
  }
}
