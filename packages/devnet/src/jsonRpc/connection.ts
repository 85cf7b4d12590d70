/**
 * What the devnet's JSON-RPC endpoint (`POST /` and the WebSocket at the same address) offers a face besides the
 * Ethereum one: a table of methods by name, each called with its positional params and, over a WebSocket, the
 * connection the message came on (subscriptions need it; over HTTP there is none).
 */

/** One WebSocket connection, as a face sees it. */
export type RpcConnection = {
  /** Sends a notification (a JSON-RPC message without id); a client too slow to read is dropped by the transport. */
  send(notification: unknown): void;
  /** Runs `cleanup` when the connection closes (or at once if it is closed already). */
  onClose(cleanup: () => void): void;
};

/** A JSON-RPC method of a face: params in, a JSON value out, or an `RpcError` thrown. */
export type RpcHandler = (params: unknown, connection: RpcConnection | undefined) => unknown;

/** A face's methods by name. */
export type RpcTable = ReadonlyMap<string, RpcHandler>;
