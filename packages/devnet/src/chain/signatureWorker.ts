import { parentPort } from 'node:worker_threads';
import { loadWasmCrypto } from '../crypto/wasm.js';
import type { SignatureAnswer, SignatureRequest, WorkerMessage } from './signatureProtocol.js';
import { signedEthereumAnswer } from './signedEthereum.js';
import { verifySr25519 } from './sr25519Verifier.js';

// Runs in a worker thread: the pool's signature checks (schnorrkel and libsecp256k1 in wasm, the same functions the
// main thread falls back to), with an Ethereum transaction's decoding and hashing, off the thread that serves HTTP
// and applies blocks.
const port = parentPort;
if (!port) throw new Error('signatureWorker runs as a worker thread');

const answer = (r: SignatureRequest): SignatureAnswer =>
  r.kind === 'ethereum'
    ? signedEthereumAnswer(r.id, r.raw)
    : { id: r.id, valid: verifySr25519(r.message, r.signature, r.publicKey) };

const ready = await loadWasmCrypto();
port.postMessage({ ready } satisfies WorkerMessage);
// Each answer goes back as soon as it is known, not with its batch: the main thread applies the first transaction
// while this one recovers the next. Answering a batch at once left the main thread idle for the whole batch's
// recoveries, then gave it all the work together.
port.on('message', (batch: SignatureRequest[]) => {
  for (const r of batch) port.postMessage({ answers: [answer(r)] } satisfies WorkerMessage);
});
