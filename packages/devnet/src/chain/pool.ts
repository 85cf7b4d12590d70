import { TxRefusedError } from './errors.js';
import type { CheckedTx } from './validity.js';

/**
 * The pool's policy, in the spirit of Substrate's: a ready queue and a much smaller future queue (Substrate keeps a
 * tenth as many future transactions as ready ones), a bound on what one account may hold behind a nonce gap, an
 * expiry for transactions that stay unready, and priority by fee when the pool is full.
 */
export type PoolPolicy = {
  /** Transactions of any kind. */
  capacity: number;
  /** Transactions waiting for an earlier nonce (future), all accounts together. */
  futureCapacity: number;
  /** Future transactions of one account: a nonce gap costs nothing, so one account may not hold more. */
  futurePerAccount: number;
  /** A transaction unready for this long is dropped (its gap was never filled). */
  futureTtlMs: number;
};

export const DEFAULT_POOL_POLICY: PoolPolicy = {
  capacity: 20_000,
  futureCapacity: 2_000,
  futurePerAccount: 64,
  futureTtlMs: 60_000,
};

export const FUTURE_EXPIRED = '1016: Immediately Dropped: it waited for an earlier nonce too long';
export const EVICTED = '1014: Priority is too low: evicted by a transaction paying a higher fee';

type Entry = { tx: CheckedTx; seq: number; since: number; future: boolean };

/** What the pool held at one moment, for {@link TxPool.restore}. */
export type PoolSnapshot = { readonly entries: readonly Readonly<Entry>[]; readonly seq: number };
type NonceOf = (signer: string) => number;

/** Higher fee first; among equal fees, the earlier arrival. */
const before = (a: Entry, b: Entry): boolean =>
  a.tx.fee > b.tx.fee || (a.tx.fee === b.tx.fee && a.seq < b.seq);

/**
 * The transaction pool: valid transactions waiting for a block, by hash and by (signer, nonce). A transaction is
 * ready when its nonce continues its account's nonce without a gap, future otherwise.
 */
export class TxPool {
  readonly policy: PoolPolicy;
  readonly #byHash = new Map<string, Entry>();
  readonly #bySigner = new Map<string, Map<number, Entry>>();
  readonly #future = new Set<Entry>();
  readonly #futureBySigner = new Map<string, number>();
  #seq = 0;

  constructor(
    policy: Partial<PoolPolicy> = {},
    readonly now: () => number = Date.now,
  ) {
    this.policy = { ...DEFAULT_POOL_POLICY, ...policy };
  }

  get capacity(): number {
    return this.policy.capacity;
  }
  get size(): number {
    return this.#byHash.size;
  }
  get futureSize(): number {
    return this.#future.size;
  }
  has(hash: string): boolean {
    return this.#byHash.has(hash);
  }
  nonceTaken(signer: string, nonce: number): boolean {
    return this.#bySigner.get(signer)?.has(nonce) ?? false;
  }
  /** How many consecutive nonces from `from` the signer has waiting: the next index counts them. */
  readyCount(signer: string, from: number): number {
    const m = this.#bySigner.get(signer);
    let n = 0;
    while (m?.has(from + n)) n++;
    return n;
  }
  /** Every waiting transaction, each account's in nonce order, with whether it is ready (`txpool_content`). */
  *entries(): IterableIterator<{ tx: CheckedTx; ready: boolean }> {
    for (const m of this.#bySigner.values())
      for (const e of [...m.values()].sort((a, b) => a.tx.nonce - b.tx.nonce))
        yield { tx: e.tx, ready: !e.future };
  }
  isReady(hash: string): boolean {
    const e = this.#byHash.get(hash);
    return e !== undefined && !e.future;
  }

  /**
   * Takes a checked transaction, or refuses it (`TxRefusedError`) under the policy; answers the transactions it
   * evicted to make room (each for a higher-paying one), which the caller reports as dropped.
   */
  admit(tx: CheckedTx, nonceOf: NonceOf): CheckedTx[] {
    const accountNonce = nonceOf(tx.signer);
    const future = tx.nonce !== accountNonce + this.readyCount(tx.signer, accountNonce);
    const entry: Entry = { tx, seq: ++this.#seq, since: this.now(), future };
    if (future && (this.#futureBySigner.get(tx.signer) ?? 0) >= this.policy.futurePerAccount)
      throw new TxRefusedError(
        'FutureLimit',
        `1014: Priority is too low: the account already has ${this.policy.futurePerAccount} transactions waiting for an earlier nonce (next is ${accountNonce + this.readyCount(tx.signer, accountNonce)})`,
        429,
      );
    // Both victims are chosen before either leaves, so a refusal leaves the pool as it was.
    const evicted: Entry[] = [];
    if (future && this.#future.size >= this.policy.futureCapacity)
      evicted.push(this.#makeRoom(entry, true, evicted));
    if (this.size - evicted.length >= this.policy.capacity)
      evicted.push(this.#makeRoom(entry, false, evicted));
    for (const e of evicted) this.#remove(e);
    this.#insert(entry);
    if (!future) this.#promote(tx.signer, tx.nonce + 1);
    return evicted.map((e) => e.tx);
  }

  /**
   * The lowest-priority transaction that may go for `incoming`: a future one first (it cannot be included anyway),
   * else (for a ready newcomer, when the pool is full) the last ready one of an account, so no gap opens. Throws
   * when nothing pays less than the newcomer.
   */
  #makeRoom(incoming: Entry, futureOnly: boolean, taken: readonly Entry[]): Entry {
    let victim: Entry | undefined;
    for (const e of this.#future) if (!taken.includes(e) && (!victim || before(victim, e))) victim = e;
    if (!victim && !futureOnly && !incoming.future)
      for (const m of this.#bySigner.values()) {
        let last: Entry | undefined;
        for (const e of m.values()) if (!e.future && (!last || e.tx.nonce > last.tx.nonce)) last = e;
        if (last && !taken.includes(last) && (!victim || before(victim, last))) victim = last;
      }
    if (!victim || !before(incoming, victim))
      throw futureOnly
        ? new TxRefusedError(
            'PoolFull',
            '1014: Priority is too low: the future queue is full of transactions paying as much',
            503,
          )
        : new TxRefusedError('PoolFull', '1016: Immediately Dropped: the transaction pool is full', 503);
    return victim;
  }

  /** Every transaction in the pool, in arrival order. */
  all(): CheckedTx[] {
    return [...this.#byHash.values()].sort((a, b) => a.seq - b.seq).map((e) => e.tx);
  }

  /** What the pool holds now (a copy: later admissions and removals do not change it). */
  snapshot(): PoolSnapshot {
    return { entries: [...this.#byHash.values()].map((e) => ({ ...e })), seq: this.#seq };
  }

  /**
   * Makes the pool hold exactly what it held at `snapshot` (a snapshot revert); answers the transactions that were in
   * the pool and are not any more, which the caller reports as dropped.
   */
  restore(snapshot: PoolSnapshot): CheckedTx[] {
    const kept = new Set(snapshot.entries.map((e) => e.tx.hash));
    const left = [...this.#byHash.values()].filter((e) => !kept.has(e.tx.hash)).map((e) => e.tx);
    this.#byHash.clear();
    this.#bySigner.clear();
    this.#future.clear();
    this.#futureBySigner.clear();
    for (const e of snapshot.entries) {
      const copy = { ...e };
      this.#insert(copy);
      copy.since = e.since;
    }
    this.#seq = Math.max(this.#seq, snapshot.seq);
    return left;
  }

  remove(tx: CheckedTx): void {
    const e = this.#byHash.get(tx.hash);
    if (e) this.#remove(e);
  }

  /** Transactions that waited unready past the policy's time; they leave the pool. */
  expire(): CheckedTx[] {
    const limit = this.now() - this.policy.futureTtlMs;
    const out: Entry[] = [];
    for (const e of this.#future) if (e.since <= limit) out.push(e);
    for (const e of out) this.#remove(e);
    return out.map((e) => e.tx);
  }

  /**
   * Re-sorts the signers' transactions into ready and future after their account nonces moved (a block included or
   * dropped some): a drop in the middle of a chain makes the rest future again.
   */
  reclassify(signers: Iterable<string>, nonceOf: NonceOf): void {
    for (const signer of signers) {
      const m = this.#bySigner.get(signer);
      if (!m) continue;
      const first = nonceOf(signer);
      const readyTo = first + this.readyCount(signer, first);
      for (const e of m.values()) this.#setFuture(e, e.tx.nonce >= readyTo);
    }
  }

  /**
   * Ready transactions for a block: each account's in nonce order, accounts interleaved by priority (fee, then
   * arrival), as Substrate's ready queue hands them out.
   */
  ready(nonceOf: NonceOf, max: number): CheckedTx[] {
    const heap = new EntryHeap();
    for (const [signer, m] of this.#bySigner) {
      const head = m.get(nonceOf(signer));
      if (head) heap.push(head);
    }
    const out: CheckedTx[] = [];
    while (out.length < max) {
      const e = heap.pop();
      if (!e) break;
      out.push(e.tx);
      const next = this.#bySigner.get(e.tx.signer)?.get(e.tx.nonce + 1);
      if (next) heap.push(next);
    }
    return out;
  }

  /** Transactions that can never be included any more (their nonce is now below the account's). */
  stale(nonceOf: NonceOf): CheckedTx[] {
    const out: CheckedTx[] = [];
    for (const [signer, m] of this.#bySigner) {
      const next = nonceOf(signer);
      for (const [nonce, e] of m) if (nonce < next) out.push(e.tx);
    }
    return out;
  }

  #insert(e: Entry): void {
    this.#byHash.set(e.tx.hash, e);
    let m = this.#bySigner.get(e.tx.signer);
    if (!m) {
      m = new Map();
      this.#bySigner.set(e.tx.signer, m);
    }
    m.set(e.tx.nonce, e);
    if (e.future) {
      e.future = false;
      this.#setFuture(e, true);
    }
  }

  #remove(e: Entry): void {
    this.#setFuture(e, false);
    this.#byHash.delete(e.tx.hash);
    const m = this.#bySigner.get(e.tx.signer);
    m?.delete(e.tx.nonce);
    if (m && m.size === 0) this.#bySigner.delete(e.tx.signer);
  }

  /** A ready transaction filled a gap: the future ones right after it are ready now. */
  #promote(signer: string, from: number): void {
    const m = this.#bySigner.get(signer);
    for (let e = m?.get(from); e?.future; e = m?.get(e.tx.nonce + 1)) this.#setFuture(e, false);
  }

  #setFuture(e: Entry, future: boolean): void {
    if (e.future === future) return;
    e.future = future;
    const n = (this.#futureBySigner.get(e.tx.signer) ?? 0) + (future ? 1 : -1);
    if (future) this.#future.add(e);
    else this.#future.delete(e);
    if (n > 0) this.#futureBySigner.set(e.tx.signer, n);
    else this.#futureBySigner.delete(e.tx.signer);
    // An unready transaction's wait counts from when it became unready.
    if (future) e.since = this.now();
  }
}

/** A binary max-heap of pool entries by priority. */
class EntryHeap {
  readonly #items: Entry[] = [];
  push(e: Entry): void {
    const a = this.#items;
    a.push(e);
    let i = a.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!before(a[i]!, a[p]!)) break;
      [a[i], a[p]] = [a[p]!, a[i]!];
      i = p;
    }
  }
  pop(): Entry | undefined {
    const a = this.#items;
    const top = a[0];
    const last = a.pop();
    if (a.length > 0 && last) {
      a[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < a.length && before(a[l]!, a[m]!)) m = l;
        if (r < a.length && before(a[r]!, a[m]!)) m = r;
        if (m === i) break;
        [a[i], a[m]] = [a[m]!, a[i]!];
        i = m;
      }
    }
    return top;
  }
}
