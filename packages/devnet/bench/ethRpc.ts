import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Abi, encodeDeployData, encodeFunctionData, type Hex, keccak256 } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { ETH_DEV_ACCOUNTS } from '../src/chain/ethDevAccounts.js';
import { httpRequest } from './http.js';

// The JSON-RPC figures, side by side with Hardhat's own node (the `hardhat` package, automine) on this
// machine, on the same work: an ERC-20 `balanceOf` eth_call over 8 connections, and signed ERC-20 transfers sent
// with eth_sendRawTransaction by 8 senders, each waiting for its previous one to be accepted. Both nodes run at once
// and take turns round by round (see sideBySide).

const CONNECTIONS = 8;
const CALL_ROUND_MS = 3000;
const TRANSFER_ROUND_MS = 4000;
const ROUNDS = 3;
/** Transfers signed ahead for each sender and round, so the signing is not timed (more than a round can send). */
const SIGNED_PER_SENDER = 1500;

const pkg = fileURLToPath(new URL('..', import.meta.url));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const { contracts } = JSON.parse(
  readFileSync(join(pkg, 'test', 'fixtures', 'evm', 'contracts.json'), 'utf8'),
) as { contracts: Record<string, { abi: Abi; bytecode: Hex }> };
const token20 = contracts.Token20!;

/** `pid`: the node's process on this machine, whose CPU time the transfer rounds read (Linux `/proc`). */
type Target = { name: string; url: string; chainId: number; maxFeePerGas: bigint; pid?: number };

type Cpu = { mainThread: number; process: number };

/**
 * CPU time in ms that process `pid` has run: its main thread's and all its threads' (`/proc/<pid>/task/<thread>/schedstat`,
 * nanoseconds on the CPU); undefined where there is no such file. Steadier than a rate on a shared machine: it
 * counts the work done, not the time other tenants took.
 */
function cpuMs(pid: number | undefined): Cpu | undefined {
  if (pid === undefined) return undefined;
  const ran = (task: string) =>
    Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
  try {
    let all = 0;
    for (const task of readdirSync(`/proc/${pid}/task`))
      try {
        all += ran(task);
      } catch {
        // A thread that ended between the listing and the read.
      }
    return { mainThread: ran(String(pid)), process: all };
  } catch {
    return undefined;
  }
}

/**
 * A POST that survives a keep-alive socket the server closed while it sat idle (Hardhat's node closes them after
 * 5 s, e.g. while the next round is signed): a reset before any answer is sent again once.
 */
async function post(url: string, body: string) {
  try {
    return await httpRequest(url, 'POST', body);
  } catch (e) {
    if ((e as { code?: string }).code !== 'ECONNRESET') throw e;
    return httpRequest(url, 'POST', body);
  }
}

let rpcId = 0;
async function rpc(url: string, method: string, params: unknown[] = []): Promise<unknown> {
  const res = await post(url, JSON.stringify({ jsonrpc: '2.0', id: ++rpcId, method, params }));
  const body = JSON.parse(res.text) as { result?: unknown; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result;
}

async function receipt(
  url: string,
  hash: string,
): Promise<{ status: string; contractAddress: string | null }> {
  for (;;) {
    const r = (await rpc(url, 'eth_getTransactionReceipt', [hash])) as {
      status: string;
      contractAddress: string | null;
    } | null;
    if (r) return r;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const keys = ETH_DEV_ACCOUNTS.map(([, key]) => privateKeyToAccount(key as Hex));

/** Signs and sends one transaction from `sender`; answers its hash. */
async function send(t: Target, sender: number, nonce: number, to: Hex | null, data: Hex, gas: bigint) {
  const raw = await keys[sender]!.signTransaction({
    type: 'eip1559',
    chainId: t.chainId,
    nonce,
    ...(to ? { to } : {}),
    data,
    gas,
    maxFeePerGas: t.maxFeePerGas,
    maxPriorityFeePerGas: 0n,
  });
  return (await rpc(t.url, 'eth_sendRawTransaction', [raw])) as string;
}

type Prepared = {
  callRound: (ms: number) => Promise<number>;
  transferRound: (ms: number) => Promise<number>;
  /** CPU ms per transfer of each timed transfer round, when the node's process can be read. */
  transferCpu: Cpu[];
};

/** Deploys the token on `t` and funds the senders; answers the two kinds of round, each of them repeatable. */
async function prepare(t: Target): Promise<Prepared> {
  const nonces = await Promise.all(
    keys.map(async (k) =>
      Number(BigInt((await rpc(t.url, 'eth_getTransactionCount', [k.address, 'latest'])) as string)),
    ),
  );
  const deployHash = await send(
    t,
    0,
    nonces[0]!++,
    null,
    encodeDeployData({ abi: token20.abi, bytecode: token20.bytecode, args: ['Bench', 10n ** 30n] }),
    3_000_000n,
  );
  const deployed = await receipt(t.url, deployHash);
  if (deployed.status !== '0x1' || !deployed.contractAddress) throw new Error(`${t.name}: deploy failed`);
  const token = deployed.contractAddress as Hex;
  // Every sender holds tokens to send.
  for (let s = 1; s <= CONNECTIONS; s++) {
    const h = await send(
      t,
      0,
      nonces[0]!++,
      token,
      encodeFunctionData({
        abi: token20.abi,
        functionName: 'transfer',
        args: [keys[s]!.address, 10n ** 24n],
      }),
      100_000n,
    );
    if ((await receipt(t.url, h)).status !== '0x1') throw new Error(`${t.name}: funding transfer failed`);
  }
  const callBody = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'eth_call',
    params: [
      {
        to: token,
        data: encodeFunctionData({ abi: token20.abi, functionName: 'balanceOf', args: [keys[1]!.address] }),
      },
      'latest',
    ],
  });
  const callRound = async (ms: number) => {
    let calls = 0;
    const deadline = performance.now() + ms;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (performance.now() < deadline) {
          const res = await post(t.url, callBody);
          if (res.status !== 200 || !res.text.includes('"result":"0x'))
            throw new Error(`${t.name}: ${res.text}`);
          calls++;
        }
      }),
    );
    return calls / ((performance.now() - t0) / 1000);
  };
  const transferData = encodeFunctionData({
    abi: token20.abi,
    functionName: 'transfer',
    args: [keys[9]!.address, 1n],
  });
  const transferCpu: Cpu[] = [];
  const transferRound = async (ms: number) => {
    const signed = await Promise.all(
      Array.from({ length: CONNECTIONS }, (_, c) =>
        Promise.all(
          Array.from({ length: SIGNED_PER_SENDER }, (_, i) =>
            keys[c + 1]!.signTransaction({
              type: 'eip1559',
              chainId: t.chainId,
              nonce: nonces[c + 1]! + i,
              to: token,
              data: transferData,
              gas: 100_000n,
              maxFeePerGas: t.maxFeePerGas,
              maxPriorityFeePerGas: 0n,
            }),
          ),
        ),
      ),
    );
    let sent = 0;
    const last: string[] = [];
    const deadline = performance.now() + ms;
    const cpu0 = cpuMs(t.pid);
    const t0 = performance.now();
    await Promise.all(
      signed.map(async (txs, c) => {
        for (let i = 0; i < txs.length && performance.now() < deadline; i++) {
          const res = await post(
            t.url,
            JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_sendRawTransaction', params: [txs[i]] }),
          );
          const body = JSON.parse(res.text) as { result?: string; error?: { message: string } };
          // A resent request whose first copy got through is known already: it was sent.
          if (
            !body.result &&
            !/already known|already imported|known transaction/i.test(body.error?.message ?? '')
          )
            throw new Error(`${t.name}: ${body.error?.message}`);
          last[c] = body.result ?? keccak256(txs[i]!);
          nonces[c + 1]!++;
          sent++;
        }
      }),
    );
    // Counted once every sender's last transfer has a successful receipt (so all before it are in blocks too).
    for (const h of last)
      if ((await receipt(t.url, h)).status !== '0x1') throw new Error(`${t.name}: transfer failed`);
    const rate = sent / ((performance.now() - t0) / 1000);
    const cpu1 = cpuMs(t.pid);
    if (cpu0 && cpu1 && ms >= TRANSFER_ROUND_MS)
      transferCpu.push({
        mainThread: (cpu1.mainThread - cpu0.mainThread) / sent,
        process: (cpu1.process - cpu0.process) / sent,
      });
    return rate;
  };
  return { callRound, transferRound, transferCpu };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

/** `npx hardhat node` in a throw-away project: its default network, automine, the same test mnemonic. */
async function startHardhat(): Promise<{ child: ChildProcess; url: string; dir: string }> {
  mkdirSync(join(pkg, 'dist'), { recursive: true });
  const dir = mkdtempSync(join(pkg, 'dist', '.hardhat-bench-'));
  writeFileSync(
    join(dir, 'hardhat.config.cjs'),
    'module.exports = { networks: { hardhat: { mining: { auto: true } } } };\n',
  );
  const port = await freePort();
  const cli = createRequire(import.meta.url).resolve('hardhat/internal/cli/cli.js');
  const child = spawn(process.execPath, [cli, 'node', '--hostname', '127.0.0.1', '--port', String(port)], {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, HARDHAT_DISABLE_TELEMETRY_PROMPT: 'true' },
  });
  await new Promise<void>((resolve, reject) => {
    let text = '';
    child.stdout?.on('data', (d: Buffer) => {
      text += d.toString();
      if (text.includes('JSON-RPC server at')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`hardhat node exited with ${code}: ${text}`)));
  });
  // Its per-request log is not read: leave the pipe drained.
  child.stdout?.removeAllListeners('data');
  child.stdout?.resume();
  return { child, url: `http://127.0.0.1:${port}`, dir };
}

type Figures = { callPerS: number; transferPerS: number; cpu?: Cpu };

/**
 * A warm-up round, then {@link ROUNDS} of each kind, taking turns between the targets: on a shared 2-core machine
 * whose speed drifts over a minute, both meet the same conditions (one target after the other did not).
 */
async function sideBySide(targets: Prepared[]): Promise<Figures[]> {
  const turns = async (round: (t: Prepared) => Promise<number>, warmUp: (t: Prepared) => Promise<number>) => {
    for (const t of targets) await warmUp(t);
    const rates = targets.map(() => [] as number[]);
    for (let i = 0; i < ROUNDS; i++) for (const [j, t] of targets.entries()) rates[j]!.push(await round(t));
    return rates.map(median);
  };
  const calls = await turns(
    (t) => t.callRound(CALL_ROUND_MS),
    (t) => t.callRound(1000),
  );
  const transfers = await turns(
    (t) => t.transferRound(TRANSFER_ROUND_MS),
    (t) => t.transferRound(1000),
  );
  return targets.map((t, j) => ({
    callPerS: calls[j]!,
    transferPerS: transfers[j]!,
    ...(t.transferCpu.length > 0 && {
      cpu: {
        mainThread: median(t.transferCpu.map((c) => c.mainThread)),
        process: median(t.transferCpu.map((c) => c.process)),
      },
    }),
  }));
}

const cpuFigures = (name: string, f: Figures): Record<string, number> =>
  f.cpu
    ? {
        [`${name}.eth_transfer_cpu_ms_per_tx.main_thread`]: Math.round(f.cpu.mainThread * 1000) / 1000,
        [`${name}.eth_transfer_cpu_ms_per_tx.process`]: Math.round(f.cpu.process * 1000) / 1000,
      }
    : {};

/** `devnetPid`: the devnet's process, for its CPU time per transfer (Hardhat's is known, the bench starts it). */
export async function runEthRpcBench(devnetUrl: string, devnetPid?: number): Promise<Record<string, number>> {
  const devnetRpc = new URL(devnetUrl).origin;
  const devnetTarget: Target = {
    name: 'devnet',
    url: devnetRpc,
    ...(devnetPid !== undefined && { pid: devnetPid }),
    chainId: Number(BigInt((await rpc(devnetRpc, 'eth_chainId')) as string)),
    maxFeePerGas: BigInt((await rpc(devnetRpc, 'eth_gasPrice')) as string),
  };
  const figures = (devnet: Figures) => ({
    'devnet.eth_call_req_per_s': Math.round(devnet.callPerS),
    'devnet.eth_transfer_tx_per_s': Math.round(devnet.transferPerS),
    ...cpuFigures('devnet', devnet),
  });
  // The devnet alone (`BENCH_ETH_SKIP_HARDHAT=1`), for profiling it.
  if (process.env.BENCH_ETH_SKIP_HARDHAT) {
    const [devnet] = await sideBySide([await prepare(devnetTarget)]);
    return figures(devnet!);
  }
  const hh = await startHardhat();
  try {
    const prepared = [
      await prepare(devnetTarget),
      await prepare({
        name: 'hardhat',
        url: hh.url,
        ...(hh.child.pid !== undefined && { pid: hh.child.pid }),
        chainId: Number(BigInt((await rpc(hh.url, 'eth_chainId')) as string)),
        maxFeePerGas: 2n * BigInt((await rpc(hh.url, 'eth_gasPrice')) as string),
      }),
    ];
    const [devnet, hardhat] = (await sideBySide(prepared)) as [Figures, Figures];
    return {
      ...figures(devnet),
      'hardhat.eth_call_req_per_s': Math.round(hardhat.callPerS),
      'hardhat.eth_transfer_tx_per_s': Math.round(hardhat.transferPerS),
      ...cpuFigures('hardhat', hardhat),
      'devnet.eth_call.ratio_vs_hardhat': Math.round((devnet.callPerS / hardhat.callPerS) * 100) / 100,
      'devnet.eth_transfer.ratio_vs_hardhat':
        Math.round((devnet.transferPerS / hardhat.transferPerS) * 100) / 100,
    };
  } finally {
    hh.child.kill('SIGTERM');
    await new Promise((r) => hh.child.once('exit', r));
    rmSync(hh.dir, { recursive: true, force: true });
  }
}

/**
 * {@link runEthRpcBench} in a client process of its own, as `npm run bench` runs it: a client that has run the other
 * benches first carries their heap and answers more slowly, which showed as 5-10% fewer transfers than alone.
 */
export function runEthRpcBenchInChild(
  devnetUrl: string,
  devnetPid?: number,
): Promise<Record<string, number>> {
  return new Promise((resolve, reject) => {
    const args = [
      fileURLToPath(import.meta.url),
      devnetUrl,
      ...(devnetPid === undefined ? [] : [String(devnetPid)]),
    ];
    const child = spawn(process.execPath, [...process.execArgv, ...args], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
    });
    child.once('exit', (code) => {
      const last = out.trim().split('\n').at(-1) ?? '';
      if (code === 0) resolve(JSON.parse(last) as Record<string, number>);
      else reject(new Error(`the JSON-RPC bench exited with ${code}: ${out}`));
    });
  });
}

// Alone: `tsx --conditions=source bench/ethRpc.ts <devnet url>` against a running devnet.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const url = process.argv[2] ?? 'http://127.0.0.1:9944/v2/devnet';
  const pid = process.argv[3] === undefined ? undefined : Number(process.argv[3]);
  console.log(JSON.stringify(await runEthRpcBench(url, pid)));
}
