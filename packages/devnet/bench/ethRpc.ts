import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Abi, encodeDeployData, encodeFunctionData, type Hex, keccak256 } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { ETH_DEV_ACCOUNTS } from '../src/chain/ethDevAccounts.js';
import { backToBack, httpRequest } from './http.js';
import { startHttpCeiling } from './httpCeiling.js';
import { PEER_NAMES, type Peer, type PeerName, startPeer } from './peers.js';

// The JSON-RPC figures, side by side with Hardhat's node and anvil (bench/peers.ts) on this
// machine, on the same work: an ERC-20 `balanceOf` eth_call over 8 connections; signed ERC-20 transfers sent with
// eth_sendRawTransaction by 8 senders, each waiting for its previous one to be accepted (devnet and Hardhat: anvil
// left transactions of such bursts pending); and value transfers from one sender, each waited for up to its
// receipt before the next is sent, as a test suite sends. All nodes run at once and take turns round by round (see
// `turns`). A peer that cannot start, or fails in a round, is left out and `<peer>.available` is 0. The eth_call
// rounds also measure bench/httpCeiling.ts, Node's bare HTTP server answering a fixed result: the most a Node.js
// server can answer here with this client (`node_http_ceiling.eth_call_req_per_s`).

const CONNECTIONS = 8;
const CALL_ROUND_MS = 3000;
const TRANSFER_ROUND_MS = 4000;
const ONE_SENDER_ROUND_MS = 3000;
const ROUNDS = 3;
/** Transfers signed ahead for each sender and round, so the signing is not timed (more than a round can send). */
const SIGNED_PER_SENDER = 1500;
/** One-sender transfers kept signed ahead (a round sends ~1 500/s at most here). */
const ONE_SENDER_SIGNED = 6000;
/** A transaction with no receipt after this long was lost: the round fails rather than waiting forever. */
const RECEIPT_MS = 60_000;

const pkg = fileURLToPath(new URL('..', import.meta.url));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const { contracts } = JSON.parse(
  readFileSync(join(pkg, 'test', 'fixtures', 'evm', 'contracts.json'), 'utf8'),
) as { contracts: Record<string, { abi: Abi; bytecode: Hex }> };
const token20 = contracts.Token20!;

type Target = {
  /** `node_http`: the fixed-answer server of bench/httpCeiling.ts, in the eth_call rounds only. */
  name: 'devnet' | PeerName | 'node_http';
  url: string;
  chainId: number;
  maxFeePerGas: bigint;
  /** The node's process on this machine, whose CPU time the transfer rounds read (Linux `/proc`). */
  pid?: number;
  /** Whether its main thread's CPU time is its work's (not for anvil, whose work runs on a thread pool). */
  mainThreadWorks: boolean;
};

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

/** The 1-minute load average (Linux `/proc/loadavg`), undefined elsewhere. */
function loadAverage(): number | undefined {
  try {
    return Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);
  } catch {
    return undefined;
  }
}

/**
 * A POST that survives keep-alive sockets the server closed while they sat idle (Hardhat's node and the devnet close
 * them after 5 s, e.g. while the next round is signed): a reset before any answer is sent again, on the next pooled
 * socket or a new one (each stale socket fails once, and the pool holds at most {@link CONNECTIONS} per node).
 */
async function post(url: string, body: string) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await httpRequest(url, 'POST', body);
    } catch (e) {
      if ((e as { code?: string }).code !== 'ECONNRESET' || attempt > CONNECTIONS) throw e;
    }
  }
}

let rpcId = 0;
async function rpc(url: string, method: string, params: unknown[] = []): Promise<unknown> {
  const res = await post(url, JSON.stringify({ jsonrpc: '2.0', id: ++rpcId, method, params }));
  const body = JSON.parse(res.text) as { result?: unknown; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result;
}

type Receipt = { status: string; contractAddress: string | null };

/** The receipt of `hash`, asked for at once and then every `retryMs`; throws after {@link RECEIPT_MS}. */
async function receipt(t: Target, hash: string, retryMs = 20): Promise<Receipt> {
  const deadline = performance.now() + RECEIPT_MS;
  for (;;) {
    const r = (await rpc(t.url, 'eth_getTransactionReceipt', [hash])) as Receipt | null;
    if (r) return r;
    if (performance.now() > deadline) throw new Error(`${t.name}: no receipt for ${hash}`);
    await new Promise((resolve) => setTimeout(resolve, retryMs));
  }
}

const keys = ETH_DEV_ACCOUNTS.map(([, key]) => privateKeyToAccount(key as Hex));
/** Sends the one-sender transfers; keys 1-8 send the ERC-20 transfers, key 9 receives both. */
const ONE_SENDER = 0;

type Tx = { to?: Hex; data?: Hex; value?: bigint; gas: bigint };

function sign(t: Target, sender: number, nonce: number, tx: Tx): Promise<Hex> {
  return keys[sender]!.signTransaction({
    type: 'eip1559',
    chainId: t.chainId,
    nonce,
    ...tx,
    maxFeePerGas: t.maxFeePerGas,
    maxPriorityFeePerGas: 0n,
  });
}

/** Signs and sends one transaction from `sender`; answers its hash. */
async function send(t: Target, sender: number, nonce: number, tx: Tx) {
  return (await rpc(t.url, 'eth_sendRawTransaction', [await sign(t, sender, nonce, tx)])) as string;
}

type Round = (ms: number) => Promise<number>;

type Prepared = {
  target: Target;
  callRound: Round;
  transferRound: Round;
  oneSenderRound: Round;
  /** CPU ms per transfer of each timed round of either kind, when the node's process can be read. */
  transferCpu: Cpu[];
  oneSenderCpu: Cpu[];
  /** The eth_call the call rounds send. */
  callBody: string;
};

/** A round of `body` (an eth_call) sent back to back over {@link CONNECTIONS} connections; answers calls/s. */
function callRoundOf(t: Target, body: string): Round {
  return (ms: number) =>
    backToBack(CONNECTIONS, ms, async () => {
      const res = await post(t.url, body);
      if (res.status !== 200 || !res.text.includes('"result":"0x')) throw new Error(`${t.name}: ${res.text}`);
    });
}

/**
 * The HTTP ceiling as a target of the eth_call rounds: the same request body as the devnet's (it is parsed, not
 * run). It has no transfer rounds.
 */
function ceilingTarget(url: string, body: string): Prepared {
  const target: Target = { name: 'node_http', url, chainId: 0, maxFeePerGas: 0n, mainThreadWorks: true };
  const none: Round = () => Promise.reject(new Error('the HTTP ceiling has eth_call rounds only'));
  return {
    target,
    callRound: callRoundOf(target, body),
    transferRound: none,
    oneSenderRound: none,
    transferCpu: [],
    oneSenderCpu: [],
    callBody: body,
  };
}

/** Deploys the token on `t` and funds the senders; answers the kinds of round, each of them repeatable. */
async function prepare(t: Target): Promise<Prepared> {
  const nonces = await Promise.all(
    keys.map(async (k) =>
      Number(BigInt((await rpc(t.url, 'eth_getTransactionCount', [k.address, 'latest'])) as string)),
    ),
  );
  const deployHash = await send(t, 0, nonces[0]!++, {
    data: encodeDeployData({ abi: token20.abi, bytecode: token20.bytecode, args: ['Bench', 10n ** 30n] }),
    gas: 3_000_000n,
  });
  const deployed = await receipt(t, deployHash);
  if (deployed.status !== '0x1' || !deployed.contractAddress) throw new Error(`${t.name}: deploy failed`);
  const token = deployed.contractAddress as Hex;
  // Every sender holds tokens to send.
  for (let s = 1; s <= CONNECTIONS; s++) {
    const h = await send(t, 0, nonces[0]!++, {
      to: token,
      data: encodeFunctionData({
        abi: token20.abi,
        functionName: 'transfer',
        args: [keys[s]!.address, 10n ** 24n],
      }),
      gas: 100_000n,
    });
    if ((await receipt(t, h)).status !== '0x1') throw new Error(`${t.name}: funding transfer failed`);
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
  const callRound = callRoundOf(t, callBody);

  /** CPU ms per transaction between two readings, kept for timed rounds only (not warm-ups). */
  const cpuPer = (into: Cpu[], before: Cpu | undefined, sent: number, timed: boolean) => {
    const after = cpuMs(t.pid);
    if (before && after && timed && sent > 0)
      into.push({
        mainThread: (after.mainThread - before.mainThread) / sent,
        process: (after.process - before.process) / sent,
      });
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
            sign(t, c + 1, nonces[c + 1]! + i, { to: token, data: transferData, gas: 100_000n }),
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
      if ((await receipt(t, h)).status !== '0x1') throw new Error(`${t.name}: transfer failed`);
    const rate = sent / ((performance.now() - t0) / 1000);
    cpuPer(transferCpu, cpu0, sent, ms >= TRANSFER_ROUND_MS);
    return rate;
  };

  // Value transfers signed ahead with the next nonces; those a round did not send are the next round's first.
  const queued: Hex[] = [];
  const oneSenderCpu: Cpu[] = [];
  const oneSenderRound = async (ms: number) => {
    const first = nonces[ONE_SENDER]! + queued.length;
    queued.push(
      ...(await Promise.all(
        Array.from({ length: ONE_SENDER_SIGNED - queued.length }, (_, i) =>
          sign(t, ONE_SENDER, first + i, { to: keys[9]!.address, value: 1n, gas: 21_000n }),
        ),
      )),
    );
    let sent = 0;
    const deadline = performance.now() + ms;
    const cpu0 = cpuMs(t.pid);
    const t0 = performance.now();
    while (queued.length > 0 && performance.now() < deadline) {
      const hash = (await rpc(t.url, 'eth_sendRawTransaction', [queued.shift()])) as string;
      nonces[ONE_SENDER]!++;
      // Asked for again each millisecond: anvil mines just after it answers, the others before.
      if ((await receipt(t, hash, 1)).status !== '0x1') throw new Error(`${t.name}: value transfer failed`);
      sent++;
    }
    const rate = sent / ((performance.now() - t0) / 1000);
    cpuPer(oneSenderCpu, cpu0, sent, ms >= ONE_SENDER_ROUND_MS);
    return rate;
  };
  return { target: t, callRound, transferRound, oneSenderRound, transferCpu, oneSenderCpu, callBody };
}

type EvmRuns = { fastInterpreter: number; library: number };

/** How many EVM runs the devnet made on each engine so far (`/devnet/info`); undefined from a devnet without them. */
async function evmRuns(devnetUrl: string): Promise<EvmRuns | undefined> {
  const res = await httpRequest(`${devnetUrl}/devnet/info`);
  const info = JSON.parse(res.text) as { evmRuns?: EvmRuns };
  return res.status === 200 ? info.evmRuns : undefined;
}

/** Why each peer that was asked for is missing from the figures. */
type Failures = Map<Exclude<Target['name'], 'devnet'>, string>;

/**
 * A warm-up round, then {@link ROUNDS} rounds, taking turns between the targets: on a shared 2-core machine whose
 * speed drifts over a minute, all meet the same conditions (one target after the other did not). A peer whose
 * round throws is dropped from this and later rounds; the devnet's failure fails the bench.
 */
async function turns(
  targets: Prepared[],
  failed: Failures,
  round: (t: Prepared) => Round,
  ms: number,
): Promise<Map<Prepared, number>> {
  const rates = new Map<Prepared, number[]>();
  const attempt = async (t: Prepared, roundMs: number) => {
    const name = t.target.name;
    if (name !== 'devnet' && failed.has(name)) return;
    try {
      const rate = await round(t)(roundMs);
      if (roundMs === ms) rates.set(t, [...(rates.get(t) ?? []), rate]);
    } catch (e) {
      if (name === 'devnet') throw e;
      failed.set(name, (e as Error).message);
      console.error(`[bench] ${name} left out: ${(e as Error).message}`);
    }
  };
  for (const t of targets) await attempt(t, 1000);
  for (let i = 0; i < ROUNDS; i++) for (const t of targets) await attempt(t, ms);
  const medians = new Map<Prepared, number>();
  for (const t of targets) {
    const name = t.target.name;
    const xs = rates.get(t);
    if (xs && (name === 'devnet' || !failed.has(name))) medians.set(t, median(xs));
  }
  return medians;
}

const ms3 = (x: number) => Math.round(x * 1000) / 1000;
const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;

function cpuFigures(t: Target, figure: string, cpu: Cpu[]): Record<string, number> {
  if (cpu.length === 0) return {};
  return {
    ...(t.mainThreadWorks && {
      [`${t.name}.${figure}_cpu_ms_per_tx.main_thread`]: ms3(median(cpu.map((c) => c.mainThread))),
    }),
    [`${t.name}.${figure}_cpu_ms_per_tx.process`]: ms3(median(cpu.map((c) => c.process))),
  };
}

async function targetOf(
  name: Target['name'],
  url: string,
  pid: number | undefined,
  mainThreadWorks: boolean,
): Promise<Target> {
  const gasPrice = BigInt((await rpc(url, 'eth_gasPrice')) as string);
  return {
    name,
    url,
    ...(pid !== undefined && { pid }),
    mainThreadWorks,
    chainId: Number(BigInt((await rpc(url, 'eth_chainId')) as string)),
    // The devnet's price is fixed; the peers' base fee moves from block to block.
    maxFeePerGas: name === 'devnet' ? gasPrice : 2n * gasPrice,
  };
}

/**
 * The peers to compare with: `BENCH_ETH_PEERS` (comma-separated; empty for the devnet alone, e.g. to profile it),
 * by default all of them.
 */
function peersAsked(): PeerName[] {
  const asked = process.env.BENCH_ETH_PEERS;
  if (asked === undefined) return [...PEER_NAMES];
  const names = asked
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const n of names)
    if (!(PEER_NAMES as readonly string[]).includes(n))
      throw new Error(`BENCH_ETH_PEERS: unknown peer ${n} (known: ${PEER_NAMES.join(', ')})`);
  return names as PeerName[];
}

const ROUND_NAMES = ['call', 'transfer', 'one_sender', 'flood'] as const;
type RoundName = (typeof ROUND_NAMES)[number];

/**
 * The kinds of round to run: `BENCH_ETH_ROUNDS` (comma-separated, of {@link ROUND_NAMES}), by default all of them;
 * one kind alone is quicker to profile or to compare. The figures of the others are left out of the results.
 */
function roundsAsked(): Set<RoundName> {
  const asked = process.env.BENCH_ETH_ROUNDS;
  if (asked === undefined) return new Set(ROUND_NAMES);
  const names = asked
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const n of names)
    if (!(ROUND_NAMES as readonly string[]).includes(n))
      throw new Error(`BENCH_ETH_ROUNDS: unknown round ${n} (known: ${ROUND_NAMES.join(', ')})`);
  return new Set(names as RoundName[]);
}

/** `devnetPid`: the devnet's process, for its CPU time per transfer (the peers' are known, the bench starts them). */
/** The flood round: clients each sending 30 M-gas loops back to back, while one client polls the health route. */
const FLOOD_CLIENTS = 20;
const FLOOD_MS = 5000;
/** Runtime code that loops until its gas runs out (JUMPDEST, PUSH1 0, JUMP), put at an address by a state override. */
const LOOP_CODE = '0x5b600056';
const LOOP_ADDRESS = '0x1000000000000000000000000000000000000042';

/**
 * How long `GET <devnet>/health` takes while {@link FLOOD_CLIENTS} clients send `eth_call`s of a 30 M-gas loop (each
 * ends out of gas or at the devnet's deadline), as milliseconds at the 50th and 99th percentile and the worst. What
 * one client can do to every other: before simulations took turns, such a flood held health checks for seconds.
 */
async function healthUnderFlood(devnetUrl: string): Promise<{ p50: number; p99: number; max: number }> {
  const origin = new URL(devnetUrl).origin;
  const call = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'eth_call',
    params: [{ to: LOOP_ADDRESS, gas: '0x1c9c380' }, 'latest', { [LOOP_ADDRESS]: { code: LOOP_CODE } }],
  });
  let stop = false;
  const clients = Array.from({ length: FLOOD_CLIENTS }, async () => {
    while (!stop) await httpRequest(origin, 'POST', call);
  });
  const polls: number[] = [];
  const end = performance.now() + FLOOD_MS;
  while (performance.now() < end) {
    const t = performance.now();
    await httpRequest(`${devnetUrl}/health`);
    polls.push(performance.now() - t);
  }
  stop = true;
  await Promise.all(clients);
  polls.sort((a, b) => a - b);
  const at = (q: number) => polls[Math.min(polls.length - 1, Math.floor(q * polls.length))]!;
  const ms = (x: number) => Math.round(x * 10) / 10;
  return { p50: ms(at(0.5)), p99: ms(at(0.99)), max: ms(polls.at(-1)!) };
}

export async function runEthRpcBench(devnetUrl: string, devnetPid?: number): Promise<Record<string, number>> {
  const devnet = await targetOf('devnet', new URL(devnetUrl).origin, devnetPid, true);
  const failed: Failures = new Map();
  const peers: Peer[] = [];
  try {
    const prepared = [await prepare(devnet)];
    for (const name of peersAsked()) {
      try {
        const peer = await startPeer(name);
        peers.push(peer);
        prepared.push(await prepare(await targetOf(name, peer.url, peer.pid, peer.mainThreadWorks)));
      } catch (e) {
        failed.set(name, (e as Error).message);
        console.error(`[bench] ${name} left out: ${(e as Error).message}`);
      }
    }
    const rounds = roundsAsked();
    const none = new Map<Prepared, number>();
    const results: Record<string, number> = {};
    const rateOf = (m: Map<Prepared, number>, name: Target['name']) =>
      [...m].find(([p]) => p.target.name === name)?.[1];
    const runs0 = await evmRuns(devnetUrl);
    let calls = none;
    if (rounds.has('call')) {
      const ceiling = await startHttpCeiling();
      try {
        calls = await turns(
          [...prepared, ceilingTarget(ceiling.url, prepared[0]!.callBody)],
          failed,
          (t) => t.callRound,
          CALL_ROUND_MS,
        );
      } finally {
        await ceiling.stop();
      }
      const devnetCalls = rateOf(calls, 'devnet');
      const ceilingCalls = rateOf(calls, 'node_http');
      if (devnetCalls !== undefined && ceilingCalls !== undefined) {
        results['node_http_ceiling.eth_call_req_per_s'] = Math.round(ceilingCalls);
        results['devnet.eth_call.ratio_vs_node_http_ceiling'] = ratio(devnetCalls, ceilingCalls);
      }
    }
    const transfers = rounds.has('transfer')
      ? await turns(
          prepared.filter((p) => p.target.name !== 'anvil'),
          failed,
          (t) => t.transferRound,
          TRANSFER_ROUND_MS,
        )
      : none;
    const runs1 = await evmRuns(devnetUrl);
    const oneSender = rounds.has('one_sender')
      ? await turns(prepared, failed, (t) => t.oneSenderRound, ONE_SENDER_ROUND_MS)
      : none;

    // Last: what is left of the flood (calls still running at the end) does not touch the other rounds.
    if (rounds.has('flood')) {
      const flood = await healthUnderFlood(devnetUrl);
      results['devnet.health_ms_under_eth_call_flood.p50'] = flood.p50;
      results['devnet.health_ms_under_eth_call_flood.p99'] = flood.p99;
      results['devnet.health_ms_under_eth_call_flood.max'] = flood.max;
    }
    // How busy the machine was over the last minute of the rounds: the bench's own processes account for about 2
    // (the node whose turn it is, its threads, the client); more means other tenants took CPU time, and the
    // devnet's CPU per transfer rises with that (docs/decisions/devnet-ethrpc.md).
    const load = loadAverage();
    if (load !== undefined) results['machine.load_avg_1m.eth_rpc_rounds'] = load;
    if (runs0 && runs1 && runs1.fastInterpreter + runs1.library > runs0.fastInterpreter + runs0.library) {
      // Every EVM run of the eth_call and ERC-20 transfer rounds can take the fast interpreter; when some did not,
      // the devnet's figures are the library's and the results say so.
      const fast = runs1.fastInterpreter - runs0.fastInterpreter;
      const library = runs1.library - runs0.library;
      results['devnet.evm_fast_interpreter_share'] = Math.round((fast / (fast + library)) * 1000) / 1000;
      results['devnet.evm_library_runs'] = library;
      if (library > 0)
        console.error(
          `[bench] ${library} of ${fast + library} EVM runs of the devnet did not take the fast interpreter`,
        );
    }
    for (const p of prepared) {
      const { name } = p.target;
      if (name !== 'devnet' && failed.has(name)) continue;
      const call = rateOf(calls, name);
      const transfer = rateOf(transfers, name);
      const one = rateOf(oneSender, name);
      if (call !== undefined) results[`${name}.eth_call_req_per_s`] = Math.round(call);
      if (transfer !== undefined) results[`${name}.eth_transfer_tx_per_s`] = Math.round(transfer);
      if (one !== undefined) results[`${name}.eth_transfer_one_sender_tx_per_s`] = Math.round(one);
      Object.assign(
        results,
        cpuFigures(p.target, 'eth_transfer', p.transferCpu),
        cpuFigures(p.target, 'eth_transfer_one_sender', p.oneSenderCpu),
      );
    }
    for (const peer of peersAsked()) {
      results[`${peer}.available`] = failed.has(peer) ? 0 : 1;
      if (failed.has(peer)) continue;
      const vs = (figure: string, m: Map<Prepared, number>) => {
        const d = rateOf(m, 'devnet');
        const p = rateOf(m, peer);
        if (d !== undefined && p !== undefined) results[`devnet.${figure}.ratio_vs_${peer}`] = ratio(d, p);
      };
      vs('eth_call', calls);
      if (peer !== 'anvil') vs('eth_transfer', transfers);
      vs('eth_transfer_one_sender', oneSender);
    }
    return results;
  } finally {
    for (const peer of peers) await peer.stop();
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

// Alone: `tsx --conditions=source bench/ethRpc.ts <devnet url> [devnet pid]` against a running devnet.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const url = process.argv[2] ?? 'http://127.0.0.1:9944/v2/devnet';
  const pid = process.argv[3] === undefined ? undefined : Number(process.argv[3]);
  console.log(JSON.stringify(await runEthRpcBench(url, pid)));
}
