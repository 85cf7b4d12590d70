import type { Meta } from '../storage/meta.js';

/** `meta` keys: how far the chain's clock runs ahead of the wall clock, and a timestamp asked for the next block. */
const OFFSET_KEY = 'clock_offset_ms';
const NEXT_KEY = 'clock_next_block_ms';

/**
 * The chain's clock: the wall clock moved by the test helpers (`evm_increaseTime`, `evm_setNextBlockTimestamp`,
 * `dev_timeTravel`). Each block's timestamp comes from it, so the Timestamp pallet (`blocks.timestamp`, in ms) and the
 * EVM's `block.timestamp` (its seconds) move together. Both settings live in `meta`, in the chain's state, so a
 * snapshot takes them and a revert puts them back with everything else.
 */
export class ChainClock {
  constructor(
    readonly meta: Meta,
    readonly wall: () => number = Date.now,
  ) {}

  /** How far the chain's time is ahead of the wall clock, in ms (negative after a revert to an earlier moment). */
  get offsetMs(): number {
    return this.meta.getNumber(OFFSET_KEY);
  }

  /** The timestamp asked for the next block, if any (ms). */
  get nextBlockMs(): number | undefined {
    const v = this.meta.get(NEXT_KEY);
    return v === undefined || v === '' ? undefined : Number(v);
  }

  /** The chain's time now (ms): what a block produced now would carry, the next-block timestamp aside. */
  now(): number {
    return this.wall() + this.offsetMs;
  }

  /** Moves the chain's time forward by `ms`; answers the whole offset. */
  increase(ms: number): number {
    const offset = this.offsetMs + ms;
    this.meta.set(OFFSET_KEY, offset);
    return offset;
  }

  /** The next block carries `ms` (and time runs on from there once it is produced). */
  setNextBlock(ms: number): void {
    this.meta.set(NEXT_KEY, ms);
  }

  /** Time goes to `ms` now: the next block carries it, and time runs on from it (`dev_timeTravel`). */
  travel(ms: number): void {
    this.meta.set(OFFSET_KEY, ms - this.wall());
    this.setNextBlock(ms);
  }

  /**
   * The timestamp of a block built on a parent stamped `parentMs`: the one asked for, else the chain's now, never
   * before its parent (the wall clock may step back; a chain's time does not).
   */
  nextBlockTimestamp(parentMs: number): number {
    return this.nextBlockMs ?? Math.max(this.now(), parentMs);
  }

  /**
   * A block stamped `ms` was produced. A timestamp asked for is used up, and time runs on from the block: a
   * block set in the future moves the chain's clock there, as on Hardhat's node.
   */
  blockProduced(ms: number): void {
    if (this.nextBlockMs !== undefined) this.meta.set(NEXT_KEY, '');
    if (ms > this.now()) this.meta.set(OFFSET_KEY, ms - this.wall());
  }
}
