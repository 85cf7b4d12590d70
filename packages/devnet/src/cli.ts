#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { DEFAULT_BASE_PATH } from './app.js';
import { DEV_ENDOWMENT } from './chain/config.js';
import { ETH_DEV_ACCOUNTS, ETH_DEV_MNEMONIC } from './chain/ethDevAccounts.js';
import { ETH_CHAIN_ID } from './runtime/ethereum/transaction.js';
import { DEFAULT_DB_PATH, startDevnet } from './server.js';

const HELP = `nftkit-devnet: a local chain serving Unique Network's REST API v2

Usage: nftkit-devnet [options]

Options:
  --host <host>            interface to listen on (default 127.0.0.1)
  --port <port>            port (default 9944; 0 picks a free one)
  --base-path <path>       prefix of the API routes (default ${DEFAULT_BASE_PATH})
  --db <path>              SQLite database file (default ${DEFAULT_DB_PATH}; ":memory:" for a throw-away chain)
  --reset                  delete the database first and start from genesis
  --block-time <ms>        produce a block every <ms> milliseconds (default 1000)
  --instant                produce one block per submitted transaction
  --finality-depth <n>     blocks on top before a block is final (default 2; 0 with --instant)
  --no-faucet              refuse POST <base-path>/devnet/faucet
  --evm-timeout <ms>       stop an eth_call or eth_estimateGas after <ms> milliseconds (default 5000, as geth's
                           --rpc.evmtimeout; 0 for no limit)
  --log-level <level>      fatal|error|warn|info|debug|trace|silent (default warn; info logs every request)
  -h, --help               show this help
`;

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

function fail(message: string): never {
  process.stderr.write(`nftkit-devnet: ${message}\nRun nftkit-devnet --help for the options.\n`);
  process.exit(2);
}

function int(name: string, value: string | undefined, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max)
    fail(`--${name} must be an integer from ${min} to ${max}, got "${value}"`);
  return Number(value);
}

/**
 * The funded Ethereum dev accounts, as local Ethereum nodes print them at start: their keys are public (the test
 * mnemonic), so a developer can import one into MetaMask or Hardhat.
 */
function ethAccountsListing(): string {
  const lines = ETH_DEV_ACCOUNTS.map(
    ([address, key], i) =>
      `  #${i}: ${address} (${DEV_ENDOWMENT / 10n ** 18n} DEV at genesis)  private key ${key}`,
  );
  return `Ethereum dev accounts (mnemonic "${ETH_DEV_MNEMONIC}"; public keys, for this devnet only):\n${lines.join('\n')}\n`;
}

let parsed: ReturnType<typeof parse>;
function parse() {
  return parseArgs({
    strict: true,
    allowPositionals: false,
    options: {
      host: { type: 'string' },
      port: { type: 'string' },
      'base-path': { type: 'string' },
      db: { type: 'string' },
      reset: { type: 'boolean' },
      'block-time': { type: 'string' },
      instant: { type: 'boolean' },
      'finality-depth': { type: 'string' },
      'no-faucet': { type: 'boolean' },
      'evm-timeout': { type: 'string' },
      'log-level': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}
try {
  parsed = parse();
} catch (e) {
  fail((e as Error).message);
}
const v = parsed.values;
if (v.help) {
  process.stdout.write(HELP);
  process.exit(0);
}
const logLevel = v['log-level'];
if (logLevel !== undefined && !(LEVELS as readonly string[]).includes(logLevel))
  fail(`--log-level must be one of ${LEVELS.join(', ')}, got "${logLevel}"`);
const basePath = v['base-path'];
if (basePath !== undefined && !/^\/[A-Za-z0-9._~\-/]*$/.test(basePath))
  fail(`--base-path must start with "/" and hold only URL path characters, got "${basePath}"`);

const port = int('port', v.port, 0, 65535);
const blockTimeMs = int('block-time', v['block-time'], 1, 3_600_000);
const finalityDepth = int('finality-depth', v['finality-depth'], 0, 1000);
const evmTimeoutMs = int('evm-timeout', v['evm-timeout'], 0, 3_600_000);

try {
  const devnet = await startDevnet({
    ...(v.host === undefined ? {} : { host: v.host }),
    ...(port === undefined ? {} : { port }),
    ...(basePath === undefined ? {} : { basePath }),
    ...(v.db === undefined ? {} : { dbPath: v.db }),
    reset: v.reset ?? false,
    instant: v.instant ?? false,
    ...(blockTimeMs === undefined ? {} : { blockTimeMs }),
    ...(finalityDepth === undefined ? {} : { finalityDepth }),
    faucet: !v['no-faucet'],
    ...(evmTimeoutMs === undefined ? {} : { evmTimeoutMs }),
    ...(logLevel === undefined ? {} : { logLevel: logLevel as (typeof LEVELS)[number] }),
  });
  const c = devnet.chain;
  process.stdout.write(
    `nftkit-devnet listening on ${devnet.url} (block #${c.headNumber}, genesis ${c.genesisHash}, ` +
      `${c.instant ? 'instant blocks' : `a block every ${c.blockTimeMs} ms`}, finality depth ${c.finalityDepth})\n` +
      `API docs: ${devnet.url}/docs\n` +
      `Ethereum JSON-RPC: ${new URL(devnet.url).origin} (chain id ${ETH_CHAIN_ID})\n` +
      ethAccountsListing(),
  );
  const shutdown = () => {
    devnet.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
} catch (e) {
  process.stderr.write(`nftkit-devnet: could not start: ${(e as Error).message}\n`);
  process.exit(1);
}
