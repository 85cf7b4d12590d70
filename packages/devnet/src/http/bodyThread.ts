import { Worker } from 'node:worker_threads';
import { workerEntry } from '../threads/workerEntry.js';
import type { BodyAnswer } from './bodyProtocol.js';
import { HttpError } from './errors.js';
import { type BodyCheck, decodeJsonBody, httpErrorFromData } from './requestBodies.js';

type Pending = { resolve(body: unknown): void; reject(e: Error): void };

/**
 * Large JSON bodies parsed and checked on a worker thread. A megabyte of JSON costs the thread that parses it
 * milliseconds (JSON.parse, the prototype-poisoning scan, the route's zod checks), and a client sending such bodies
 * without pause kept the thread that serves every other client busy (/health waited behind megabyte addresses;
 * figures in docs/decisions/devnet.md). Here a body the route would refuse is refused on the worker, and the main thread only moves
 * bytes. The worker starts with the first large body; if it fails, the bodies it held are answered 503 (they were
 * handed over, not copied) and later ones are parsed in the calling thread, with the same answers as on the worker.
 */
export class BodyThread {
  #worker: Worker | undefined;
  readonly #pending = new Map<number, Pending>();
  #seq = 0;
  #failed = false;

  /** The JSON body of `bytes`, or the 4xx `check` (the route's own) answers for it. */
  parse(bytes: Uint8Array, check?: BodyCheck): Promise<unknown> {
    if (this.#failed) return new Promise((resolve) => resolve(decodeJsonBody(bytes, check)));
    const worker = this.#start();
    const id = ++this.#seq;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      // Handed over rather than copied when the bytes own their memory (Buffer.concat of a large body does):
      // copying a megabyte here cost about as much main-thread time as the parse it spares.
      const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
      worker.postMessage({ id, bytes, check }, own ? [bytes.buffer as ArrayBuffer] : []);
    });
  }

  async close(): Promise<void> {
    this.#failed = true;
    const worker = this.#worker;
    this.#worker = undefined;
    await worker?.terminate();
  }

  #start(): Worker {
    if (this.#worker) return this.#worker;
    const { entry, eval: isEval } = workerEntry(import.meta.url, 'bodyWorker');
    // From the sources (tests, tsx), the worker's workspace imports resolve to their sources too, as the main
    // thread's do; a stale or missing build of @nftkit/api must not decide what the worker checks.
    const worker = new Worker(entry, isEval ? { eval: true, execArgv: ['--conditions=source'] } : {});
    worker.unref();
    worker.on('message', (answer: BodyAnswer) => {
      const pending = this.#pending.get(answer.id);
      this.#pending.delete(answer.id);
      if (!pending) return;
      if ('error' in answer) pending.reject(httpErrorFromData(answer.error));
      else pending.resolve(answer.body);
    });
    worker.on('error', () => this.#fail());
    worker.on('exit', () => this.#fail());
    this.#worker = worker;
    return worker;
  }

  /** The worker is gone: what it had not answered is refused as a retryable 503; later bodies are parsed here. */
  #fail(): void {
    this.#failed = true;
    this.#worker = undefined;
    for (const [id, { reject }] of this.#pending) {
      this.#pending.delete(id);
      reject(new HttpError(503, 'The body parser stopped while reading this request: send it again'));
    }
  }
}
