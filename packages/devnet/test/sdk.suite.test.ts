import { afterAll, beforeAll, describe } from 'vitest';
import { chainClientSuite } from '../../sdk/test/suites/chainClient.suite.js';
import { type Devnet, startDevnet } from '../src/server.js';

// The sdk's own client suite, run against a real devnet over HTTP (instant blocks, long-poll status).
let devnet: Devnet;
beforeAll(async () => {
  devnet = await startDevnet({ port: 0, dbPath: ':memory:', instant: true, logLevel: 'silent' });
});
afterAll(async () => {
  await devnet?.stop();
});

describe('sdk client suite against the devnet', () => {
  chainClientSuite(() => devnet.url);
});
