import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { decodeFunctionResult, encodeFunctionData } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ETH_DEV_ACCOUNTS } from '../src/chain/ethDevAccounts.js';
import { devnetForFile } from './helpers/devnet.js';
import { devKey, rpc, rpcOrigin } from './helpers/ethRpc.js';
import { contract } from './helpers/evm.js';

const pkg = fileURLToPath(new URL('..', import.meta.url));
const devnet = devnetForFile();
let project: string;

// A Hardhat project as a Solidity developer has one, pointed at the devnet: its network config names the RPC URL,
// the chain id (Hardhat checks it) and a dev account's key (Hardhat signs locally and sends raw transactions). The
// contract is the committed compiled fixture, so nothing is compiled (`--no-compile`: no solc download).
const CONFIG = `module.exports = {
  defaultNetwork: 'devnet',
  networks: { devnet: { url: process.env.DEVNET_RPC, chainId: 8884, accounts: [process.env.DEVNET_KEY] } },
};
`;
const SCRIPT = `const hre = require('hardhat');
const { BrowserProvider, ContractFactory } = require('ethers');
async function main() {
  const { abi, bytecode } = JSON.parse(process.env.TOKEN20);
  const signer = await new BrowserProvider(hre.network.provider).getSigner();
  const token = await new ContractFactory(abi, bytecode, signer).deploy('Hardhat', 1000n);
  await token.waitForDeployment();
  await (await token.transfer(process.env.RECIPIENT, 5n)).wait();
  const balance = await token.balanceOf(process.env.RECIPIENT);
  console.log('RESULT ' + JSON.stringify({ address: await token.getAddress(), from: signer.address, balance: String(balance) }));
}
main().then(() => process.exit(0), (e) => { console.error(e); process.exit(1); });
`;

// The same project as a Hardhat user writes it with the ethers plugin and no keys in its config: the node's
// unlocked accounts sign (`ethers.getSigners()` reads eth_accounts and sends with eth_sendTransaction).
const SIGNERS_CONFIG = `require('@nomicfoundation/hardhat-ethers');
module.exports = { defaultNetwork: 'devnet', networks: { devnet: { url: process.env.DEVNET_RPC } } };
`;
const SIGNERS_SCRIPT = `const { ethers } = require('hardhat');
async function main() {
  const { abi, bytecode } = JSON.parse(process.env.TOKEN20);
  const [owner, alice] = await ethers.getSigners();
  const token = await new ethers.ContractFactory(abi, bytecode, owner).deploy('Signers', 1000n);
  await token.waitForDeployment();
  await (await token.transfer(alice.address, 40n)).wait();
  await (await token.connect(alice).transfer(owner.address, 15n)).wait();
  const sent = await owner.sendTransaction({ to: alice.address, value: 12345n });
  await sent.wait();
  const signature = await alice.signMessage('snake');
  console.log('RESULT ' + JSON.stringify({
    signers: (await ethers.getSigners()).length,
    owner: owner.address,
    alice: alice.address,
    balance: String(await token.balanceOf(alice.address)),
    recovered: ethers.verifyMessage('snake', signature),
  }));
}
main().then(() => process.exit(0), (e) => { console.error(e); process.exit(1); });
`;

let signersProject: string;

beforeAll(async () => {
  // Under dist/ (ignored by git), where `hardhat` and `ethers` resolve from node_modules.
  mkdirSync(join(pkg, 'dist'), { recursive: true });
  project = mkdtempSync(join(pkg, 'dist', '.hardhat-project-'));
  writeFileSync(join(project, 'hardhat.config.cjs'), CONFIG);
  writeFileSync(join(project, 'deploy.cjs'), SCRIPT);
  signersProject = mkdtempSync(join(pkg, 'dist', '.hardhat-signers-'));
  writeFileSync(join(signersProject, 'hardhat.config.cjs'), SIGNERS_CONFIG);
  writeFileSync(join(signersProject, 'signers.cjs'), SIGNERS_SCRIPT);
});
afterAll(async () => {
  rmSync(project, { recursive: true, force: true });
  rmSync(signersProject, { recursive: true, force: true });
});

function hardhatRun(
  env: Record<string, string>,
  cwd = project,
  script = 'deploy.cjs',
): Promise<{ code: number | null; out: string }> {
  const cli = createRequire(import.meta.url).resolve('hardhat/internal/cli/cli.js');
  const child = spawn(process.execPath, [cli, 'run', '--no-compile', script], {
    cwd,
    env: { ...process.env, HARDHAT_DISABLE_TELEMETRY_PROMPT: 'true', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => {
    out += d.toString();
  });
  child.stderr.on('data', (d: Buffer) => {
    out += d.toString();
  });
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, out })));
}

describe('a Hardhat project pointed at the devnet', () => {
  it('deploys a contract and calls it; the devnet shows the same state', async () => {
    const t20 = contract('Token20');
    const recipient = '0x00000000000000000000000000000000000Ab0Ba';
    const { code, out } = await hardhatRun({
      DEVNET_RPC: rpcOrigin(devnet.url),
      DEVNET_KEY: devKey(3),
      TOKEN20: JSON.stringify(t20),
      RECIPIENT: recipient,
    });
    expect(code, out).toBe(0);
    const result = JSON.parse(/RESULT (.*)/.exec(out)![1]!) as {
      address: `0x${string}`;
      from: string;
      balance: string;
    };
    expect(result.balance).toBe('5');
    const origin = rpcOrigin(devnet.url);
    const raw = (await rpc(origin, 'eth_call', [
      {
        to: result.address,
        data: encodeFunctionData({
          abi: t20.abi,
          functionName: 'balanceOf',
          args: [result.from as `0x${string}`],
        }),
      },
      'latest',
    ])) as `0x${string}`;
    expect(decodeFunctionResult({ abi: t20.abi, functionName: 'balanceOf', data: raw })).toBe(995n);
  }, 120_000);

  it("Hardhat's ethers.getSigners() signs with the devnet's unlocked accounts", async () => {
    const { code, out } = await hardhatRun(
      { DEVNET_RPC: rpcOrigin(devnet.url), TOKEN20: JSON.stringify(contract('Token20')) },
      signersProject,
      'signers.cjs',
    );
    expect(code, out).toBe(0);
    const result = JSON.parse(/RESULT (.*)/.exec(out)![1]!) as Record<string, unknown>;
    expect(result).toEqual({
      signers: 10,
      owner: ETH_DEV_ACCOUNTS[0]![0],
      alice: ETH_DEV_ACCOUNTS[1]![0],
      balance: '25',
      recovered: ETH_DEV_ACCOUNTS[1]![0],
    });
  }, 120_000);
});
