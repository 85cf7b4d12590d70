import type { Hex } from 'viem';
import type { EvmLog } from '../runtime/evm/types.js';
import type { Db } from '../storage/db.js';

export type EthBlockRow = {
  number: number;
  hash: string;
  parentHash: string;
  extrinsicsRoot: string;
  /** Milliseconds, as the chain stores it. */
  timestamp: number;
};

/** A log as receipts and `eth_getLogs` give it, with its block-wide index. */
export type EthLogEntry = EvmLog & { logIndex: number };

/** An included Ethereum transaction, read back from the chain's `extrinsics` and `events` tables. */
export type EthTxEntry = {
  blockNumber: number;
  hash: string;
  /** Its position among the block's Ethereum transactions (what Ethereum calls the transaction index). */
  index: number;
  from: string;
  raw: Uint8Array;
  /** Whether the execution succeeded (a failed dispatch or a revert is status 0). */
  status: boolean;
  gasUsed: bigint;
  cumulativeGasUsed: bigint;
  contractAddress: string | null;
  logs: EthLogEntry[];
};

type TxRow = { block_number: number; idx: number; hash: string; signer: string; encoded: Uint8Array };
type EventRow = { block_number: number; extrinsic_idx: number; method: string; data: string };
type BlockRow = {
  number: number;
  hash: string;
  parent_hash: string;
  extrinsics_root: string;
  timestamp: number;
};

/**
 * The Ethereum view of the chain's history: an Ethereum transaction is an `ethereum.transact` extrinsic, its
 * receipt is its `ethereum.Executed` event and its logs the `evm.Log` events before it. Nothing is stored twice.
 */
export class EthHistory {
  readonly #block;
  readonly #blockByHash;
  readonly #txLocation;
  readonly #txs;
  readonly #events;

  constructor(db: Db) {
    this.#block = db.prepare<[number], BlockRow>(
      'SELECT number, hash, parent_hash, extrinsics_root, timestamp FROM blocks WHERE number = ?',
    );
    this.#blockByHash = db.prepare<[string], number>('SELECT number FROM blocks WHERE hash = ?').pluck();
    this.#txLocation = db
      .prepare<[string], number>(
        "SELECT block_number FROM extrinsics WHERE hash = ? AND section = 'ethereum'",
      )
      .pluck();
    // Both read a range of blocks through the block-ordered index. Left to choose, SQLite takes the index that
    // starts with `section` (the indexer's filter by call) for the equality on it and walks every Ethereum
    // transaction and event of the chain for each block asked: a receipt cost more the longer the chain.
    this.#txs = db.prepare<[number, number], TxRow>(
      `SELECT block_number, idx, hash, signer, encoded FROM extrinsics INDEXED BY extrinsics_block
       WHERE block_number BETWEEN ? AND ? AND section = 'ethereum' ORDER BY block_number, idx`,
    );
    this.#events = db.prepare<[number, number], EventRow>(
      `SELECT block_number, extrinsic_idx, method, data FROM events INDEXED BY events_position
       WHERE block_number BETWEEN ? AND ?
         AND ((section = 'evm' AND method = 'Log') OR (section = 'ethereum' AND method = 'Executed'))
       ORDER BY block_number, extrinsic_idx, event_idx`,
    );
  }

  block(number: number): EthBlockRow | undefined {
    const r = this.#block.get(number);
    return (
      r && {
        number: r.number,
        hash: r.hash,
        parentHash: r.parent_hash,
        extrinsicsRoot: r.extrinsics_root,
        timestamp: r.timestamp,
      }
    );
  }

  blockNumberOf(hash: string): number | undefined {
    return this.#blockByHash.get(hash);
  }

  /** The block an Ethereum transaction is in, if it is in one. */
  blockOfTransaction(hash: string): number | undefined {
    return this.#txLocation.get(hash);
  }

  /** The Ethereum transactions of blocks `from..to`, in order, with receipts' fields. */
  transactions(from: number, to: number): EthTxEntry[] {
    const rows = this.#txs.all(from, to);
    if (rows.length === 0) return [];
    const byKey = new Map<string, EthTxEntry>();
    const out: EthTxEntry[] = [];
    let block = -1;
    let index = 0;
    for (const r of rows) {
      if (r.block_number !== block) {
        block = r.block_number;
        index = 0;
      }
      const entry: EthTxEntry = {
        blockNumber: r.block_number,
        hash: r.hash,
        index: index++,
        from: r.signer,
        raw: r.encoded,
        status: false,
        gasUsed: 0n,
        cumulativeGasUsed: 0n,
        contractAddress: null,
        logs: [],
      };
      byKey.set(`${r.block_number}:${r.idx}`, entry);
      out.push(entry);
    }
    let logBlock = -1;
    let logIndex = 0;
    for (const e of this.#events.all(from, to)) {
      const entry = byKey.get(`${e.block_number}:${e.extrinsic_idx}`);
      if (!entry) continue;
      const data = JSON.parse(e.data) as Record<string, string>;
      if (e.method === 'Log') {
        if (e.block_number !== logBlock) {
          logBlock = e.block_number;
          logIndex = 0;
        }
        const log = JSON.parse(data.log ?? '{}') as EvmLog;
        entry.logs.push({
          address: log.address,
          topics: log.topics as Hex[],
          data: log.data,
          logIndex: logIndex++,
        });
      } else {
        entry.status = data.exitReason === 'Succeed';
        entry.gasUsed = BigInt(data.gasUsed ?? '0');
        entry.contractAddress = data.contractAddress ?? null;
      }
    }
    let cumulative = 0n;
    block = -1;
    for (const entry of out) {
      if (entry.blockNumber !== block) {
        block = entry.blockNumber;
        cumulative = 0n;
      }
      cumulative += entry.gasUsed;
      entry.cumulativeGasUsed = cumulative;
    }
    return out;
  }
}
