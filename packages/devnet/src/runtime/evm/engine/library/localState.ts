import type { AccountState, StateWrite } from './protocol.js';

/** What the runtime answers for a state read. */
export type BaseReader = {
  account(address: Uint8Array): AccountState | null;
  code(address: Uint8Array): Uint8Array;
  slot(address: Uint8Array, key: Uint8Array): Uint8Array;
};

/** One address's writes of this run, as the runtime will apply them. */
type Pending = {
  address: Uint8Array;
  deleted: boolean;
  cleared: boolean;
  nonce?: bigint;
  balance?: bigint;
  code?: Uint8Array;
  codeHash?: Uint8Array;
  slots: Map<string, { key: Uint8Array; value: Uint8Array }>;
};

const EMPTY = new Uint8Array(0);
// No Buffer here: this runs inside the EVM's own V8 context, which has only the language's built-ins.
const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));
function hexOf(b: Uint8Array): string {
  let s = '';
  for (let i = 0; i < b.length; i++) s += HEX[b[i]!];
  return s;
}
function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The runtime stores a slot without its leading zero bytes (a zero slot is no row): reads answer that form. */
function stripped(value: Uint8Array): Uint8Array {
  let i = 0;
  while (i < value.length && value[i] === 0) i++;
  return i === 0 ? value : value.subarray(i);
}

/**
 * The EVM's state for one run: reads of the runtime's state are cached, writes are kept here with the EVM's
 * checkpoints (an undo log per checkpoint) and handed to the runtime as one write set when the run ends, so a
 * run costs no SAVEPOINT per call frame and reads each slot once.
 *
 * The read cache outlives a run while the database has not changed since (`version`, which any write or
 * rollback moves), so repeated calls read nothing.
 */
export class LocalState {
  readonly #accounts = new Map<string, AccountState | null>();
  readonly #codes = new Map<string, Uint8Array>();
  /**
   * Code by its hash, kept across versions: an account's hash comes with the account, so known code is not read
   * again, and the same code is always the same array (what the EVM derives from a code array, its jump analysis
   * in core.ts, is reused between runs). Each entry's hash is checked once when it is added.
   */
  readonly #codeByHash = new Map<string, Uint8Array>();
  readonly #slots = new Map<string, Uint8Array>();
  readonly #emptyHash: Uint8Array;
  #version = -1;
  #pending = new Map<string, Pending>();
  /** One undo log per open checkpoint: each entry puts back what one write changed. */
  #undo: (() => void)[][] = [];
  /** Slot values at the start of the run (EIP-2200 gas): what the database holds, as nothing is written there. */
  readonly originals = {
    get: async (address: { bytes: Uint8Array }, key: Uint8Array) => this.#baseSlot(address.bytes, key),
    clear: () => {},
  };

  constructor(
    readonly base: BaseReader,
    readonly hash: (code: Uint8Array) => Uint8Array,
  ) {
    this.#emptyHash = hash(EMPTY);
  }

  /** Starts a run on the runtime's state as of `version`. */
  begin(version: number) {
    if (version !== this.#version) {
      this.#accounts.clear();
      this.#codes.clear();
      this.#slots.clear();
      this.#version = version;
    }
    this.#pending = new Map();
    this.#undo = [];
  }

  getAccount(address: Uint8Array): AccountState | null {
    const hex = hexOf(address);
    const p = this.#pending.get(hex);
    const complete = p?.nonce !== undefined && p.balance !== undefined && p.codeHash !== undefined;
    const base = complete ? null : this.#baseAccount(hex, address);
    const nonce = p?.nonce ?? base?.nonce ?? 0n;
    const balance = p?.balance ?? base?.balance ?? 0n;
    const codeHash = p?.codeHash ?? base?.codeHash ?? this.#emptyHash;
    if (nonce === 0n && balance === 0n && sameBytes(codeHash, this.#emptyHash)) return null;
    return { nonce, balance, codeHash };
  }

  putAccount(address: Uint8Array, nonce: bigint, balance: bigint): void {
    this.#setFields(address, { nonce, balance });
  }

  /** As the runtime deletes: nonce and code gone, storage cleared, the balance (a substrate mirror's) kept. */
  deleteAccount(address: Uint8Array): void {
    this.clearStorage(address);
    this.#setFields(address, { deleted: true, nonce: 0n, code: EMPTY, codeHash: this.#emptyHash });
  }

  getCode(address: Uint8Array): Uint8Array {
    const hex = hexOf(address);
    return this.#pending.get(hex)?.code ?? this.#baseCode(hex, address);
  }

  putCode(address: Uint8Array, code: Uint8Array): void {
    this.#setFields(address, { code, codeHash: this.hash(code) });
  }

  getStorage(address: Uint8Array, key: Uint8Array): Uint8Array {
    const p = this.#pending.get(hexOf(address));
    const own = p?.slots.get(hexOf(key));
    if (own) return own.value;
    if (p?.cleared) return EMPTY;
    return this.#baseSlot(address, key);
  }

  putStorage(address: Uint8Array, key: Uint8Array, value: Uint8Array): void {
    const p = this.#entry(address);
    const k = hexOf(key);
    const before = p.slots.get(k);
    p.slots.set(k, { key, value: stripped(value) });
    this.#onUndo(() => (before ? p.slots.set(k, before) : p.slots.delete(k)));
  }

  clearStorage(address: Uint8Array): void {
    const p = this.#entry(address);
    const { slots, cleared } = p;
    p.slots = new Map();
    p.cleared = true;
    this.#onUndo(() => {
      p.slots = slots;
      p.cleared = cleared;
    });
  }

  checkpoint(): void {
    this.#undo.push([]);
  }

  commit(): void {
    const top = this.#undo.pop();
    const below = this.#undo.at(-1);
    // The outermost commit needs no undo any more; an inner one hands its undo to the checkpoint below.
    if (top && below) below.push(...top);
  }

  revert(): void {
    const top = this.#undo.pop() ?? [];
    for (let i = top.length - 1; i >= 0; i--) top[i]!();
  }

  /** What the run changed, in the order the runtime applies it; writes of a value already there are left out. */
  writes(): StateWrite[] {
    const out: StateWrite[] = [];
    for (const [hex, p] of this.#pending) {
      if (p.deleted) out.push({ op: 'deleteAccount', address: p.address });
      else if (p.cleared) out.push({ op: 'clearStorage', address: p.address });
      if (p.nonce !== undefined || p.balance !== undefined) {
        const base = this.#baseAccount(hex, p.address);
        const nonce = p.nonce ?? base?.nonce ?? 0n;
        const balance = p.balance ?? base?.balance ?? 0n;
        // The runtime's delete zeroes the nonce already; the balance it kept may still differ.
        const nonceThere = p.deleted ? 0n : (base?.nonce ?? 0n);
        if (nonce !== nonceThere || balance !== (base?.balance ?? 0n))
          out.push({ op: 'putAccount', address: p.address, nonce, balance });
      }
      // The code there is only read when the run set code (a deploy), not for every account whose nonce moved.
      if (p.code && !sameBytes(p.code, p.deleted ? EMPTY : this.#baseCode(hex, p.address)))
        out.push({ op: 'putCode', address: p.address, code: p.code });
      for (const { key, value } of p.slots.values()) {
        if (!p.cleared && sameBytes(value, this.#baseSlot(p.address, key))) continue;
        if (p.cleared && value.length === 0) continue;
        out.push({ op: 'putStorage', address: p.address, key, value });
      }
    }
    return out;
  }

  #onUndo(undo: () => void): void {
    this.#undo.at(-1)?.push(undo);
  }

  /** The address's pending writes (created empty, which a revert of this checkpoint takes away again). */
  #entry(address: Uint8Array): Pending {
    const hex = hexOf(address);
    let p = this.#pending.get(hex);
    if (!p) {
      const created: Pending = { address, deleted: false, cleared: false, slots: new Map() };
      p = created;
      this.#pending.set(hex, created);
      this.#onUndo(() => {
        if (this.#pending.get(hex) === created) this.#pending.delete(hex);
      });
    }
    return p;
  }

  #setFields(address: Uint8Array, fields: Partial<Omit<Pending, 'address' | 'slots'>>): void {
    const p = this.#entry(address);
    const before = {
      deleted: p.deleted,
      nonce: p.nonce,
      balance: p.balance,
      code: p.code,
      codeHash: p.codeHash,
    };
    Object.assign(p, fields);
    this.#onUndo(() => Object.assign(p, before));
  }

  #baseAccount(hex: string, address: Uint8Array): AccountState | null {
    if (this.#accounts.has(hex)) return this.#accounts.get(hex) ?? null;
    const a = this.base.account(address);
    this.#accounts.set(hex, a);
    return a;
  }

  #baseCode(hex: string, address: Uint8Array): Uint8Array {
    let code = this.#codes.get(hex);
    if (code) return code;
    const codeHash = this.#baseAccount(hex, address)?.codeHash;
    // No account or the empty code's hash: there is no code to read.
    if (!codeHash || sameBytes(codeHash, this.#emptyHash)) return EMPTY;
    const key = hexOf(codeHash);
    code = this.#codeByHash.get(key);
    if (!code) {
      code = this.base.code(address);
      if (sameBytes(this.hash(code), codeHash)) {
        if (this.#codeByHash.size >= 1024) this.#codeByHash.clear();
        this.#codeByHash.set(key, code);
      }
    }
    this.#codes.set(hex, code);
    return code;
  }

  #baseSlot(address: Uint8Array, key: Uint8Array): Uint8Array {
    const k = `${hexOf(address)}:${hexOf(key)}`;
    let v = this.#slots.get(k);
    if (!v) {
      v = this.base.slot(address, key);
      this.#slots.set(k, v);
    }
    return v;
  }
}
