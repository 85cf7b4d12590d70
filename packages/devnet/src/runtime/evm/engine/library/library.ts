import { COLLECTION_ADDRESS_PREFIX, NESTING_ADDRESS_PREFIX } from '@nftkit/primitives';
import type { Db } from '../../../../storage/db.js';
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
  /** Each database's `total_changes()`: it moves with every write, so the core's read cache is good while it stays. */
  readonly #totalChanges = new WeakMap<Db, () => number>();

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

  #dbVersion(db: Db): number {
    let read = this.#totalChanges.get(db);
    if (!read) {
      const stmt = db.prepare<[], number>('SELECT total_changes()').pluck();
      read = () => stmt.get() as number;
      this.#totalChanges.set(db, read);
    }
    return read();
  }
}
