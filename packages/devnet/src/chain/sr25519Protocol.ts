/** Messages between the pool (main thread) and the sr25519 worker. Requests go in batches, one per event-loop turn. */
export type VerifyRequest = { id: number; message: Uint8Array; signature: Uint8Array; publicKey: Uint8Array };

/** The worker's first message says whether the wasm verifier loaded; every later one answers a batch. */
export type WorkerMessage = { ready: boolean } | { answers: { id: number; valid: boolean }[] };
