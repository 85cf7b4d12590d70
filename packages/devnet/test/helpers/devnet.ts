import { afterAll, beforeAll } from 'vitest';
import { type Devnet, type DevnetOptions, startDevnet } from '../../src/server.js';

/** Blocks on a 250 ms timer, finalized two behind: head and finality subscriptions have news. */
export const TIMED_BLOCKS: DevnetOptions = { instant: false, blockTimeMs: 250, finalityDepth: 2 };

/**
 * The devnet a test file (or the describe block it is called in) runs against: started before its tests (on a free
 * port, in memory, with instant blocks and no logs, unless `options` say otherwise) and stopped after them. Its
 * fields read the running devnet, so they are valid inside hooks and tests, not while the file is being collected.
 */
export function devnetForFile(options: DevnetOptions = {}): Devnet {
  let running: Devnet | undefined;
  beforeAll(async () => {
    running = await startDevnet({
      port: 0,
      dbPath: ':memory:',
      instant: true,
      logLevel: 'silent',
      ...options,
    });
  });
  afterAll(async () => {
    await running?.stop();
  });
  const current = (): Devnet => {
    if (!running) throw new Error('the devnet runs only inside the hooks and tests of the file that uses it');
    return running;
  };
  return {
    get url() {
      return current().url;
    },
    get app() {
      return current().app;
    },
    get chain() {
      return current().chain;
    },
    stop: () => current().stop(),
  };
}
