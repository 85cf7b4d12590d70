import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import { ETH_DEV_ACCOUNTS } from '../src/chain/ethDevAccounts.js';
import { devnetForFile } from './helpers/devnet.js';
import { rpc, rpcOrigin } from './helpers/ethRpc.js';
import { contract } from './helpers/evm.js';

// Foundry's `cast` (the @foundry-rs/cast dev dependency) against the devnet, as a Foundry user drives a local node:
// sends from the node's unlocked accounts, calls, the test helpers through `cast rpc`, and `cast run`, which replays
// a mined transaction on its own EVM over the devnet's state of the block before.

/** The cast binary of this platform: `@foundry-rs/cast` is a launcher whose binary is an optional dependency. */
function castBinary(): string {
  const launcher = createRequire(import.meta.url).resolve('@foundry-rs/cast/package.json');
  const arch = process.arch === 'x64' ? 'amd64' : process.arch;
  const exe = process.platform === 'win32' ? 'cast.exe' : 'cast';
  return createRequire(launcher).resolve(`@foundry-rs/cast-${process.platform}-${arch}/bin/${exe}`);
}

const castPath = castBinary();
const [from] = ETH_DEV_ACCOUNTS.map(([address]) => address);
const alice = '0x00000000000000000000000000000000000A11cE';
const devnet = devnetForFile();
let origin: string;

beforeAll(async () => {
  origin = rpcOrigin(devnet.url);
});

type Run = { code: number; stdout: string; stderr: string };

/** `cast <args>` against the devnet; offline, so it looks no signature up on the internet. */
function cast(...args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      castPath,
      args,
      {
        env: { ...process.env, ETH_RPC_URL: origin, FOUNDRY_OFFLINE: 'true', NO_COLOR: '1' },
        timeout: 120_000,
      },
      (error, stdout, stderr) =>
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
    );
  });
}

async function ok(...args: string[]): Promise<string> {
  const r = await cast(...args);
  expect(r.code, `cast ${args.join(' ')}\n${r.stderr}`).toBe(0);
  return r.stdout.trim();
}

type Receipt = { status: string; transactionHash: string; contractAddress: string | null; gasUsed: string };

describe('cast against the devnet', () => {
  let token: string;
  let transferHash: string;

  it('cast send --unlocked deploys from a dev account; cast call reads the contract', async () => {
    const t20 = contract('Token20');
    const deployed = JSON.parse(
      await ok(
        'send',
        '--unlocked',
        '--from',
        from!,
        '--json',
        '--create',
        t20.bytecode,
        'constructor(string,uint256)',
        'Cast',
        '1000',
      ),
    ) as Receipt;
    expect(deployed.status).toBe('0x1');
    token = deployed.contractAddress!;
    expect(await ok('call', token, 'balanceOf(address)(uint256)', from!)).toBe('1000');
    expect(await ok('call', token, 'name()(string)')).toBe('"Cast"');
  }, 180_000);

  it('cast rpc evm_snapshot / evm_revert take the chain back; a used snapshot is refused', async () => {
    const snapshot = JSON.parse(await ok('rpc', 'evm_snapshot')) as string;
    const head = await ok('block-number');
    const sent = JSON.parse(
      await ok(
        'send',
        '--unlocked',
        '--from',
        from!,
        '--json',
        token,
        'transfer(address,uint256)',
        alice,
        '40',
      ),
    ) as Receipt;
    expect(sent.status).toBe('0x1');
    expect(await ok('call', token, 'balanceOf(address)(uint256)', alice)).toBe('40');
    expect(await ok('rpc', 'evm_revert', snapshot)).toBe('true');
    expect(await ok('call', token, 'balanceOf(address)(uint256)', alice)).toBe('0');
    expect(await ok('block-number')).toBe(head);
    expect(await rpc(origin, 'eth_getTransactionReceipt', [sent.transactionHash])).toBeNull();
    const again = await cast('rpc', 'evm_revert', snapshot);
    expect(again.code).not.toBe(0);
    expect(again.stderr).toMatch(/snapshotId/);
  }, 180_000);

  it('cast run replays a mined transaction: same result, same gas as its receipt', async () => {
    const sent = JSON.parse(
      await ok(
        'send',
        '--unlocked',
        '--from',
        from!,
        '--json',
        token,
        'transfer(address,uint256)',
        alice,
        '25',
      ),
    ) as Receipt;
    transferHash = sent.transactionHash;
    const out = await ok('run', transferHash);
    expect(out).toMatch(/Transaction successfully executed/);
    expect(out).toMatch(/emit Transfer\(/);
    expect(out).toContain(`Gas used: ${BigInt(sent.gasUsed)}`);
  }, 180_000);
});
