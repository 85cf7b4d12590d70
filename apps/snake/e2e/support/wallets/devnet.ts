import { type Devnet, startDevnet } from '../../../../../packages/devnet/src/index.js';

export type TestDevnet = { baseUrl: string; stop(): Promise<void> };

/**
 * A devnet in this process for one spec file: a free port (or `port`, to bring a stopped one back), an in-memory chain
 * (nothing left behind; or `dbPath`, a file, for a chain that is still there when it is started again), the default
 * block time (so the game waits for blocks as it would on a real network), dev accounts funded at genesis.
 */
export async function startTestDevnet(port = 0, dbPath = ':memory:'): Promise<TestDevnet> {
  const devnet: Devnet = await startDevnet({
    host: '127.0.0.1',
    port,
    dbPath,
    logLevel: 'warn',
  });
  return { baseUrl: devnet.url.replace(/\/$/, ''), stop: () => devnet.stop() };
}
