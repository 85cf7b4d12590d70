import type { Account } from '../accounts/types.js';
import { createHttpTransport, type HttpTransport } from '../transport/http.js';
import { NonceManager } from './nonceManager.js';

/** Status polling options (rest-api §2.4); per-call options override the client's, `0` means "use the default". */
export type StatusOptions = {
  /** How many more times a 404 is re-polled (default 15). */
  retries?: number;
  /** Milliseconds between polls (default 3000). `retries × timeout` is the whole waiting budget. */
  timeout?: number;
  /** Look only at finalized blocks (`?isFinalized=true`). */
  isFinalized?: boolean;
  /** Aborts the whole write: build, signing, submit and polling. */
  signal?: AbortSignal;
};

export type ClientConfig = {
  /** Joined with each route as is, e.g. `https://rest.unique.network/v2/opal` or `http://127.0.0.1:3000/v2/devnet`. */
  baseUrl: string;
  /** The default signer and signer address of writes. */
  account?: Account;
  statusOptions?: StatusOptions;
  /** Headers added to every request. */
  headers?: Record<string, string>;
  /** A `fetch` to use in place of the global one. */
  fetch?: typeof globalThis.fetch;
};

/** The state every action takes: transport, default account and status options, and what the server supports. */
export type Client = {
  readonly transport: HttpTransport;
  readonly account: Account | undefined;
  readonly statusOptions: StatusOptions;
  /** Set once a status answer carried `x-nftkit-long-poll`; later status requests then wait on the server. */
  readonly capabilities: { longPoll: boolean };
  /** Assigns the nonces of this client's writes that give none, per account (writes started together all succeed). */
  readonly nonces: NonceManager;
};

/**
 * The bare client the actions run on. `UniqueChain`, `AssetHub` and `UniqueIndexer` build on it; use it directly
 * with the actions for the smallest bundle.
 *
 * @example
 * const client = createClient({ baseUrl, account: Sr25519Account.fromUri('//Alice') });
 * const balance = await query(client, routes.balance.get, { address: client.account!.address });
 */
export function createClient(config: ClientConfig): Client {
  return {
    transport: createHttpTransport({
      baseUrl: config.baseUrl,
      ...(config.headers ? { headers: config.headers } : {}),
      ...(config.fetch ? { fetch: config.fetch } : {}),
    }),
    account: config.account,
    statusOptions: config.statusOptions ?? {},
    capabilities: { longPoll: false },
    nonces: new NonceManager(),
  };
}
