import { ZERO_ETHEREUM_ADDRESS } from '@nftkit/primitives';
import type { Hex } from 'viem';
import { RPC_ERROR, RpcError } from '../jsonRpc/errors.js';
import { EvmUnavailableError } from '../runtime/evm/engine/engine.js';
import { BASE_GAS } from '../runtime/evm/gas.js';
import { simulateCreate, simulateMessage } from '../runtime/evm/simulate.js';
import { MAX_GAS_LIMIT } from '../runtime/evm/transact.js';
import type { EvmOutcome } from '../runtime/evm/types.js';
import { rolledBack } from '../storage/savepoint.js';
import { type RpcContext, readStateAt } from './context.js';
import { applyStateOverride, type StateOverride } from './overrides.js';
import type { BlockRef } from './params.js';
import type { TransactionRequest } from './request.js';

/** What a simulation runs: the request with its defaults filled (`from` the zero address, `gas` the block's limit). */
export type CallRequest = { from: string; to: string | null; data: Hex; value: bigint; gas: bigint };

export function callRequest(req: TransactionRequest): CallRequest {
  return {
    from: req.from ?? ZERO_ETHEREUM_ADDRESS,
    to: req.to,
    data: req.data,
    value: req.value,
    gas: req.gas === undefined || req.gas > MAX_GAS_LIMIT ? MAX_GAS_LIMIT : req.gas,
  };
}

/** Where a simulation runs: the state of a block, changed by a state override, and the block number the EVM sees. */
export type SimulationScope = { block: BlockRef; stateOverride?: StateOverride; blockNumber?: number };

/** One execution in a scope, at `gasLimit` (intrinsic gas included); its writes are thrown away. */
export type Runner = (req: CallRequest, gasLimit: bigint) => EvmOutcome;

/**
 * Runs `body` with a {@link Runner} over the scope's state: the block's state (put back once for all the runs of
 * `body`, as an estimate makes many), the override written over it, all rolled back at the end.
 */
export function inScope<T>(ctx: RpcContext, scope: SimulationScope, body: (run: Runner) => T): T {
  return readStateAt(ctx, scope.block, (stateBlock) => {
    const blockNumber = scope.blockNumber ?? stateBlock;
    const run: Runner = (req, gasLimit) => execute(ctx, req, gasLimit, blockNumber);
    if (!scope.stateOverride) return body(run);
    const override = scope.stateOverride;
    return rolledBack(ctx.chain.storage.db, () => {
      applyStateOverride(ctx.chain.storage, override);
      return body(run);
    });
  });
}

function execute(ctx: RpcContext, req: CallRequest, gasLimit: bigint, blockNumber: number): EvmOutcome {
  const { storage, evm } = ctx.chain;
  const execution = gasLimit > BASE_GAS ? gasLimit - BASE_GAS : 0n;
  try {
    return req.to === null
      ? simulateCreate(storage, evm, blockNumber, req.from, req.data, req.value, execution)
      : simulateMessage(
          storage,
          evm,
          blockNumber,
          { caller: req.from, to: req.to, data: req.data, value: req.value, isStatic: false },
          execution,
        );
  } catch (e) {
    if (e instanceof EvmUnavailableError) throw new RpcError(RPC_ERROR.unavailable, e.message);
    throw e;
  }
}

/** A revert as geth answers it: code 3, `execution reverted: <reason>`, the revert data in `data`. */
export function reverted(outcome: Extract<EvmOutcome, { ok: false }>): RpcError {
  const reason = outcome.reason === 'revert' ? '' : `: ${outcome.reason}`;
  return new RpcError(RPC_ERROR.reverted, `execution reverted${reason}`, outcome.returnData);
}

/**
 * The least gas limit at which the request succeeds, up to its cap: the gas used at the cap, checked by running at
 * that limit; when the execution needs more than it uses (gas forwarded to inner calls, refunds), a binary search up
 * to the cap finds the least that succeeds.
 */
export function estimateGas(run: Runner, req: CallRequest): bigint {
  const cap = req.gas;
  const full = run(req, cap);
  if (!full.ok) {
    if (full.gasUsed + BASE_GAS >= cap && full.reason !== 'revert' && /gas/i.test(full.reason))
      throw new RpcError(RPC_ERROR.server, `gas required exceeds allowance (${cap})`);
    throw reverted(full);
  }
  let low = BASE_GAS + full.gasUsed;
  if (low > cap) low = cap;
  if (run(req, low).ok) return low;
  let high = cap;
  while (high - low > 1n) {
    const mid = (low + high) / 2n;
    if (run(req, mid).ok) high = mid;
    else low = mid;
  }
  return high;
}
