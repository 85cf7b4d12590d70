import { parentPort } from 'node:worker_threads';
import { secp256k1Expand, secp256k1Recover, sr25519Verify, waitReady } from '@polkadot/wasm-crypto';
import type { SignatureAnswer, SignatureRequest, WorkerMessage } from './signatureProtocol.js';

// Runs in a worker thread: schnorrkel and libsecp256k1 (wasm) check the pool's signatures off the thread that serves
// HTTP and applies blocks.
const port = parentPort;
if (!port) throw new Error('signatureWorker runs as a worker thread');

function answer(r: SignatureRequest): SignatureAnswer {
  if (r.kind === 'secp256k1') {
    try {
      return { id: r.id, publicKey: secp256k1Expand(secp256k1Recover(r.hash, r.rs, r.recovery)) };
    } catch {
      // An r that is no curve point's x: no key made this signature.
      return { id: r.id, publicKey: null };
    }
  }
  try {
    return { id: r.id, valid: sr25519Verify(r.signature, r.message, r.publicKey) };
  } catch {
    // Bytes that are not a curve point make schnorrkel throw: that is a bad signature.
    return { id: r.id, valid: false };
  }
}

const ready = await waitReady();
port.postMessage({ ready } satisfies WorkerMessage);
port.on('message', (batch: SignatureRequest[]) => {
  port.postMessage({ answers: batch.map(answer) } satisfies WorkerMessage);
});
