import type { EthTransaction } from '../runtime/ethereum/transaction.js';

/**
 * Messages between the pool (main thread) and the signature worker. Requests go in batches, one per event-loop turn:
 * sr25519 checks (substrate extrinsics) and raw Ethereum transactions, decoded and their senders recovered.
 */
export type SignatureRequest =
  | { id: number; kind: 'sr25519'; message: Uint8Array; signature: Uint8Array; publicKey: Uint8Array }
  | { id: number; kind: 'ethereum'; raw: string };

/**
 * An sr25519 check's verdict; an Ethereum transaction decoded with its sender, or why it is refused (geth's text,
 * an `EthTransactionError` on the main thread).
 */
export type SignatureAnswer =
  | { id: number; valid: boolean }
  | { id: number; tx: EthTransaction; from: string }
  | { id: number; refused: string };

/** The worker's first message says whether the wasm module loaded; every later one carries answers as they are known. */
export type WorkerMessage = { ready: boolean } | { answers: SignatureAnswer[] };
