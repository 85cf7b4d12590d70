import { setImmediate as turn } from 'node:timers/promises';
import type { AccountInfo } from '../runtime/system/storage.js';
import type { Chain, MiningMode } from './chain.js';
import { DevToolError } from './devToolError.js';
import { setBalance, setCode, setNonce, setStorageAt, setSystemAccount } from './stateEdits.js';

// The test helpers developers know — Hardhat's and anvil's (`evm_*`, `hardhat_*`, `anvil_*`), chopsticks' (`dev_*`)
// and the REST routes under `/devnet/` — are faces of these functions: each checks its input, throws `DevToolError`
// naming the parameter at fault before anything changes, and otherwise changes the chain as one step that every face
// (REST, the indexer, JSON-RPC) then answers from.

/** The most addresses impersonated at once (a client may not pile up millions). */
export const MAX_IMPERSONATED = 10_000;
/** The most blocks one call mines: each is a block row with its index rows (about 0.1 ms each). */
export const MAX_MINE_BLOCKS = 100_000;
/** Blocks mined between two turns of the event loop, so other clients are answered while many are mined. */
const MINE_CHUNK = 256;
/** The latest time the chain takes (ms): the end of JavaScript's `Date` range. */
export const MAX_TIME_MS = 8_640_000_000_000_000;
/** The longest interval between mined blocks, or of interval mining (ms): a day... times a thousand years. */
const MAX_INTERVAL_MS = 365_250 * 86_400_000;

const seconds = (ms: number) => Math.floor(ms / 1000);

/** A count or duration in its unit, refused when negative or past `max`. */
function bounded(value: bigint, param: string, max: number, unit: string): number {
  if (value < 0n) throw new DevToolError(param, `must not be negative, got ${value}`, 'invalid');
  if (value > BigInt(max)) throw new DevToolError(param, `at most ${max} ${unit}, got ${value}`, 'invalid');
  return Number(value);
}

// ——— Snapshots ———

/** `evm_snapshot`: the id of a snapshot of the whole chain. */
export function takeSnapshot(chain: Chain): number {
  // The snapshot's point is behind every index row of the blocks before it.
  chain.settleIndex();
  chain.commit();
  return chain.rewind.take(chain.memory(), chain.headNumber);
}

/**
 * `evm_revert`: the whole chain as it was at snapshot `id`. The snapshot and every later one are used up (a snapshot
 * reverts once, as on Hardhat's node). Time stands still across a revert: the chain's clock reads what it read when
 * the snapshot was taken.
 */
export function revertTo(chain: Chain, id: bigint): void {
  const n = id > BigInt(Number.MAX_SAFE_INTEGER) ? -1 : Number(id);
  const point = chain.rewind.snapshot(n);
  if (typeof point === 'string')
    throw new DevToolError(
      'snapshotId',
      point === 'reverted'
        ? `snapshot ${id} was reverted already (a snapshot reverts once: take a new one)`
        : point === 'evicted'
          ? `snapshot ${id} was given up: more was written after it than the devnet keeps an undo log for`
          : `no snapshot ${id} was taken`,
      'invalid',
    );
  chain.rewriteTo(point.seq, n, point.memory);
}

/**
 * `dev_setHead`: a block is the head again, the blocks after it undone — named by its hash, or its number (0 or
 * less counts back from the head, as chopsticks does). Possible back to the first block produced while a snapshot
 * was held (the undo log runs only then). Answers the head's hash.
 */
export function setHead(chain: Chain, target: number | string): string {
  let number: number;
  if (typeof target === 'string') {
    const found = chain.blockNumberOf(target);
    if (found === undefined) throw new DevToolError('hashOrNumber', `Block not found ${target}`);
    number = found;
  } else number = target > 0 ? target : chain.headNumber + target;
  if (!Number.isSafeInteger(number) || number < 0 || number > chain.headNumber)
    throw new DevToolError(
      'hashOrNumber',
      `block ${number} is not in the chain (the head is ${chain.headNumber})`,
    );
  if (number === chain.headNumber) return chain.headHash;
  const end = chain.rewind.blockEnd(number);
  if (end === undefined)
    throw new DevToolError(
      'hashOrNumber',
      `block ${number} cannot be made the head again: the devnet goes back only to blocks produced while a snapshot is held (take one with evm_snapshot first)`,
    );
  chain.rewriteTo(end);
  return chain.headHash;
}

/** `hardhat_reset`: the chain back at its genesis (same hash), nothing impersonated, the start's mining mode. */
export function resetChain(chain: Chain): void {
  chain.rewriteToGenesis();
}

// ——— Time ———

/** `evm_increaseTime`: the chain's time moves `secs` forward; answers the whole offset in seconds. */
export function increaseTime(chain: Chain, secs: bigint): number {
  const ms = bounded(secs, 'seconds', seconds(MAX_TIME_MS), 'seconds') * 1000;
  if (chain.clock.now() + ms > MAX_TIME_MS)
    throw new DevToolError('seconds', `the chain's time would pass ${MAX_TIME_MS} ms`, 'invalid');
  return seconds(chain.editState(() => chain.clock.increase(ms)));
}

/** The head's time in seconds, which a block's timestamp set by hand must be past (Ethereum's rule). */
function afterHead(chain: Chain, secs: bigint, param: string): number {
  const ms = bounded(secs, param, seconds(MAX_TIME_MS), 'seconds') * 1000;
  const head = seconds(chain.headTimestamp);
  if (secs <= BigInt(head))
    throw new DevToolError(
      param,
      `Timestamp ${secs} is lower than or equal to previous block's timestamp ${head}`,
    );
  return ms;
}

/** `evm_setNextBlockTimestamp`: the next block's `block.timestamp` (and the Timestamp pallet's ms) is `secs`. */
export function setNextBlockTimestamp(chain: Chain, secs: bigint): void {
  const ms = afterHead(chain, secs, 'timestamp');
  chain.editState(() => chain.clock.setNextBlock(ms));
}

/** `dev_timeTravel`: the chain's time is `ms` now (the next block carries it); never before the head's. */
export function timeTravel(chain: Chain, ms: number): number {
  if (!Number.isSafeInteger(ms) || ms < 0 || ms > MAX_TIME_MS)
    throw new DevToolError('date', `expected a time between 0 and ${MAX_TIME_MS} ms, got ${ms}`, 'invalid');
  if (ms < chain.headTimestamp)
    throw new DevToolError(
      'date',
      `${new Date(ms).toISOString()} is before the head block's time (${new Date(chain.headTimestamp).toISOString()}): a chain's time does not go back`,
    );
  chain.editState(() => chain.clock.travel(ms));
  return ms;
}

// ——— Mining ———

/**
 * `hardhat_mine` / `evm_mine`: `count` blocks now, `intervalSecs` apart (the first at `firstSecs` if given, else at
 * the chain's time), whatever the mining mode. Mined a few hundred at a time, letting other clients in between.
 * Answers the last block's number.
 */
export async function mineBlocks(
  chain: Chain,
  count: bigint,
  intervalSecs: bigint,
  firstSecs?: bigint,
): Promise<number> {
  const n = bounded(count, 'blocks', MAX_MINE_BLOCKS, 'blocks per call');
  const interval = bounded(intervalSecs, 'interval', MAX_INTERVAL_MS / 1000, 'seconds') * 1000;
  const first = firstSecs === undefined ? undefined : afterHead(chain, firstSecs, 'timestamp');
  const lastMs =
    (first ?? chain.clock.nextBlockTimestamp(chain.headTimestamp)) + interval * Math.max(n - 1, 0);
  if (lastMs > MAX_TIME_MS)
    throw new DevToolError('interval', `the last block's time would pass ${MAX_TIME_MS} ms`, 'invalid');
  let last = chain.headNumber;
  for (let done = 0; done < n; done += MINE_CHUNK) {
    if (done > 0) await turn();
    last = chain.mine(
      Math.min(MINE_CHUNK, n - done),
      interval,
      done === 0 ? first : chain.headTimestamp + interval,
    );
  }
  return last;
}

/** `evm_setAutomine`: each ready transaction gets a block at once, or waits for a mined one. */
export function setAutomine(chain: Chain, on: boolean): void {
  chain.setMiningMode({ automine: on });
}

/** `evm_setIntervalMining`: a block every `ms` (a `[min, max]` range draws each interval), 0 for none. */
export function setIntervalMining(chain: Chain, ms: bigint | readonly [bigint, bigint]): void {
  let interval: MiningMode['intervalMs'];
  if (typeof ms === 'bigint') interval = bounded(ms, 'interval', MAX_INTERVAL_MS, 'ms');
  else {
    const [min, max] = [
      bounded(ms[0], 'interval', MAX_INTERVAL_MS, 'ms'),
      bounded(ms[1], 'interval', MAX_INTERVAL_MS, 'ms'),
    ];
    if (min > max)
      throw new DevToolError('interval', `the range's start ${min} is past its end ${max}`, 'invalid');
    if (min === 0)
      throw new DevToolError('interval', 'a range of intervals starts at 1 ms at least', 'invalid');
    interval = [min, max];
  }
  chain.setMiningMode({ intervalMs: interval });
}

// ——— The pool and impersonation ———

/** `hardhat_dropTransaction`: answers whether the pool held it; a transaction already in a block is refused. */
export function dropTransaction(chain: Chain, hash: string): boolean {
  if (chain.dropTransaction(hash)) return true;
  if (chain.history.has(hash))
    throw new DevToolError('hash', `Transaction ${hash} cannot be dropped because it's already mined`);
  return false;
}

/** `hardhat_impersonateAccount`: transactions from `address` are taken without its key; answers whether it was new. */
export function impersonate(chain: Chain, address: string): boolean {
  if (chain.impersonated.has(address)) return false;
  if (chain.impersonated.size >= MAX_IMPERSONATED)
    throw new DevToolError('address', `at most ${MAX_IMPERSONATED} accounts are impersonated at once`);
  chain.impersonated.add(address);
  return true;
}

/** `hardhat_stopImpersonatingAccount`: answers whether `address` was impersonated. */
export function stopImpersonating(chain: Chain, address: string): boolean {
  return chain.impersonated.delete(address);
}

// ——— State ———

/** `hardhat_setBalance`: what `address` (Ethereum or SS58) can spend is `wei`. */
export function setAccountBalance(chain: Chain, address: string, wei: bigint): void {
  chain.editState(() => setBalance(chain.storage, address, wei));
}

/** `hardhat_setNonce`: the nonce the next transaction of `address` carries. */
export function setAccountNonce(chain: Chain, address: string, nonce: bigint): void {
  const pooled = chain.pool.all().filter((t) => t.signer.toLowerCase() === address.toLowerCase()).length;
  chain.editState(() => setNonce(chain.storage, address, nonce, pooled));
}

/** `hardhat_setCode`: the code `address` runs. */
export function setAccountCode(chain: Chain, address: string, code: Uint8Array): void {
  chain.editState(() => setCode(chain.storage, address, code));
}

/** `hardhat_setStorageAt`: one 32-byte storage slot of `address`. */
export function setAccountStorageAt(chain: Chain, address: string, slot: bigint, value: Uint8Array): void {
  chain.editState(() => setStorageAt(chain.storage, address, slot, value));
}

/** `dev_setStorage`'s `System.Account` entries: each account's whole record, all or none. */
export function setSystemAccounts(
  chain: Chain,
  entries: readonly [address: string, info: AccountInfo][],
): void {
  chain.editState(() => {
    for (const [address, info] of entries) setSystemAccount(chain.storage, address, info, 'values');
  });
}
