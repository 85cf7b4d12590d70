import { describe } from 'vitest';
import { chainClientSuite } from '../../sdk/test/suites/chainClient.suite.js';
import { devnetForFile } from './helpers/devnet.js';

// The sdk's own client suite, run against a real devnet over HTTP (instant blocks, long-poll status).
const devnet = devnetForFile();

describe('sdk client suite against the devnet', () => {
  chainClientSuite(() => devnet.url);
});
