import { Worker } from 'node:worker_threads';
import { workerEntry } from '../threads/workerEntry.js';
import type { VerifyRequest, WorkerMessage } from './sr25519Protocol.js';
import { verifySr25519 } from './sr25519Verifier.js';

/**
 * sr25519 checks on a worker thread. A check costs ~0.5 ms of CPU even in wasm, which on the thread that also serves
 * HTTP and applies blocks was a sixth of a transaction's cost; on a worker it runs beside them, on another core.
 * Requests of one event-loop turn go to the worker as one message. Until the worker has loaded its wasm, or if it
 * fails, the checks run in this thread ({@link verifySr25519}), so an answer never waits on the worker's health.
 */
export class Sr25519Thread {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { request: VerifyRequest; resolve: (valid: boolean) => void }>();
  #queue: VerifyRequest[] = [];
  #seq = 0;
  #ready = false;
  #closed = false;

  constructor() {
    const { entry, eval: isEval } = workerEntry(import.meta.url, 'sr25519Worker');
    this.#worker = new Worker(entry, { eval: isEval });
    this.#worker.unref();
    this.#worker.on('message', (m: WorkerMessage) => {
      if ('ready' in m) this.#ready = m.ready;
      else for (const { id, valid } of m.answers) this.#settle(id, valid);
    });
    this.#worker.on('error', () => this.#fail());
    this.#worker.on('exit', () => this.#fail());
  }

  /** Whether checks go to the worker (false while it loads, after it failed, and after `close`). */
  get offThread(): boolean {
    return this.#ready && !this.#closed;
  }

  /** True when `signature` (64 bytes) is `publicKey`'s sr25519 signature of `message`; false for any malformed input. */
  verify(message: Uint8Array, signature: Uint8Array, publicKey: Uint8Array): Promise<boolean> {
    if (!this.offThread || signature.length !== 64 || publicKey.length !== 32)
      return Promise.resolve(verifySr25519(message, signature, publicKey));
    const id = ++this.#seq;
    if (this.#queue.length === 0) setImmediate(() => this.#flush());
    const request = { id, message, signature, publicKey };
    this.#queue.push(request);
    return new Promise((resolve) => this.#pending.set(id, { request, resolve }));
  }

  async close(): Promise<void> {
    this.#closed = true;
    await this.#worker.terminate();
  }

  #flush(): void {
    const batch = this.#queue;
    this.#queue = [];
    if (batch.length > 0) this.#worker.postMessage(batch);
  }

  #settle(id: number, valid: boolean): void {
    const entry = this.#pending.get(id);
    this.#pending.delete(id);
    entry?.resolve(valid);
  }

  /** The worker is gone: what it had not answered is checked here, and later checks stay here. */
  #fail(): void {
    this.#ready = false;
    this.#queue = [];
    for (const [id, { request: r, resolve }] of this.#pending) {
      this.#pending.delete(id);
      resolve(verifySr25519(r.message, r.signature, r.publicKey));
    }
  }
}
