import type { UndoLog } from '../storage/undoLog.js';

/** Row changes the undo log may hold behind its oldest point before that point is given up (about 100-300 MB). */
export const DEFAULT_UNDO_LIMIT = 1_000_000;

/** A moment the chain can go back to: a position in the undo log, and what the chain kept in memory then. */
export type RewindPoint<M> = { readonly seq: number; readonly memory: M };

/** Why a snapshot id answers nothing. */
export type MissingSnapshot = 'unknown' | 'reverted' | 'evicted';

/**
 * The moments the chain can go back to (Hardhat's snapshots, chopsticks' `dev_setHead`) over one {@link UndoLog}.
 * The log runs while a snapshot is held; while it runs, the end of every block produced is a point too. A snapshot
 * reverts once: going back to it drops it and every later point (as on Hardhat's node, a reverted id is gone).
 *
 * The log is bounded: once it holds more than `limit` changes behind its oldest point, the oldest points are given
 * up (an id then answers `evicted`), so a snapshot left behind by a script cannot grow memory without end.
 */
export class Rewind<M> {
  readonly #undo: UndoLog;
  readonly #limit: number;
  readonly #snapshots = new Map<number, RewindPoint<M>>();
  /** Block number → the log position at its end, for blocks produced while the log runs. */
  readonly #blockEnds = new Map<number, number>();
  /** Why ids that no longer answer went away (bounded: the oldest reasons go first). */
  readonly #gone = new Map<number, MissingSnapshot>();
  #nextId = 1;

  constructor(undo: UndoLog, limit = DEFAULT_UNDO_LIMIT) {
    this.#undo = undo;
    this.#limit = limit;
  }

  get snapshotCount(): number {
    return this.#snapshots.size;
  }

  /**
   * Takes a snapshot of the chain as it is now, with `head` its last block (the caller has committed every block);
   * answers its id. The head's end is a point from now on too, unless one is known already.
   */
  take(memory: M, head: number): number {
    this.#undo.start();
    const id = this.#nextId++;
    const seq = this.#undo.position();
    this.#snapshots.set(id, { seq, memory });
    if (!this.#blockEnds.has(head)) this.#blockEnds.set(head, seq);
    return id;
  }

  /** The snapshot `id`, or why there is none. */
  snapshot(id: number): RewindPoint<M> | MissingSnapshot {
    return this.#snapshots.get(id) ?? this.#gone.get(id) ?? 'unknown';
  }

  /** The log position at the end of block `number`, if the chain can go back there. */
  blockEnd(number: number): number | undefined {
    return this.#blockEnds.get(number);
  }

  /** Block `number` was produced: its end is a point while the log runs. */
  blockProduced(number: number): void {
    if (!this.#undo.active) return;
    this.#blockEnds.set(number, this.#undo.position());
    this.enforceLimit();
  }

  /**
   * The chain went back to log position `seq` with `head` as its last block: snapshots taken after it are gone
   * (`reverted`), and so is snapshot `id` when it was the one reverted to; block ends past the head are forgotten.
   * With no snapshot left the log stops.
   */
  wentBackTo(seq: number, head: number, id?: number): void {
    for (const [sid, point] of this.#snapshots)
      if (sid === id || point.seq > seq) {
        this.#snapshots.delete(sid);
        this.#remember(sid, 'reverted');
      }
    for (const [n, end] of this.#blockEnds) if (n > head || end > seq) this.#blockEnds.delete(n);
    if (this.#snapshots.size === 0) this.clear();
  }

  /** Gives up the oldest points while the log holds more than its limit behind the oldest one. */
  enforceLimit(): void {
    const position = this.#undo.position();
    let oldest = this.#oldestSeq();
    while (oldest !== undefined && position - oldest > this.#limit) {
      for (const [sid, point] of this.#snapshots)
        if (point.seq === oldest) {
          this.#snapshots.delete(sid);
          this.#remember(sid, 'evicted');
        }
      for (const [n, end] of this.#blockEnds) if (end === oldest) this.#blockEnds.delete(n);
      if (this.#snapshots.size === 0) {
        this.clear();
        return;
      }
      const next = this.#oldestSeq();
      if (next !== undefined) this.#undo.forget(0, next);
      oldest = next;
    }
  }

  /** Forgets every point and stops the log (`hardhat_reset`, or the last snapshot gone). */
  clear(): void {
    for (const id of this.#snapshots.keys()) this.#remember(id, 'reverted');
    this.#snapshots.clear();
    this.#blockEnds.clear();
    this.#undo.stop();
  }

  #oldestSeq(): number | undefined {
    let oldest: number | undefined;
    for (const p of this.#snapshots.values()) if (oldest === undefined || p.seq < oldest) oldest = p.seq;
    for (const end of this.#blockEnds.values()) if (oldest === undefined || end < oldest) oldest = end;
    return oldest;
  }

  #remember(id: number, why: MissingSnapshot): void {
    if (this.#gone.size >= 10_000) this.#gone.delete(this.#gone.keys().next().value as number);
    this.#gone.set(id, why);
  }
}
