import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// The local Ethereum nodes the JSON-RPC bench compares the devnet with, started from their npm packages (dev
// dependencies) on a free port of this machine, with their defaults: automine, the test mnemonic's funded accounts.

export const PEER_NAMES = ['hardhat', 'anvil'] as const;
export type PeerName = (typeof PEER_NAMES)[number];

export type Peer = {
  name: PeerName;
  url: string;
  /** Its process, whose CPU time the transfer rounds read (the node itself, not a wrapper script). */
  pid: number | undefined;
  /** Whether its main thread does its work (a Node.js node) or a pool of threads does (anvil's async runtime). */
  mainThreadWorks: boolean;
  stop(): Promise<void>;
};

const pkg = fileURLToPath(new URL('..', import.meta.url));
/** How long a node may take to say it listens; a loaded machine starts Hardhat's node in ~5-15 s. */
const START_MS = 90_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

/** Spawns a node and resolves once its standard output shows `ready`; its later output is read and dropped. */
async function spawnNode(
  name: PeerName,
  command: string,
  args: string[],
  ready: RegExp,
  options: { cwd: string; env?: NodeJS.ProcessEnv },
): Promise<ChildProcess> {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  let text = '';
  const collect = (d: Buffer) => {
    if (text.length < 20_000) text += d.toString();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`${name} did not start within ${START_MS / 1000} s: ${text.slice(-500)}`)),
        START_MS,
      );
      child.stdout?.on('data', () => {
        if (ready.test(text)) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.once('error', (e) => {
        clearTimeout(timer);
        reject(new Error(`${name} could not be run: ${e.message}`));
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`${name} exited with ${code}: ${text.slice(-500)}`));
      });
    });
  } catch (e) {
    await kill(child);
    throw e;
  }
  // Both nodes log every request: the pipes are drained, not read.
  child.stdout?.removeAllListeners('data');
  child.stderr?.removeAllListeners('data');
  child.stdout?.resume();
  child.stderr?.resume();
  return child;
}

async function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/** `npx hardhat node` in a throw-away project: its default network, automine, the same test mnemonic. */
async function startHardhat(): Promise<Peer> {
  mkdirSync(join(pkg, 'dist'), { recursive: true });
  const dir = mkdtempSync(join(pkg, 'dist', '.hardhat-bench-'));
  try {
    writeFileSync(
      join(dir, 'hardhat.config.cjs'),
      'module.exports = { networks: { hardhat: { mining: { auto: true } } } };\n',
    );
    const port = await freePort();
    const cli = createRequire(import.meta.url).resolve('hardhat/internal/cli/cli.js');
    const child = await spawnNode(
      'hardhat',
      process.execPath,
      [cli, 'node', '--hostname', '127.0.0.1', '--port', String(port)],
      /JSON-RPC server at/,
      { cwd: dir, env: { ...process.env, HARDHAT_DISABLE_TELEMETRY_PROMPT: 'true' } },
    );
    return {
      name: 'hardhat',
      url: `http://127.0.0.1:${port}`,
      pid: child.pid,
      mainThreadWorks: true,
      stop: async () => {
        await kill(child);
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
}

/**
 * The anvil binary of this platform: `@foundry-rs/anvil` (a launcher script) has it in an optional dependency per
 * platform. The binary is run directly so that the measured process is anvil itself.
 */
export function anvilBinary(): string {
  const arch = ({ x64: 'amd64', arm64: 'arm64' } as Record<string, string>)[process.arch] ?? process.arch;
  const launcher = createRequire(import.meta.url).resolve('@foundry-rs/anvil/package.json');
  const exe = process.platform === 'win32' ? 'anvil.exe' : 'anvil';
  try {
    return createRequire(launcher).resolve(`@foundry-rs/anvil-${process.platform}-${arch}/bin/${exe}`);
  } catch {
    throw new Error(`no anvil binary for ${process.platform}-${process.arch} in node_modules`);
  }
}

/** `anvil` with its defaults (automine, chain 31337, the test mnemonic's 10 accounts). */
async function startAnvil(): Promise<Peer> {
  const port = await freePort();
  const child = await spawnNode(
    'anvil',
    anvilBinary(),
    ['--host', '127.0.0.1', '--port', String(port)],
    /Listening on/,
    { cwd: pkg },
  );
  return {
    name: 'anvil',
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    mainThreadWorks: false,
    stop: () => kill(child),
  };
}

export function startPeer(name: PeerName): Promise<Peer> {
  return name === 'hardhat' ? startHardhat() : startAnvil();
}
