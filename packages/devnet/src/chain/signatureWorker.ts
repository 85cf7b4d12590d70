import { parentPort } from 'node:worker_threads';
import { loadWasmCrypto } from '../crypto/wasm.js';
import { answerSignatureRequest } from './signatureAnswers.js';
import type { SignatureRequest, WorkerMessage } from './signatureProtocol.js';

// Runs in a worker thread: the pool's signature checks (schnorrkel in wasm, libsecp256k1's addon: the same functions
// the main thread uses for a lone request or when the worker is gone), with an Ethereum transaction's decoding and
// hashing, off the thread that serves HTTP and applies blocks.
const port = parentPort;
if (!port) throw new Error('signatureWorker runs as a worker thread');

const ready = await loadWasmCrypto();
port.postMessage({ ready } satisfies WorkerMessage);
// Each answer goes back as soon as it is known, not with its batch: the main thread applies the first transaction
// while this one recovers the next. Answering a batch at once left the main thread idle for the whole batch's
// recoveries, then gave it all the work together.
port.on('message', (batch: SignatureRequest[]) => {
  for (const r of batch) port.postMessage({ answers: [answerSignatureRequest(r)] } satisfies WorkerMessage);
});
