import { bytesToHex } from '@nftkit/primitives';
import type { Hex } from 'viem';
import type { BlockInProgress } from '../chain/apply.js';
import { blockExtrinsics, ReplayError, reapply } from '../chain/replay.js';
import { SimulationAbortedError } from '../chain/simulationTurns.js';
import { serverError } from '../jsonRpc/errors.js';
import { decodeTransaction } from '../runtime/ethereum/transaction.js';
import { rolledBack } from '../storage/savepoint.js';
import { type RpcContext, readStateAt } from './context.js';
import { TraceCollector, type TraceConfig, type TracedRun, traceOptions, traceResult } from './tracing.js';

/** One traced transaction of a block, as `debug_traceBlockBy*` answers it. */
export type BlockTrace = { txHash: Hex; result: ReturnType<typeof traceResult> };

/**
 * Traces Ethereum transactions of block `number` by running the block again: the state at the end of the block
 * before it is put back (`readStateAt`), every extrinsic of the block is applied again in its order (Substrate ones
 * too: they change the state the next ones see), and those in `targets` (all the block's Ethereum transactions when
 * absent) are recorded. Nothing is kept: it all runs inside a savepoint that is rolled back, in the node's turn of
 * simulations, under their deadline. Each traced transaction must come to the status and gas its receipt states;
 * one that does not (the state was changed outside blocks before it — a faucet payment, a test helper — which the
 * block's state history counts in the block) is refused rather than answered with a trace of another run.
 */
export async function traceBlock(
  ctx: RpcContext,
  number: number,
  config: TraceConfig,
  targets?: ReadonlySet<string>,
): Promise<BlockTrace[]> {
  try {
    return await ctx.chain.simulations.run(
      (deadline) => traceBlockNow(ctx, number, config, targets, deadline),
      config.timeoutMs,
    );
  } catch (e) {
    if (e instanceof SimulationAbortedError) throw serverError(e.message);
    throw e;
  }
}

function traceBlockNow(
  ctx: RpcContext,
  number: number,
  config: TraceConfig,
  targets: ReadonlySet<string> | undefined,
  deadline: number | undefined,
): BlockTrace[] {
  if (number === 0) return [];
  const header = ctx.history.block(number);
  if (!header) throw serverError(`block #${number} not found`);
  const receipts = new Map(ctx.history.transactions(number, number).map((t) => [t.hash, t]));
  const { chain } = ctx;
  return readStateAt(ctx, { number: number - 1 }, () =>
    rolledBack(chain.storage.db, () => {
      const out: BlockTrace[] = [];
      const base: BlockInProgress = {
        storage: chain.storage,
        evm: chain.evm,
        number,
        timestamp: header.timestamp,
        ...(deadline === undefined ? {} : { deadline }),
      };
      let left = targets?.size ?? Number.POSITIVE_INFINITY;
      for (const x of blockExtrinsics(chain.storage.db, number)) {
        if (left === 0) break;
        const traced = x.section === 'ethereum' && (targets?.has(x.hash) ?? true);
        if (!traced) {
          try {
            reapply(chain, base, x);
          } catch (e) {
            if (e instanceof ReplayError) throw serverError(`cannot re-run block #${number}: ${e.message}`);
            throw e;
          }
          continue;
        }
        left--;
        const collector = new TraceCollector(traceOptions(config));
        const outcome = reapply(chain, { ...base, trace: collector }, x);
        const executed = outcome.events.find((e) => e.section === 'ethereum' && e.method === 'Executed');
        const tx = decodeTransaction(bytesToHex(x.encoded));
        const receipt = receipts.get(x.hash);
        const ok = executed?.data.exitReason === 'Succeed';
        const gasUsed = BigInt(executed?.data.gasUsed ?? '0');
        if (receipt && (receipt.status !== ok || receipt.gasUsed !== gasUsed))
          throw serverError(
            `cannot re-run transaction ${x.hash} as it ran (status ${ok ? 1 : 0} and ${gasUsed} gas now, ${receipt.status ? 1 : 0} and ${receipt.gasUsed} in its receipt): the state was changed outside blocks before it (a faucet payment, a test helper), which the devnet cannot replay`,
          );
        const run: TracedRun = {
          from: x.signer,
          to: tx.to,
          value: tx.value,
          input: tx.data,
          gas: tx.gas,
          gasUsed,
          ok,
          returnData: bytesToHex(collector.outcome?.returnData ?? new Uint8Array(0)) as Hex,
          error: ok ? undefined : (collector.outcome?.error ?? 'revert'),
          createdAddress: executed?.data.contractAddress ?? null,
        };
        out.push({ txHash: x.hash as Hex, result: traceResult(config, run, collector.trace) });
      }
      return out;
    }),
  );
}
