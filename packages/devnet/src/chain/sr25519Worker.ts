import { parentPort } from 'node:worker_threads';
import { sr25519Verify, waitReady } from '@polkadot/wasm-crypto';
import type { VerifyRequest, WorkerMessage } from './sr25519Protocol.js';

// Runs in a worker thread: schnorrkel (wasm) checks the pool's sr25519 signatures off the thread that serves HTTP.
const port = parentPort;
if (!port) throw new Error('sr25519Worker runs as a worker thread');

const ready = await waitReady();
port.postMessage({ ready } satisfies WorkerMessage);
port.on('message', (batch: VerifyRequest[]) => {
  const answers = batch.map(({ id, message, signature, publicKey }) => {
    let valid = false;
    try {
      valid = sr25519Verify(signature, message, publicKey);
    } catch {
      // Bytes that are not a curve point make schnorrkel throw: that is a bad signature.
    }
    return { id, valid };
  });
  port.postMessage({ answers } satisfies WorkerMessage);
});
