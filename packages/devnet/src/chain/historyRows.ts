// Rows of the chain's history tables (`blocks`, `extrinsics`, `events`), as the chain writes them and the
// indexer reads them.

export type BlockRow = { number: number; hash: string; parent_hash: string; timestamp: number };

/** An extrinsic as the chain's `extrinsics` table holds it (the columns the indexer reads). */
export type ExtrinsicRow = {
  hash: string;
  idx: number;
  signer: string | null;
  section: string;
  method: string;
  args: string;
  success: number;
  encoded: Uint8Array;
};
/** An event as the chain's `events` table holds it. */
export type EventRow = {
  id: number;
  extrinsic_idx: number;
  event_idx: number;
  section: string;
  method: string;
  data: string;
  /** `data` before it was written as JSON, when the row was just written (the indexer then need not parse it). */
  fields?: Record<string, string>;
};

/** A block's rows as the chain just wrote them, so the indexer need not read them back. */
export type WrittenBlock = { block: BlockRow; extrinsics: ExtrinsicRow[]; events: EventRow[] };
