import type { Db } from '../../../storage/db.js';
import { type RowCache, rowCache } from '../../../storage/rowCache.js';
import type { RuntimeStorage } from '../../storage.js';

/**
 * `ContractHelpers` state per contract (lower-case addresses): its sponsor (pending until the sponsor confirms),
 * sponsoring mode, rate and fee limits, allow-list switch and members, and when each user was last sponsored.
 */
export const CONTRACT_HELPERS_SCHEMA_SQL = `
CREATE TABLE IF NOT EXISTS evm_contract_sponsoring (
  contract TEXT PRIMARY KEY,
  sponsor TEXT,
  confirmed INTEGER NOT NULL DEFAULT 0,
  mode INTEGER NOT NULL DEFAULT 0,
  rate_limit INTEGER,
  fee_limit TEXT,
  allowlist_enabled INTEGER NOT NULL DEFAULT 0
) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS evm_contract_allowlist (
  contract TEXT NOT NULL,
  user TEXT NOT NULL,
  PRIMARY KEY (contract, user)
) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS evm_sponsor_basket (
  contract TEXT NOT NULL,
  user TEXT NOT NULL,
  block INTEGER NOT NULL,
  PRIMARY KEY (contract, user)
) WITHOUT ROWID;
`;

export const CONTRACT_HELPERS_STATE_TABLES = [
  'evm_contract_sponsoring',
  'evm_contract_allowlist',
  'evm_sponsor_basket',
] as const;

/** Sponsoring modes of `setSponsoringMode` (0 Disabled, 1 Allowlisted, 2 Generous). */
export type SponsoringMode = 0 | 1 | 2;

/** `DefaultSponsoringRateLimit`: a day of 12-second blocks between two sponsored calls of one user. */
export const DEFAULT_SPONSORING_RATE_LIMIT = 7200;
export const DEFAULT_SPONSORING_FEE_LIMIT = (1n << 128n) - 1n;

export type ContractSponsoring = {
  sponsor: string | null;
  confirmed: boolean;
  mode: SponsoringMode;
  rateLimit: number;
  feeLimit: bigint;
  allowlistEnabled: boolean;
};

type Row = {
  sponsor: string | null;
  confirmed: number;
  mode: number;
  rate_limit: number | null;
  fee_limit: string | null;
  allowlist_enabled: number;
};

export class ContractHelpersStorage {
  readonly #get;
  readonly #put;
  readonly #allowed;
  readonly #allow;
  readonly #disallow;
  readonly #lastSponsored;
  readonly #sponsored;
  /** Read twice per call of a contract (who pays for it), written only by its owner's helper calls. */
  readonly #sponsoring: RowCache<ContractSponsoring>;

  constructor(db: Db) {
    this.#sponsoring = rowCache(db, 'evm_contract_sponsoring');
    this.#get = db.prepare<[string], Row>('SELECT * FROM evm_contract_sponsoring WHERE contract = ?');
    this.#put = db.prepare(
      'INSERT OR REPLACE INTO evm_contract_sponsoring (contract, sponsor, confirmed, mode, rate_limit, fee_limit, allowlist_enabled) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    this.#allowed = db
      .prepare<[string, string], number>(
        'SELECT COUNT(*) FROM evm_contract_allowlist WHERE contract = ? AND user = ?',
      )
      .pluck();
    this.#allow = db.prepare('INSERT OR IGNORE INTO evm_contract_allowlist (contract, user) VALUES (?, ?)');
    this.#disallow = db.prepare('DELETE FROM evm_contract_allowlist WHERE contract = ? AND user = ?');
    this.#lastSponsored = db
      .prepare<[string, string], number>(
        'SELECT block FROM evm_sponsor_basket WHERE contract = ? AND user = ?',
      )
      .pluck();
    this.#sponsored = db.prepare(
      'INSERT OR REPLACE INTO evm_sponsor_basket (contract, user, block) VALUES (?, ?, ?)',
    );
  }

  get(contract: string): ContractSponsoring {
    const key = contract.toLowerCase();
    const cached = this.#sponsoring.get(key);
    if (cached) return { ...cached };
    const r = this.#get.get(key);
    const s: ContractSponsoring = {
      sponsor: r?.sponsor ?? null,
      confirmed: r?.confirmed === 1,
      mode: (r?.mode ?? 0) as SponsoringMode,
      rateLimit: r?.rate_limit ?? DEFAULT_SPONSORING_RATE_LIMIT,
      feeLimit: r?.fee_limit ? BigInt(r.fee_limit) : DEFAULT_SPONSORING_FEE_LIMIT,
      allowlistEnabled: r?.allowlist_enabled === 1,
    };
    this.#sponsoring.set(key, { ...s });
    return s;
  }

  put(contract: string, s: ContractSponsoring): void {
    const key = contract.toLowerCase();
    this.#put.run(
      key,
      s.sponsor,
      s.confirmed ? 1 : 0,
      s.mode,
      s.rateLimit,
      s.feeLimit.toString(),
      s.allowlistEnabled ? 1 : 0,
    );
    this.#sponsoring.set(key, { ...s });
  }

  isAllowListed(contract: string, user: string): boolean {
    return this.#allowed.get(contract.toLowerCase(), user.toLowerCase()) === 1;
  }

  setAllowListed(contract: string, user: string, allowed: boolean): void {
    (allowed ? this.#allow : this.#disallow).run(contract.toLowerCase(), user.toLowerCase());
  }

  lastSponsored(contract: string, user: string): number | undefined {
    return this.#lastSponsored.get(contract.toLowerCase(), user.toLowerCase());
  }

  recordSponsored(contract: string, user: string, block: number): void {
    this.#sponsored.run(contract.toLowerCase(), user.toLowerCase(), block);
  }
}

const byDb = new WeakMap<Db, ContractHelpersStorage>();

export function contractHelpersStorage(storage: RuntimeStorage): ContractHelpersStorage {
  let s = byDb.get(storage.db);
  if (!s) {
    s = new ContractHelpersStorage(storage.db);
    byDb.set(storage.db, s);
  }
  return s;
}
