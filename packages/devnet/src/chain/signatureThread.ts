import { Worker } from 'node:worker_threads';
import { decodeAndRecover, type SignedEthTransaction } from '../runtime/ethereum/transaction.js';
import { workerEntry } from '../threads/workerEntry.js';
import { answerSignatureRequest, fromSignedEthereumAnswer } from './signatureAnswers.js';
import type { SignatureAnswer, SignatureRequest, WorkerMessage } from './signatureProtocol.js';
import { verifySr25519 } from './sr25519Verifier.js';

/** Where a {@link SignatureThread}'s checks were answered. */
export type SignatureChecks = { here: number; onWorker: number };

type Pending = { request: SignatureRequest; resolve: (answer: SignatureAnswer) => void };

/**
 * Signature checks on a worker thread: sr25519 verification and Ethereum transactions' decoding, signing hash
 * and secp256k1 sender recovery cost CPU even in wasm. On the thread that also serves HTTP and applies blocks they
 * were a large share of a transaction's cost (docs/decisions/devnet.md); on a worker they run beside them, on
 * another core. Requests of one event-loop turn go to the worker as one message — but a turn's only request, with
 * none waiting on the worker, is checked here: with nothing to overlap, the round trip to the worker (a message each
 * way, a thread woken each way) only adds to the wait of a client that sends one transaction at a time, as a test
 * suite does. Until the worker has loaded its wasm, or if it fails, the checks run in this thread, so an answer never
 * waits on the worker's health.
 */
export class SignatureThread {
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  #queue: SignatureRequest[] = [];
  #seq = 0;
  #ready = false;
  #closed = false;
  readonly #checks: SignatureChecks = { here: 0, onWorker: 0 };

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

  /** How many checks were answered on the worker and in this thread since it was made. */
  get checks(): SignatureChecks {
    return { ...this.#checks };
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
    if (batch.length === 0) return;
    if (batch.length === 1 && this.#pending.size === 1) {
      this.#checks.here++;
      this.#settle(answerSignatureRequest(batch[0]!));
      return;
    }
    this.#checks.onWorker += batch.length;
    this.#worker.postMessage(batch);
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
    for (const [id, { request, resolve }] of this.#pending) {
      this.#pending.delete(id);
      resolve(answerSignatureRequest(request));
    }
  }
}
