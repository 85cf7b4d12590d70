import type { Chain } from '../chain/chain.js';
import { RPC_ERROR, RpcError } from '../jsonRpc/errors.js';

type BlockRow = {
  number: number;
  hash: string;
  parent_hash: string;
  extrinsics_root: string;
  timestamp: number;
  extrinsic_count: number;
};

/** A header as Substrate's JSON-RPC gives it (`number` in hex, the digest's logs as hex items). */
export type HeaderJson = {
  parentHash: string;
  number: string;
  stateRoot: string;
  extrinsicsRoot: string;
  digest: { logs: string[] };
};

/**
 * The devnet keeps no state trie, so it has no state root to put in a header: it gives the zero hash there. Its
 * block hashes are its own (blake2 of its block fields), not the hash of the SCALE header served.
 */
const NO_STATE_ROOT = `0x${'00'.repeat(32)}`;

/** The chain's committed and in-progress blocks as Substrate's RPC reads them, from the `blocks` table. */
export class SubstrateBlocks {
  readonly #byNumber;
  readonly #byHash;
  constructor(readonly chain: Chain) {
    const db = chain.storage.db;
    this.#byNumber = db.prepare<[number], BlockRow>('SELECT * FROM blocks WHERE number = ?');
    this.#byHash = db.prepare<[string], BlockRow>('SELECT * FROM blocks WHERE hash = ?');
  }

  byNumber(n: number): BlockRow | undefined {
    return n <= this.chain.headNumber ? this.#byNumber.get(n) : undefined;
  }

  byHash(hash: string): BlockRow | undefined {
    return this.#byHash.get(hash);
  }

  head(): BlockRow {
    const row = this.#byNumber.get(this.chain.headNumber);
    if (!row) throw new Error(`the head block #${this.chain.headNumber} has no row`);
    return row;
  }

  finalizedNumber(): number {
    return Math.max(0, this.chain.headNumber - this.chain.finalityDepth);
  }

  /** The block a hash parameter names: the head when absent; `undefined` when the devnet has no such block. */
  at(hash: string | undefined): BlockRow | undefined {
    return hash === undefined ? this.head() : this.byHash(hash);
  }

  /**
   * State is read at the head only (the devnet keeps no past states, as a pruned node): a read at another block is
   * refused rather than answered with the head's values.
   */
  requireHeadState(hash: string | undefined): BlockRow {
    const head = this.head();
    if (hash === undefined || hash === head.hash) return head;
    const row = this.byHash(hash);
    if (!row) throw new RpcError(RPC_ERROR.server, `unknown block: ${hash}`);
    throw new RpcError(
      RPC_ERROR.server,
      `historical state is not available: the devnet keeps the head state only (block #${row.number} asked, head is #${head.number})`,
    );
  }
}

export function headerJson(row: BlockRow): HeaderJson {
  return {
    parentHash: row.parent_hash,
    number: `0x${row.number.toString(16)}`,
    stateRoot: NO_STATE_ROOT,
    extrinsicsRoot: row.extrinsics_root,
    digest: { logs: [] },
  };
}
