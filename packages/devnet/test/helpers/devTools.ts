import { blake2b } from '@noble/hashes/blake2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { encodeDeployData, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { Chain } from '../../src/chain/chain.js';
import { GAS_PRICE } from '../../src/runtime/evm/gas.js';
import { type Db, tablesOf } from '../../src/storage/db.js';
import { devKey } from './ethRpc.js';
import { contract } from './evm.js';

/**
 * The `meta` row of the chain's clock offset: a revert sets it so that the clock reads what it read at the snapshot
 * (time stands still across a revert, as on Hardhat's node), so it differs by the time spent in between.
 */
const CLOCK_OFFSET_ROW = /^\["clock_offset_ms",/;

/**
 * Every table of the database — state, history, index rows, `meta` — as sorted JSON rows (the clock's offset
 * aside): two equal answers are two equal databases, as every face reads them.
 */
export function tableRows(db: Db): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const table of tablesOf(db)) {
    const rows = db.prepare(`SELECT * FROM "${table}"`).raw().all() as unknown[][];
    out[table] = rows
      .map((row) =>
        JSON.stringify(row, (_k, v) =>
          v instanceof Uint8Array ? bytesToHex(v) : typeof v === 'bigint' ? String(v) : v,
        ),
      )
      .filter((line) => table !== 'meta' || !CLOCK_OFFSET_ROW.test(line))
      .sort();
  }
  return out;
}

/** A hash of {@link tableRows}. */
export function databaseDigest(db: Db): string {
  const h = blake2b.create({ dkLen: 32 });
  const enc = new TextEncoder();
  for (const [table, lines] of Object.entries(tableRows(db))) {
    h.update(enc.encode(`#${table}\n`));
    for (const line of lines) h.update(enc.encode(`${line}\n`));
  }
  return `0x${bytesToHex(h.digest())}`;
}

/** Ethereum dev account `i` as viem signs for it. */
export const ethDev = (i: number) => privateKeyToAccount(devKey(i));

/** A raw EIP-1559 transaction of dev account `i` at `nonce`, signed for the devnet. */
export function signedEth(
  i: number,
  nonce: number,
  tx: { to?: Hex; value?: bigint; data?: Hex; gas?: bigint },
): Promise<Hex> {
  return ethDev(i).signTransaction({
    type: 'eip1559',
    chainId: 8884,
    nonce,
    gas: tx.gas ?? 21_000n,
    maxFeePerGas: GAS_PRICE,
    maxPriorityFeePerGas: 0n,
    ...(tx.to ? { to: tx.to } : {}),
    value: tx.value ?? 0n,
    ...(tx.data ? { data: tx.data } : {}),
  });
}

/** The deploy data of the test ERC-20 (`Token20(name, supply)`). */
export const token20Deploy = (name: string, supply: bigint): Hex => {
  const { abi, bytecode } = contract('Token20');
  return encodeDeployData({ abi, bytecode, args: [name, supply] });
};

/** The chain's pool as hashes, in arrival order. */
export const poolHashes = (chain: Chain) => chain.pool.all().map((t) => t.hash);
