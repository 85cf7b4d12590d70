import { keccak_256 } from '@noble/hashes/sha3.js';
import { describe, expect, it } from 'vitest';
import { type BaseReader, LocalState } from '../src/runtime/evm/engine/library/localState.js';
import type { AccountState } from '../src/runtime/evm/engine/library/protocol.js';

// The EVM worker's state for a local run: what the main thread holds, read once, with the run's writes kept beside
// it under the EVM's checkpoints and handed over at the end.
const A = new Uint8Array(20).fill(0xaa);
const B = new Uint8Array(20).fill(0xbb);
const K1 = new Uint8Array(32).fill(1);
const K2 = new Uint8Array(32).fill(2);
const word = (n: number) => {
  const w = new Uint8Array(32);
  w[31] = n;
  return w;
};

function setup() {
  const reads: string[] = [];
  const code = new Uint8Array([0x60, 0x00]);
  const base: BaseReader = {
    account(address) {
      reads.push(`account ${address[0]}`);
      return address[0] === 0xaa
        ? ({ nonce: 3n, balance: 100n, codeHash: keccak_256(code) } as AccountState)
        : null;
    },
    code(address) {
      reads.push(`code ${address[0]}`);
      return address[0] === 0xaa ? code : new Uint8Array(0);
    },
    slot(_address, key) {
      reads.push(`slot ${key[0]}`);
      return key[0] === 1 ? new Uint8Array([7]) : new Uint8Array(0);
    },
  };
  const state = new LocalState(base, (c) => keccak_256(c));
  state.begin(1);
  return { state, reads };
}

describe('LocalState', () => {
  it('reads the main thread once per key and keeps the cache while the version stays', () => {
    const { state, reads } = setup();
    expect(state.getStorage(A, K1)).toEqual(new Uint8Array([7]));
    expect(state.getStorage(A, K1)).toEqual(new Uint8Array([7]));
    expect(state.getAccount(A)?.nonce).toBe(3n);
    expect(state.getAccount(B)).toBeNull();
    expect(reads).toEqual(['slot 1', 'account 170', 'account 187']);
    state.begin(1);
    state.getStorage(A, K1);
    expect(reads).toHaveLength(3);
    state.begin(2);
    state.getStorage(A, K1);
    expect(reads).toHaveLength(4);
  });

  it('a revert undoes the checkpoint’s writes, also those of inner checkpoints committed into it', () => {
    const { state } = setup();
    state.checkpoint();
    state.putStorage(A, K1, word(9));
    state.checkpoint();
    state.putStorage(A, K2, word(4));
    state.putAccount(A, 4n, 50n);
    state.commit();
    expect(state.getStorage(A, K2)).toEqual(new Uint8Array([4]));
    state.revert();
    expect(state.getStorage(A, K1)).toEqual(new Uint8Array([7]));
    expect(state.getStorage(A, K2)).toEqual(new Uint8Array(0));
    expect(state.getAccount(A)?.balance).toBe(100n);
    expect(state.writes()).toEqual([]);
  });

  it('a run that moves nonces and balances reads no code (a transfer touches two accounts, deploys none)', () => {
    const { state, reads } = setup();
    state.checkpoint();
    state.putAccount(A, 4n, 90n);
    state.putAccount(B, 1n, 10n);
    state.commit();
    expect(state.writes()).toEqual([
      { op: 'putAccount', address: A, nonce: 4n, balance: 90n },
      { op: 'putAccount', address: B, nonce: 1n, balance: 10n },
    ]);
    expect(reads.filter((r) => r.startsWith('code'))).toEqual([]);
    // An account without code answers empty code without asking.
    expect(state.getCode(B)).toEqual(new Uint8Array(0));
    expect(reads.filter((r) => r.startsWith('code'))).toEqual([]);
  });

  it('hands over only what changed, slots without leading zeros', () => {
    const { state } = setup();
    state.checkpoint();
    state.putStorage(A, K1, word(7)); // the value already there
    state.putStorage(A, K2, word(5));
    state.putAccount(A, 3n, 100n); // unchanged
    state.putAccount(B, 1n, 0n);
    state.commit();
    expect(state.writes()).toEqual([
      { op: 'putStorage', address: A, key: K2, value: new Uint8Array([5]) },
      { op: 'putAccount', address: B, nonce: 1n, balance: 0n },
    ]);
  });

  it('a cleared or deleted account reads empty storage and is handed over as such', () => {
    const { state } = setup();
    state.checkpoint();
    state.deleteAccount(A);
    expect(state.getStorage(A, K1)).toEqual(new Uint8Array(0));
    expect(state.getCode(A)).toEqual(new Uint8Array(0));
    // The balance is the substrate mirror's and stays.
    expect(state.getAccount(A)).toMatchObject({ nonce: 0n, balance: 100n });
    state.commit();
    expect(state.writes()).toEqual([{ op: 'deleteAccount', address: A }]);
    state.begin(1);
    state.checkpoint();
    state.clearStorage(A);
    state.revert();
    expect(state.getStorage(A, K1)).toEqual(new Uint8Array([7]));
  });

  it('code is kept by its hash: read once, the same array in later versions and at other addresses, read again when it changes', () => {
    let code = new Uint8Array([0x60, 0x01, 0x56]);
    let claimed: Uint8Array | undefined;
    let codeReads = 0;
    const base: BaseReader = {
      account: () => ({ nonce: 1n, balance: 0n, codeHash: claimed ?? keccak_256(code) }),
      code: () => {
        codeReads++;
        return code.slice();
      },
      slot: () => new Uint8Array(0),
    };
    const state = new LocalState(base, (c) => keccak_256(c));
    state.begin(1);
    const first = state.getCode(A);
    state.begin(2);
    // The same array (the EVM keeps its jump analysis per array), and the code was not read again.
    expect(state.getCode(A)).toBe(first);
    expect(state.getCode(B)).toBe(first);
    expect(codeReads).toBe(1);
    code = new Uint8Array([0x60, 0x02, 0x56]);
    state.begin(3);
    const changed = state.getCode(A);
    expect(changed).not.toBe(first);
    expect(changed).toEqual(code);
    expect(codeReads).toBe(2);
    // Code that does not match the hash its account claims is answered, never kept under that hash.
    claimed = keccak_256(new Uint8Array([1]));
    state.begin(4);
    expect(state.getCode(A)).toEqual(code);
    state.begin(5);
    expect(state.getCode(A)).toEqual(code);
    expect(codeReads).toBe(4);
  });
});
