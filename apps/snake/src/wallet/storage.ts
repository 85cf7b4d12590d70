// Local storage of the wallet and of the snake token's ids (spec §9 keys). The ids are stored as a JSON list of
// `{"address", "chain", "id"}` records so that an id written for one wallet (or one network) is never used for another:
// a browser shared by two players, or a devnet that was reset, reads as "no id yet".

export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const STORAGE_KEYS = {
  walletType: 'walletType',
  walletAddress: 'walletAddress',
  /** Which Polkadot extension holds the account, so auto-connect enables only that one (no prompt from the others). */
  walletExtension: 'walletExtension',
  collectionId: 'collectionId',
  snakeNftId: 'snakeNftId',
} as const;

export type WalletType = 'polkadot' | 'metamask' | 'dev';

const WALLET_TYPES: readonly WalletType[] = ['polkadot', 'metamask', 'dev'];

export type StoredWallet = { type: WalletType; address: string; extension?: string };

/** The stored wallet when both keys hold usable values; otherwise `null` (nothing to auto-connect). */
export function readStoredWallet(storage: KeyValueStorage): StoredWallet | null {
  const type = storage.getItem(STORAGE_KEYS.walletType);
  const address = storage.getItem(STORAGE_KEYS.walletAddress);
  if (!type || !address || !(WALLET_TYPES as readonly string[]).includes(type)) return null;
  const extension = storage.getItem(STORAGE_KEYS.walletExtension);
  return extension ? { type: type as WalletType, address, extension } : { type: type as WalletType, address };
}

export function storeWallet(storage: KeyValueStorage, wallet: StoredWallet): void {
  storage.setItem(STORAGE_KEYS.walletType, wallet.type);
  storage.setItem(STORAGE_KEYS.walletAddress, wallet.address);
  if (wallet.extension) storage.setItem(STORAGE_KEYS.walletExtension, wallet.extension);
  else storage.removeItem(STORAGE_KEYS.walletExtension);
}

/** Disconnect: both wallet keys go (and the extension hint); the scoped ids stay, they only apply to their wallet. */
export function clearStoredWallet(storage: KeyValueStorage): void {
  storage.removeItem(STORAGE_KEYS.walletType);
  storage.removeItem(STORAGE_KEYS.walletAddress);
  storage.removeItem(STORAGE_KEYS.walletExtension);
}

export type ScopedIdKey = typeof STORAGE_KEYS.collectionId | typeof STORAGE_KEYS.snakeNftId;
export type IdScope = { address: string; chain: string };

type ScopedId = { address: string; chain: string; id: number };

const isScopedId = (value: unknown): value is ScopedId => {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.address === 'string' &&
    typeof v.chain === 'string' &&
    typeof v.id === 'number' &&
    Number.isSafeInteger(v.id) &&
    v.id > 0
  );
};

const MAX_SCOPED_IDS = 32;

function readRecords(storage: KeyValueStorage, key: ScopedIdKey): ScopedId[] {
  const raw = storage.getItem(key);
  if (!raw) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return [];
  }
  const list = Array.isArray(parsed) ? parsed : [parsed];
  return list.filter(isScopedId);
}

const safeSame = (sameAddress: (a: string, b: string) => boolean, a: string, b: string): boolean => {
  try {
    return sameAddress(a, b);
  } catch {
    return false;
  }
};

/**
 * The id stored under `key` for this wallet on this chain, or `null`. A bare number (no owner recorded) or an id of
 * another wallet is ignored. `sameAddress` compares two addresses (pass the kit's `addressesEqual` to accept any SS58
 * prefix or checksum spelling).
 */
export function readScopedId(
  storage: KeyValueStorage,
  key: ScopedIdKey,
  scope: IdScope,
  sameAddress: (a: string, b: string) => boolean = (a, b) => a === b,
): number | null {
  const match = readRecords(storage, key).find(
    (r) => r.chain === scope.chain && safeSame(sameAddress, r.address, scope.address),
  );
  return match ? match.id : null;
}

/** Stores the id for this wallet on this chain, keeping the ids of other wallets (a shared browser keeps everyone's). */
export function writeScopedId(
  storage: KeyValueStorage,
  key: ScopedIdKey,
  scope: IdScope,
  id: number,
  sameAddress: (a: string, b: string) => boolean = (a, b) => a === b,
): void {
  const others = readRecords(storage, key).filter(
    (r) => !(r.chain === scope.chain && safeSame(sameAddress, r.address, scope.address)),
  );
  const records = [...others, { address: scope.address, chain: scope.chain, id }].slice(-MAX_SCOPED_IDS);
  storage.setItem(key, JSON.stringify(records));
}

/** Forgets this wallet's id (e.g. the chain no longer has it), keeping the others. */
export function forgetScopedId(
  storage: KeyValueStorage,
  key: ScopedIdKey,
  scope: IdScope,
  sameAddress: (a: string, b: string) => boolean = (a, b) => a === b,
): void {
  const others = readRecords(storage, key).filter(
    (r) => !(r.chain === scope.chain && safeSame(sameAddress, r.address, scope.address)),
  );
  if (others.length === 0) storage.removeItem(key);
  else storage.setItem(key, JSON.stringify(others));
}

/** `window.localStorage` when the page may use it; a throwing getter (privacy modes) reads as no storage. */
export function browserStorage(): KeyValueStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}
