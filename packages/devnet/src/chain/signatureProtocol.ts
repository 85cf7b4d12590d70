/**
 * Messages between the pool (main thread) and the signature worker. Requests go in batches, one per event-loop turn:
 * sr25519 checks (substrate extrinsics) and secp256k1 recoveries (Ethereum transactions' senders).
 */
export type SignatureRequest =
  | { id: number; kind: 'sr25519'; message: Uint8Array; signature: Uint8Array; publicKey: Uint8Array }
  | { id: number; kind: 'secp256k1'; hash: Uint8Array; rs: Uint8Array; recovery: number };

/** An sr25519 check's verdict, or a recovery's uncompressed public key (null when no key made the signature). */
export type SignatureAnswer = { id: number; valid: boolean } | { id: number; publicKey: Uint8Array | null };

/** The worker's first message says whether the wasm module loaded; every later one carries answers as they are known. */
export type WorkerMessage = { ready: boolean } | { answers: SignatureAnswer[] };
