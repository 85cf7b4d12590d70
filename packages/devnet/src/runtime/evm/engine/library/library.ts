import { COLLECTION_ADDRESS_PREFIX, NESTING_ADDRESS_PREFIX } from '@nftkit/primitives';
import type { Db } from '../../../../storage/db.js';
import { rollbackEpoch, totalChanges } from '../../../../storage/rowCache.js';
import type { DispatchContext } from '../../../context.js';
import { ETH_CHAIN_ID } from '../../../ethereum/transaction.js';
import { COLLECTION_HELPERS_ADDRESS, CONTRACT_HELPERS_ADDRESS } from '../../contracts/addresses.js';
import { addr, Session } from '../session.js';
import { CoreContext } from './context.js';
import type { RunRequest, RunResult, StateRequest } from './protocol.js';
import { ownRealm } from './realm.js';

const CORE_OPTIONS = {
  chainId: ETH_CHAIN_ID,
  nativeAddresses: [COLLECTION_HELPERS_ADDRESS, CONTRACT_HELPERS_ADDRESS],
  nativePrefixes: [COLLECTION_ADDRESS_PREFIX, NESTING_ADDRESS_PREFIX],
};

/** A run as the engine hands it over: the request without the library's own fields. */
export type Execution = Omit<RunRequest, 'op' | 'mode' | 'version'>;

/**
 * `@ethereumjs/evm` over the runtime's state: a run goes locally in the core (its writes applied at the end), or
 * relayed when it reaches a native contract. An `EvmEngine` holds one, with what it has learnt.
 */
export class LibraryEvm {
  readonly #core = new CoreContext(CORE_OPTIONS);
  /** Contracts whose last run reached a native contract: their runs start relayed instead of being run twice. */
  readonly #reachesNative = new Set<string>();
  /** What the last local run read the database as (which one, its changes, its rollbacks), and the version given. */
  #seen: { db: Db; changes: number; rollbacks: number | undefined; version: number } | undefined;

  run(ctx: DispatchContext, run: Execution): RunResult {
    const target = run.to ? addr(run.to) : undefined;
    if (!target || !this.#reachesNative.has(target)) {
      const r = this.#runSync(ctx, {
        ...run,
        op: 'run',
        mode: 'local',
        version: this.#dbVersion(ctx.storage.db),
      });
      if (!r.needsRelay) return r;
      if (target) {
        if (this.#reachesNative.size >= 1024) this.#reachesNative.clear();
        this.#reachesNative.add(target);
      }
    }
    return this.#runSync(ctx, { ...run, op: 'run', mode: 'relayed', version: 0 });
  }

  /** Runs one EVM execution to its end, synchronously, answering its state requests from the runtime's storage. */
  #runSync(ctx: DispatchContext, req: RunRequest): RunResult {
    const session = new Session(ctx);
    try {
      const result = this.#core.run(
        req,
        (msg) => session.handle(ownRealm(msg) as StateRequest),
        ctx.deadline,
      );
      session.abandon();
      for (const write of result.writes) session.handle(write);
      return result;
    } catch (e) {
      session.abandon();
      throw e;
    }
  }

  /**
   * The version the core's read cache is kept under: it moves whenever the data may differ from the last run's —
   * another database, a write, or a rollback. `total_changes()` alone stays put across a rolled-back simulation (an
   * older block's state put back, a state override), so the next run would have read the simulation's state.
   * A database whose rollbacks are not watched gets a new version every run.
   */
  #dbVersion(db: Db): number {
    const changes = totalChanges(db);
    const rollbacks = rollbackEpoch(db);
    const seen = this.#seen;
    if (
      seen &&
      seen.db === db &&
      seen.changes === changes &&
      rollbacks !== undefined &&
      seen.rollbacks === rollbacks
    )
      return seen.version;
    const version = (seen?.version ?? 0) + 1;
    this.#seen = { db, changes, rollbacks, version };
    return version;
  }
}
