import { Worker } from 'node:worker_threads';
import { recoverPublicKey } from '../crypto/secp256k1.js';
import { workerEntry } from '../threads/workerEntry.js';
import type { SignatureAnswer, SignatureRequest, WorkerMessage } from './signatureProtocol.js';
import { verifySr25519 } from './sr25519Verifier.js';

type Pending = { request: SignatureRequest; resolve: (answer: SignatureAnswer) => void };

/**
 * Signature checks on a worker thread: sr25519 verification (~0.5 ms of CPU even in wasm) and secp256k1 sender
 * recovery (~0.3 ms in wasm). On the thread that also serves HTTP and applies blocks they were a sixth to a quarter
 * of a transaction's cost; on a worker they run beside them, on another core. Requests of one event-loop turn go to
 * the worker as one message. Until the worker has loaded its wasm, or if it fails, the checks run in this thread,
 * so an answer never waits on the worker's health.
 */
export class SignatureThread {
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  #queue: SignatureRequest[] = [];
  #seq = 0;
  #ready = false;
  #closed = false;

  constructor() {
    const { entry, eval: isEval } = workerEntry(import.meta.url, 'signatureWorker');
    this.#worker = new Worker(entry, { eval: isEval });
    this.#worker.unref();
    this.#worker.on('message', (m: WorkerMessage) => {
      if ('ready' in m) this.#ready = m.ready;
      else for (const a of m.answers) this.#settle(a);
    });
    this.#worker.on('error', () => this.#fail());
    this.#worker.on('exit', () => this.#fail());
  }

  /** Whether checks go to the worker (false while it loads, after it failed, and after `close`). */
  get offThread(): boolean {
    return this.#ready && !this.#closed;
  }

  /** True when `signature` (64 bytes) is `publicKey`'s sr25519 signature of `message`; false for any malformed input. */
  async verify(message: Uint8Array, signature: Uint8Array, publicKey: Uint8Array): Promise<boolean> {
    if (!this.offThread || signature.length !== 64 || publicKey.length !== 32)
      return verifySr25519(message, signature, publicKey);
    const a = await this.#ask({ id: 0, kind: 'sr25519', message, signature, publicKey });
    return 'valid' in a && a.valid;
  }

  /**
   * The uncompressed public key (65 bytes) that made the compact signature `rs` (64 bytes) of `hash` with this
   * recovery bit, or null when no key did.
   */
  async recover(hash: Uint8Array, rs: Uint8Array, recovery: number): Promise<Uint8Array | null> {
    if (!this.offThread || rs.length !== 64 || hash.length !== 32)
      return recoverPublicKey(hash, rs, recovery);
    const a = await this.#ask({ id: 0, kind: 'secp256k1', hash, rs, recovery });
    return 'publicKey' in a ? a.publicKey : null;
  }

  async close(): Promise<void> {
    this.#closed = true;
    await this.#worker.terminate();
  }

  #ask(request: SignatureRequest): Promise<SignatureAnswer> {
    request.id = ++this.#seq;
    if (this.#queue.length === 0) setImmediate(() => this.#flush());
    this.#queue.push(request);
    return new Promise((resolve) => this.#pending.set(request.id, { request, resolve }));
  }

  #flush(): void {
    const batch = this.#queue;
    this.#queue = [];
    if (batch.length > 0) this.#worker.postMessage(batch);
  }

  #settle(answer: SignatureAnswer): void {
    const entry = this.#pending.get(answer.id);
    this.#pending.delete(answer.id);
    entry?.resolve(answer);
  }

  /** The worker is gone: what it had not answered is checked here, and later checks stay here. */
  #fail(): void {
    this.#ready = false;
    this.#queue = [];
    for (const [id, { request: r, resolve }] of this.#pending) {
      this.#pending.delete(id);
      resolve(
        r.kind === 'sr25519'
          ? { id, valid: verifySr25519(r.message, r.signature, r.publicKey) }
          : { id, publicKey: recoverPublicKey(r.hash, r.rs, r.recovery) },
      );
    }
  }
}
