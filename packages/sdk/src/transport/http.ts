import { encodeQuery } from '@nftkit/api';
import { ApiError } from '../errors/api.js';
import { AbortError, ConnectionRefusedError, HttpRequestError } from '../errors/transport.js';
import { throwIfAborted } from '../utils/abort.js';
import { parseBody, stringifyJson } from './json.js';

export type HttpTransportConfig = {
  /** Joined with each path as is: `http://host/v2/opal` + `/balances/get`. */
  baseUrl: string;
  /** Headers added to every request (e.g. an API key). */
  headers?: Record<string, string>;
  /** A `fetch` to use in place of the global one (tests, proxies, older runtimes). */
  fetch?: typeof globalThis.fetch;
};

export type HttpRequest = {
  method: 'GET' | 'POST';
  /** Relative to the base URL, already filled (no `:param`). */
  path: string;
  query?: Record<string, unknown>;
  /** JSON body for POST; bigints become strings. */
  body?: unknown;
  signal?: AbortSignal;
};

export type HttpResponse = {
  status: number;
  statusText: string;
  headers: Headers;
  data: unknown;
  url: string;
};

export type HttpTransport = {
  readonly baseUrl: string;
  /** Any HTTP answer, error statuses included; throws only when no answer came (network, abort). */
  request(request: HttpRequest): Promise<HttpResponse>;
};

const JSON_HEADERS = { 'content-type': 'application/json', accept: 'application/json' };
const ACCEPT_HEADERS = { accept: 'application/json' };

/**
 * A transport over `fetch` (Node 20+, browsers). No retries: a submit must never be sent twice.
 *
 * @example
 * const transport = createHttpTransport({ baseUrl: 'https://rest.unique.network/v2/opal' });
 * const { data } = await transport.request({ method: 'GET', path: '/balances/get', query: { address } });
 */
export function createHttpTransport(config: HttpTransportConfig): HttpTransport {
  const baseUrl = config.baseUrl;
  const extraHeaders = config.headers;
  const getHeaders = (json: boolean) =>
    extraHeaders
      ? { ...(json ? JSON_HEADERS : ACCEPT_HEADERS), ...extraHeaders }
      : json
        ? JSON_HEADERS
        : ACCEPT_HEADERS;

  async function request({ method, path, query, body, signal }: HttpRequest): Promise<HttpResponse> {
    throwIfAborted(signal);
    const search = query ? encodeQuery(query) : '';
    const url = search ? `${baseUrl}${path}?${search}` : `${baseUrl}${path}`;
    const hasBody = method === 'POST';
    const doFetch = config.fetch ?? globalThis.fetch;
    let response: Response;
    let text: string;
    try {
      response = await doFetch(url, {
        method,
        headers: getHeaders(hasBody),
        ...(hasBody ? { body: stringifyJson(body ?? {}) } : {}),
        ...(signal ? { signal } : {}),
      });
      text = await response.text();
    } catch (error) {
      throw toTransportError(url, error, signal);
    }
    return {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
      data: parseBody(text),
      url,
    };
  }

  return { baseUrl, request };
}

/** Sends the request and returns the body of a 2xx answer; any other status becomes an {@link ApiError}. */
export async function requestOk(transport: HttpTransport, request: HttpRequest): Promise<unknown> {
  const response = await transport.request(request);
  if (response.status < 200 || response.status > 299) throw apiErrorOf(response);
  return response.data;
}

export function apiErrorOf(response: HttpResponse): ApiError {
  return new ApiError({
    status: response.status,
    statusText: response.statusText,
    data: response.data,
    url: response.url,
  });
}

function toTransportError(url: string, error: unknown, signal: AbortSignal | undefined): Error {
  if (signal?.aborted) return new AbortError(signal.reason);
  if (error instanceof Error && error.name === 'AbortError') return new AbortError(error);
  if (hasCode(error, 'ECONNREFUSED')) return new ConnectionRefusedError(url, error);
  return new HttpRequestError(url, error);
}

/** Node's fetch hides the socket error in `cause` (an AggregateError when several addresses were tried). */
function hasCode(error: unknown, code: string, depth = 0): boolean {
  if (depth > 4 || typeof error !== 'object' || error === null) return false;
  const record = error as { code?: unknown; cause?: unknown; errors?: unknown; message?: unknown };
  if (record.code === code) return true;
  if (typeof record.message === 'string' && record.message.includes(code)) return true;
  if (Array.isArray(record.errors) && record.errors.some((inner) => hasCode(inner, code, depth + 1)))
    return true;
  return hasCode(record.cause, code, depth + 1);
}
