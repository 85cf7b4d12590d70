import type { CheckedTx } from './validity.js';

/** The transaction pool: valid transactions waiting for a block, by hash and by (signer, nonce). */
export class TxPool {
  readonly #byHash = new Map<string, CheckedTx>();
  readonly #bySigner = new Map<string, Map<number, CheckedTx>>();
  constructor(readonly capacity = 20_000) {}

  get size(): number {
    return this.#byHash.size;
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

  add(tx: CheckedTx): void {
    this.#byHash.set(tx.hash, tx);
    let m = this.#bySigner.get(tx.signer);
    if (!m) {
      m = new Map();
      this.#bySigner.set(tx.signer, m);
    }
    m.set(tx.nonce, tx);
  }

  remove(tx: CheckedTx): void {
    this.#byHash.delete(tx.hash);
    const m = this.#bySigner.get(tx.signer);
    m?.delete(tx.nonce);
    if (m && m.size === 0) this.#bySigner.delete(tx.signer);
  }

  /** Transactions whose nonce is next for their signer, in submission order per signer (a future nonce waits). */
  ready(nonceOf: (signer: string) => number, max: number): CheckedTx[] {
    const out: CheckedTx[] = [];
    for (const [signer, m] of this.#bySigner) {
      let n = nonceOf(signer);
      for (let tx = m.get(n); tx && out.length < max; tx = m.get(++n)) out.push(tx);
      if (out.length >= max) break;
    }
    return out;
  }

  /** Transactions that can never be included any more (their nonce is now below the account's). */
  stale(nonceOf: (signer: string) => number): CheckedTx[] {
    const out: CheckedTx[] = [];
    for (const [signer, m] of this.#bySigner) {
      const next = nonceOf(signer);
      for (const [nonce, tx] of m) if (nonce < next) out.push(tx);
    }
    return out;
  }
}
