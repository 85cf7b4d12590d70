import { bytesToHex } from '@nftkit/primitives';
import type { Chain } from '../chain/chain.js';
import { encodeUnsignedExtrinsic } from '../chain/extrinsic.js';
import { GENESIS_STATE_ROOT_KEY } from '../chain/genesis.js';
import { ZERO_HASH } from '../chain/header.js';
import { StateUnavailableError } from '../chain/stateHistory.js';
import { RpcError } from '../jsonRpc/errors.js';
import { encodeCall } from '../runtime/runtime.js';

export type BlockRow = {
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

/** The chain's committed and in-progress blocks as Substrate's RPC reads them, from the `blocks` table. */
export class SubstrateBlocks {
  readonly #byNumber;
  readonly #byHash;
  readonly #genesisStateRoot: string;
  readonly #extrinsics;
  #head: BlockRow | undefined;
  constructor(readonly chain: Chain) {
    const db = chain.storage.db;
    this.#extrinsics = db.prepare<[number], { signer: string | null; args: string; encoded: Uint8Array }>(
      'SELECT signer, args, encoded FROM extrinsics WHERE block_number = ? ORDER BY idx',
    );
    this.#genesisStateRoot = chain.storage.meta.get(GENESIS_STATE_ROOT_KEY) ?? ZERO_HASH;
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
    // Read once a block: every state read asks for the head, and its row does not change while it is the head.
    const n = this.chain.headNumber;
    if (this.#head?.number === n && this.#head.hash === this.chain.headHash) return this.#head;
    const row = this.#byNumber.get(n);
    if (!row) throw new Error(`the head block #${n} has no row`);
    this.#head = row;
    return row;
  }

  /**
   * The block's header as Substrate's RPC gives it: the fields whose SCALE encoding hashes to the block's hash
   * (chain/header.ts): the zero state root but at genesis, an empty digest.
   */
  header(row: BlockRow): HeaderJson {
    return {
      parentHash: row.parent_hash,
      number: `0x${row.number.toString(16)}`,
      stateRoot: row.number === 0 ? this.#genesisStateRoot : ZERO_HASH,
      extrinsicsRoot: row.extrinsics_root,
      digest: { logs: [] },
    };
  }

  /**
   * The block's extrinsics as a node serves them (hex): the signed extrinsics exactly as they were submitted (their
   * blake2-256 is their hash), and Ethereum transactions as the unsigned `ethereum.transact` extrinsics Frontier
   * includes (the devnet keeps their RLP, from which the call is made again).
   */
  extrinsics(row: BlockRow): string[] {
    return this.#extrinsics
      .all(row.number)
      .map((x) =>
        bytesToHex(
          x.signer?.startsWith('0x')
            ? encodeUnsignedExtrinsic(
                encodeCall('ethereum', 'transact', JSON.parse(x.args) as Record<string, unknown>),
              )
            : x.encoded,
        ),
      );
  }

  finalizedNumber(): number {
    return Math.max(0, this.chain.headNumber - this.chain.finalityDepth);
  }

  /** The block a hash parameter names: the head when absent; `undefined` when the devnet has no such block. */
  at(hash: string | undefined): BlockRow | undefined {
    return hash === undefined ? this.head() : this.byHash(hash);
  }

  /**
   * Runs `read` against the state at the end of the block `hash` names (the head when absent). An older block's
   * state is put back from the chain's state history — the one the Ethereum face reads too (`chain/stateHistory.ts`,
   * the last 256 blocks) — and thrown away after `read` returns. A block the chain does not have, or one older than
   * what is kept, is refused as a node refuses it (`4003 Client error: UnknownBlock: …`), never answered with the
   * head's values.
   */
  stateAt<T>(hash: string | undefined, read: (block: BlockRow) => T): T {
    const head = this.head();
    if (hash === undefined || hash === head.hash) return read(head);
    const row = this.known(hash, head);
    return this.discarded(hash, () => this.chain.stateHistory.at(row.number, head.number, () => read(row)));
  }

  /**
   * The block `hash` names (the head when absent), refused as {@link stateAt} refuses it when the devnet does not
   * have its state, without putting that state back: for what a node answers from a block's runtime alone (its
   * version, its metadata, a runtime API that reads no storage), which it still loads from that block's state.
   */
  withState(hash: string | undefined): BlockRow {
    const head = this.head();
    if (hash === undefined || hash === head.hash) return head;
    const row = this.known(hash, head);
    this.discarded(hash, () => this.chain.stateHistory.check(row.number, head.number));
    return row;
  }

  private known(hash: string, head: BlockRow): BlockRow {
    const row = this.byHash(hash);
    if (!row || row.number > head.number) throw unknownBlock(`Header was not found in the database: ${hash}`);
    return row;
  }

  private discarded<T>(hash: string, run: () => T): T {
    try {
      return run();
    } catch (e) {
      if (e instanceof StateUnavailableError)
        throw unknownBlock(`State already discarded for ${hash} (${e.message})`);
      throw e;
    }
  }
}

/** Substrate's state RPC error for a client error (`sc-rpc-api`'s state errors start at 4000). */
const CLIENT_ERROR = 4003;
const unknownBlock = (detail: string) => new RpcError(CLIENT_ERROR, `Client error: UnknownBlock: ${detail}`);
