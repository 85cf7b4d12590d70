import { parentPort } from 'node:worker_threads';
import type { BodyAnswer, BodyRequest } from './bodyProtocol.js';
import { HttpError } from './errors.js';
import { decodeJsonBody, httpErrorToData } from './requestBodies.js';

// Runs in a worker thread: large request bodies are parsed and checked here, off the thread that serves HTTP.
const port = parentPort;
if (!port) throw new Error('bodyWorker runs as a worker thread');

port.on('message', ({ id, bytes, check }: BodyRequest) => {
  let answer: BodyAnswer;
  try {
    answer = { id, body: decodeJsonBody(bytes, check) };
  } catch (e) {
    answer = {
      id,
      error:
        e instanceof HttpError
          ? httpErrorToData(e)
          : { statusCode: 500, message: 'Internal devnet error', details: (e as Error).message },
    };
  }
  try {
    port.postMessage(answer);
  } catch (e) {
    // A value that cannot be cloned (none is expected from JSON and zod): still an answer, never a hang.
    port.postMessage({
      id,
      error: { statusCode: 400, message: `Cannot read the body: ${(e as Error).message}` },
    } satisfies BodyAnswer);
  }
});
