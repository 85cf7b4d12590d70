import { ZERO_ETHEREUM_ADDRESS } from '@nftkit/primitives';
import type { Hex } from 'viem';
import { insufficientFunds } from '../chain/ethereumTx.js';
import { SimulationAbortedError } from '../chain/simulationTurns.js';
import { RPC_ERROR, RpcError, serverError } from '../jsonRpc/errors.js';
import type { TraceRecorder } from '../runtime/context.js';
import { EvmUnavailableError } from '../runtime/evm/engine/engine.js';
import { gasAfterRefund, intrinsicGas } from '../runtime/evm/intrinsic.js';
import { type HeadBlock, simulateCreate, simulateMessage } from '../runtime/evm/simulate.js';
import { MAX_GAS_LIMIT } from '../runtime/evm/transact.js';
import type { EvmOutcome } from '../runtime/evm/types.js';
import { ethBalance } from '../runtime/evm/value.js';
import { rolledBack } from '../storage/savepoint.js';
import { type RpcContext, readStateAt } from './context.js';
import { applyStateOverride, type StateOverride } from './overrides.js';
import type { BlockRef } from './params.js';
import type { AccessList, TransactionRequest } from './request.js';

/** What a simulation runs: the request with its defaults filled (`from` the zero address, `gas` the block's limit). */
export type CallRequest = {
  from: string;
  to: string | null;
  data: Hex;
  value: bigint;
  gas: bigint;
  accessList: AccessList;
};

export function callRequest(req: TransactionRequest): CallRequest {
  return {
    from: req.from ?? ZERO_ETHEREUM_ADDRESS,
    to: req.to,
    data: req.data,
    value: req.value,
    gas: req.gas === undefined || req.gas > MAX_GAS_LIMIT ? MAX_GAS_LIMIT : req.gas,
    accessList: req.accessList ?? [],
  };
}

/** Where a simulation runs: the state of a block, changed by a state override, and the block number the EVM sees. */
export type SimulationScope = { block: BlockRef; stateOverride?: StateOverride; blockNumber?: number };

/**
 * One execution in a scope, at `gasLimit` (intrinsic gas included; below it, geth's refusal); its writes are thrown
 * away. `gasUsed` is what a transaction would be charged: intrinsic gas included, refund taken off.
 */
export type Runner = (
  req: CallRequest,
  gasLimit: bigint,
  observe?: RunObservers,
) => { outcome: EvmOutcome; gasUsed: bigint; createdAddress: string | null };

/** What a run may report besides its outcome: a trace, and its `console.log` lines (printed as the node prints them). */
export type RunObservers = { trace?: TraceRecorder; console?: boolean };

const intrinsicOf = (req: CallRequest) =>
  intrinsicGas({ data: req.data, create: req.to === null, accessList: req.accessList });

/**
 * Runs `body` with a {@link Runner} over the scope's state: the block's state (put back once for all the runs of
 * `body`, as an estimate makes many), the override written over it, all rolled back at the end. It runs in its
 * turn among the node's simulations, under their deadline (`chain/simulationTurns.ts`); one stopped there is
 * geth's -32000 `execution aborted (timeout = 5s)`; `timeoutMs` (a trace's `timeout`) may shorten that deadline.
 */
export async function inScope<T>(
  ctx: RpcContext,
  scope: SimulationScope,
  body: (run: Runner) => T,
  timeoutMs?: number,
): Promise<T> {
  try {
    return await ctx.chain.simulations.run((deadline) => inScopeNow(ctx, scope, deadline, body), timeoutMs);
  } catch (e) {
    if (e instanceof SimulationAbortedError) throw serverError(e.message);
    throw e;
  }
}

function inScopeNow<T>(
  ctx: RpcContext,
  scope: SimulationScope,
  deadline: number | undefined,
  body: (run: Runner) => T,
): T {
  return readStateAt(ctx, scope.block, (stateBlock) => {
    // The EVM's `block.timestamp` is the state block's (the head's for `latest`), as geth runs a call.
    const blockNumber = scope.blockNumber ?? stateBlock;
    const timestamp = ctx.chain.blockTimestamp(stateBlock) ?? ctx.chain.headTimestamp;
    // One object literal of one shape per run: spreading optional parts into it built a slow object every call.
    const run: Runner = (req, gasLimit, observe) =>
      execute(ctx, req, gasLimit, {
        blockNumber,
        timestamp,
        deadline,
        trace: observe?.trace,
        console: observe?.console ? ctx.chain.console : undefined,
      });
    if (!scope.stateOverride) return body(run);
    const override = scope.stateOverride;
    return rolledBack(ctx.chain.storage.db, () => {
      applyStateOverride(ctx.chain.storage, override);
      return body(run);
    });
  });
}

function execute(ctx: RpcContext, req: CallRequest, gasLimit: bigint, block: HeadBlock): ReturnType<Runner> {
  const { storage, evm } = ctx.chain;
  const intrinsic = intrinsicOf(req);
  if (gasLimit < intrinsic)
    throw new RpcError(RPC_ERROR.server, `intrinsic gas too low: have ${gasLimit}, want ${intrinsic}`);
  // A sender who cannot pay the value is refused before anything runs, as geth's state transition refuses it (the
  // call is priced at zero, so the value is all it must hold); it is no revert of the EVM's.
  if (req.value > 0n) {
    const have = ethBalance(storage, req.from);
    if (have < req.value) throw new RpcError(RPC_ERROR.server, insufficientFunds(req.from, have, req.value));
  }
  const execution = gasLimit - intrinsic;
  let outcome: EvmOutcome;
  let createdAddress: string | null = null;
  try {
    if (req.to === null) {
      const created = simulateCreate(
        storage,
        evm,
        block,
        req.from,
        req.data,
        req.value,
        execution,
        req.accessList,
      );
      createdAddress = created.address;
      outcome = created;
    } else
      outcome = simulateMessage(
        storage,
        evm,
        block,
        {
          caller: req.from,
          to: req.to,
          data: req.data,
          value: req.value,
          isStatic: false,
          accessList: req.accessList,
        },
        execution,
      );
  } catch (e) {
    if (e instanceof EvmUnavailableError) throw new RpcError(RPC_ERROR.unavailable, e.message);
    throw e;
  }
  return {
    outcome,
    gasUsed: gasAfterRefund(intrinsic + outcome.gasUsed, outcome.gasRefund ?? 0n),
    createdAddress,
  };
}

/** A revert as geth answers it: code 3, `execution reverted: <reason>`, the revert data in `data`. */
export function reverted(outcome: Extract<EvmOutcome, { ok: false }>): RpcError {
  const reason = outcome.reason === 'revert' ? '' : `: ${outcome.reason}`;
  return new RpcError(RPC_ERROR.reverted, `execution reverted${reason}`, outcome.returnData);
}

/** Hardhat's estimate gives up narrowing after this many rounds. */
const ESTIMATE_ROUNDS = 20;

/** How close Hardhat's estimate gets to the least limit that succeeds, by the size of the limit. */
function estimateMargin(low: bigint): bigint {
  if (low >= 4_000_000n) return 50_000n;
  if (low >= 1_000_000n) return 10_000n;
  if (low >= 100_000n) return 1_000n;
  if (low >= 50_000n) return 500n;
  if (low >= 30_000n) return 300n;
  return 200n;
}

/**
 * Hardhat's estimate (its node is what Solidity developers compare against): the gas the run at the cap was
 * charged (refund off) if that limit succeeds, but above the intrinsic gas (a plain transfer is estimated 21,001);
 * else a binary search of at most 20 rounds, the first probe at three times the failing limit, that stops when the
 * interval is within Hardhat's margin, answering its successful end.
 */
export function estimateGas(run: Runner, req: CallRequest): bigint {
  const cap = req.gas;
  const intrinsic = intrinsicOf(req);
  const full = run(req, cap);
  if (!full.outcome.ok) {
    const o = full.outcome;
    if (o.gasUsed + intrinsic >= cap && o.reason !== 'revert' && /gas/i.test(o.reason))
      throw new RpcError(RPC_ERROR.server, `gas required exceeds allowance (${cap})`);
    throw reverted(o);
  }
  let initial = full.gasUsed <= intrinsic ? intrinsic + 1n : full.gasUsed;
  if (initial > cap) initial = cap;
  if (run(req, initial).outcome.ok) return initial;
  let low = initial;
  let high = cap;
  for (let round = 0; round < ESTIMATE_ROUNDS && high - low > estimateMargin(low); round++) {
    let mid = low + (high - low) / 2n;
    if (round === 0 && mid > 3n * low) mid = 3n * low;
    if (run(req, mid).outcome.ok) high = mid;
    else low = mid + 1n;
  }
  return high;
}
