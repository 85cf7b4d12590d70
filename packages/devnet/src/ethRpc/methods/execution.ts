import { ZERO_ETHEREUM_ADDRESS } from '@nftkit/primitives';
import type { Hex } from 'viem';
import { MAX_RAW_TRANSACTION_BYTES } from '../../runtime/ethereum/transaction.js';
import { EvmUnavailableError } from '../../runtime/evm/engine/engine.js';
import { BASE_GAS } from '../../runtime/evm/gas.js';
import { simulateCreate, simulateMessage } from '../../runtime/evm/simulate.js';
import { MAX_GAS_LIMIT } from '../../runtime/evm/transact.js';
import type { EvmOutcome } from '../../runtime/evm/types.js';
import { type RpcContext, type RpcMethod, requireHeadState } from '../context.js';
import { RPC_ERROR, RpcError } from '../errors.js';
import { quantity } from '../format.js';
import { Params, parseAddress, parseData, parseQuantity } from '../params.js';

/** A call object (`eth_call`, `eth_estimateGas`): fields Ethereum clients send; fee fields are accepted and unused. */
type CallRequest = { from: string; to: string | null; data: Hex; value: bigint; gas: bigint };

function callRequest(p: Params, i: number): CallRequest {
  const o = p.object(i, 'transaction');
  const fail = (field: string) => (what: string) => p.fail(i, 'transaction', `${field}: ${what}`);
  const opt = <T>(field: string, parse: (v: unknown, f: (w: string) => never) => T): T | undefined =>
    o[field] === undefined || o[field] === null ? undefined : parse(o[field], fail(field));
  const data = opt('data', (v, f) => parseData(v, MAX_RAW_TRANSACTION_BYTES, f));
  const input = opt('input', (v, f) => parseData(v, MAX_RAW_TRANSACTION_BYTES, f));
  if (data !== undefined && input !== undefined && data !== input)
    fail('input')('both data and input are set and differ');
  for (const field of ['gasPrice', 'maxFeePerGas', 'maxPriorityFeePerGas', 'nonce'])
    opt(field, parseQuantity);
  const gas = opt('gas', parseQuantity);
  return {
    from: opt('from', parseAddress) ?? ZERO_ETHEREUM_ADDRESS,
    to: opt('to', parseAddress) ?? null,
    data: input ?? data ?? '0x',
    value: opt('value', parseQuantity) ?? 0n,
    gas: gas === undefined || gas > MAX_GAS_LIMIT ? MAX_GAS_LIMIT : gas,
  };
}

/** Runs the request at the head with `gasLimit` (intrinsic gas included) and throws its writes away. */
function run(ctx: RpcContext, req: CallRequest, gasLimit: bigint): EvmOutcome {
  const { storage, evm, headNumber } = ctx.chain;
  const execution = gasLimit > BASE_GAS ? gasLimit - BASE_GAS : 0n;
  try {
    return req.to === null
      ? simulateCreate(storage, evm, headNumber, req.from, req.data, req.value, execution)
      : simulateMessage(
          storage,
          evm,
          headNumber,
          { caller: req.from, to: req.to, data: req.data, value: req.value, isStatic: false },
          execution,
        );
  } catch (e) {
    if (e instanceof EvmUnavailableError) throw new RpcError(RPC_ERROR.unavailable, e.message);
    throw e;
  }
}

/** A revert as geth answers it: code 3, `execution reverted: <reason>`, the revert data in `data`. */
function reverted(outcome: Extract<EvmOutcome, { ok: false }>): RpcError {
  const reason = outcome.reason === 'revert' ? '' : `: ${outcome.reason}`;
  return new RpcError(RPC_ERROR.reverted, `execution reverted${reason}`, outcome.returnData);
}

export const executionMethods: Record<string, RpcMethod> = {
  eth_call: (ctx, params) => {
    const p = new Params(params, 3);
    const req = callRequest(p, 0);
    requireHeadState(ctx, p.block(1, 'block'));
    const outcome = run(ctx, req, req.gas);
    if (!outcome.ok) throw reverted(outcome);
    return outcome.returnData;
  },

  /**
   * The gas used at the request's cap, checked by running at that limit; when the execution needs more than it
   * uses (gas forwarded to inner calls, refunds), a binary search up to the cap finds the least that succeeds.
   */
  eth_estimateGas: (ctx, params) => {
    const p = new Params(params, 3);
    const req = callRequest(p, 0);
    if (p.has(1)) requireHeadState(ctx, p.block(1, 'block'));
    const cap = req.gas;
    const full = run(ctx, req, cap);
    if (!full.ok) {
      if (full.gasUsed + BASE_GAS >= cap && full.reason !== 'revert' && /gas/i.test(full.reason))
        throw new RpcError(RPC_ERROR.server, `gas required exceeds allowance (${cap})`);
      throw reverted(full);
    }
    let low = BASE_GAS + full.gasUsed;
    if (low > cap) low = cap;
    if (run(ctx, req, low).ok) return quantity(low);
    let high = cap;
    while (high - low > 1n) {
      const mid = (low + high) / 2n;
      if (run(ctx, req, mid).ok) high = mid;
      else low = mid;
    }
    return quantity(high);
  },
};
