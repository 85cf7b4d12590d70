import { compactFromBytes, hexToBytes } from '@nftkit/primitives';
import { ApiError, type UniqueIndexer } from '@nftkit/sdk';

type Indexer = ReturnType<typeof UniqueIndexer>;

/**
 * How the chain refused a write for its nonce (docs/decisions/game-service.md §8):
 * - `stale`: the nonce is already in a block: every operator write below it has landed;
 * - `taken`: another write with this nonce waits in the pool (another instance's, or one of ours that timed out);
 * - `unknown`: a nonce refusal that proves nothing (a node's texts without the devnet's `code`).
 */
export type NonceRefusal = 'stale' | 'taken' | 'unknown';

const BY_CODE: Readonly<Record<string, NonceRefusal>> = {
  Stale: 'stale',
  PriorityTooLow: 'taken',
  AlreadyImported: 'taken',
  Future: 'unknown',
};

/** The nonce refusal an error of `submit` stands for, or null when it is some other error. */
export function nonceRefusalOf(error: unknown): NonceRefusal | null {
  if (!ApiError.isApiError(error)) return null;
  const data = error.data as { code?: unknown; details?: { code?: unknown } } | null;
  const code = data?.details?.code ?? data?.code;
  // The devnet names the refusal; its other codes (FutureLimit, PoolFull…) reuse the node's texts but are not nonce clashes.
  if (typeof code === 'string') return BY_CODE[code] ?? null;
  if (/Priority is too low|Already Imported/i.test(error.message)) return 'taken';
  if (/Transaction is outdated|valid in the future/i.test(error.message)) return 'unknown';
  return null;
}

/**
 * The nonce in a signed version-4 extrinsic: compact length ‖ 0x84 ‖ MultiAddress::Id (0x00 + 32 bytes) ‖
 * MultiSignature (variant byte + 64, or + 65 for ecdsa) ‖ era (1 byte immortal, else 2) ‖ compact nonce ‖ …
 */
export function signedExtrinsicNonce(hex: string): number {
  const bytes = hexToBytes(hex);
  let at = compactFromBytes(bytes, 0).length;
  if (bytes[at] !== 0x84 || bytes[at + 1] !== 0x00)
    throw new Error('not a signed extrinsic with an account id');
  at += 2 + 32;
  at += bytes[at] === 0x02 ? 66 : 65;
  at += bytes[at] === 0x00 ? 1 : 2;
  const nonce = compactFromBytes(bytes, at).value;
  if (nonce > 0xffffffffn) throw new Error('nonce above u32');
  return Number(nonce);
}

/**
 * The operator's nonce as a compare-and-set. Every instance of the service signs with the one operator account, so
 * the chain includes exactly one write per nonce: a write built from the chain's state with every write below its
 * nonce applied can only land on top of that state, and a write that lost the race is refused (`stale`/`taken`)
 * instead of landing on a state it did not see. So the nonce used must never be above the chain's: this keeps a
 * lower bound, raised by our own landed writes and by the chain's refusals, and read from the indexer (which never
 * runs ahead of the chain) when unknown. The pool-aware `next_index` is no such bound: it counts other instances'
 * writes still waiting in the pool, whose effects a read does not show yet.
 */
export class OperatorNonce {
  /** No operator write at or above it has landed as far as we know; everything below it has. */
  private floor = 0;
  /** Whether `floor` is where our own last write left it (no refusal or doubt since). */
  private exact = false;

  constructor(
    private readonly indexer: Indexer,
    private readonly operator: string,
  ) {}

  /** The nonce the next write takes; reads the indexer when our own writes do not tell. */
  async next(): Promise<number> {
    if (!this.exact) {
      this.floor = Math.max(this.floor, await this.included());
      this.exact = true;
    }
    return this.floor;
  }

  /** Whether the writes since our last refusal were all ours (then what we wrote is what the chain holds). */
  get contiguous(): boolean {
    return this.exact;
  }

  /** Our write with `nonce` is in a block (applied or failed: either way the nonce is spent). */
  landed(nonce: number): void {
    this.floor = nonce + 1;
  }

  /** A write with `nonce` was refused for its nonce, or its fate is unknown: ask the chain again before the next. */
  refused(nonce: number, refusal: NonceRefusal | 'doubt'): void {
    if (refusal === 'stale') this.floor = Math.max(this.floor, nonce + 1);
    this.exact = false;
  }

  /** One past the nonce of the operator's newest extrinsic in the indexer (0 when it has none). */
  private async included(): Promise<number> {
    const page = await this.indexer.extrinsics({
      signerIn: [this.operator],
      orderByBlockNumber: 'desc',
      orderByIndex: 'desc',
      limit: 1,
    });
    const newest = page.items[0];
    return newest ? signedExtrinsicNonce(newest.asHex) + 1 : 0;
  }
}
