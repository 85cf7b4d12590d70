import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const pkg = fileURLToPath(new URL('../..', import.meta.url));

export type HardhatNode = { url: string; stop(): Promise<void> };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

/**
 * Hardhat's own node (`hardhat node`, automine, the same test mnemonic) in a throw-away project under dist/, on the
 * hardfork and chain id given, so the same signed transactions run on both. `blockGasLimit` makes its blocks as
 * large as the devnet's, where an answer depends on it (the estimate of a call that burns what it is given).
 */
export async function startHardhatNode(
  hardfork: string,
  chainId: number,
  options: { blockGasLimit?: bigint } = {},
): Promise<HardhatNode> {
  mkdirSync(join(pkg, 'dist'), { recursive: true });
  const dir = mkdtempSync(join(pkg, 'dist', '.hardhat-node-'));
  const network = {
    hardfork,
    chainId,
    mining: { auto: true },
    ...(options.blockGasLimit === undefined ? {} : { blockGasLimit: Number(options.blockGasLimit) }),
  };
  writeFileSync(
    join(dir, 'hardhat.config.cjs'),
    `module.exports = { networks: { hardhat: ${JSON.stringify(network)} } };\n`,
  );
  const port = await freePort();
  const cli = createRequire(import.meta.url).resolve('hardhat/internal/cli/cli.js');
  const child: ChildProcess = spawn(
    process.execPath,
    [cli, 'node', '--hostname', '127.0.0.1', '--port', String(port)],
    {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, HARDHAT_DISABLE_TELEMETRY_PROMPT: 'true' },
    },
  );
  await new Promise<void>((resolve, reject) => {
    let text = '';
    const onData = (d: Buffer) => {
      text += d.toString();
      if (text.includes('JSON-RPC server at')) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`hardhat node exited with ${code}: ${text}`)));
  });
  // Its per-request log is not read: keep the pipes drained.
  child.stdout?.removeAllListeners('data');
  child.stderr?.removeAllListeners('data');
  child.stdout?.resume();
  child.stderr?.resume();
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill();
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
