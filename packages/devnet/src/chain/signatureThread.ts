import { Worker } from 'node:worker_threads';
import { decodeAndRecover, type SignedEthTransaction } from '../runtime/ethereum/transaction.js';
import { workerEntry } from '../threads/workerEntry.js';
import type { SignatureAnswer, SignatureRequest, WorkerMessage } from './signatureProtocol.js';
import { fromSignedEthereumAnswer, signedEthereumAnswer } from './signedEthereum.js';
import { verifySr25519 } from './sr25519Verifier.js';

type Pending = { request: SignatureRequest; resolve: (answer: SignatureAnswer) => void };

/**
 * Signature checks on a worker thread: sr25519 verification and Ethereum transactions' decoding, signing hash
 * and secp256k1 sender recovery cost CPU even in wasm. On the thread that also serves HTTP and applies blocks they
 * were a large share of a transaction's cost (docs/decisions/devnet.md); on a worker they run beside them, on
 * another core. Requests of one event-loop turn go to the worker as one message. Until the worker has
 * loaded its wasm, or if it fails, the checks run in this thread, so an answer never waits on the worker's health.
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
   * A raw Ethereum transaction decoded, checked up to its signature (geth's order) and its sender recovered; a
   * refusal is thrown as the `EthTransactionError` the same checks throw in this thread.
   */
  async ethereum(raw: string): Promise<SignedEthTransaction> {
    if (!this.offThread) return decodeAndRecover(raw);
    return fromSignedEthereumAnswer(await this.#ask({ id: 0, kind: 'ethereum', raw }));
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
          : signedEthereumAnswer(id, r.raw),
      );
    }
  }
}
