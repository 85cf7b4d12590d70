/**
 * JSON-RPC 2.0 error codes (EIP-1474 for the Ethereum face; Substrate's server answers the same -326xx codes), and the
 * code geth answers a revert with. Shared by the devnet's two JSON-RPC faces, which share one endpoint.
 */
export const RPC_ERROR = {
  parse: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internal: -32603,
  /** A refusal by the chain: `nonce too low`, `insufficient funds for gas * price + value`, … */
  server: -32000,
  /** A method the node knows but cannot answer (EIP-1474 "method not supported"). */
  notSupported: -32004,
  /** The node cannot answer now (the EVM worker is down). */
  unavailable: -32002,
  /** A query whose answer would be too large (`eth_getLogs`). */
  limitExceeded: -32005,
  /** `execution reverted` with the revert data. */
  reverted: 3,
} as const;

/** An error a JSON-RPC method answers with (`{code, message, data?}`), never an HTTP error. */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'RpcError';
  }
}

export const invalidParams = (message: string) => new RpcError(RPC_ERROR.invalidParams, message);
export const serverError = (message: string) => new RpcError(RPC_ERROR.server, message);
