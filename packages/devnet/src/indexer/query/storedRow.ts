import { type IndexedProperty, propertiesMap } from '../rows/properties.js';
import { iso } from './sql.js';

/** The columns every parsed-entity table (collections, NFTs) keeps beside its JSON row. */
export type StoredRow = {
  row: string;
  is_burned: number;
  created_block: number;
  updated_block: number;
  created_at: number;
  updated_at: number;
};

export const STORED_ROW_COLUMNS = 'row, is_burned, created_block, updated_block, created_at, updated_at';

/** A stored row as the indexer answers it: the JSON row, its `propertiesMap`, burn flag, block numbers and dates. */
export function storedRow(r: StoredRow): Record<string, unknown> {
  return {
    ...withPropertiesMap(r.row),
    isBurned: r.is_burned === 1,
    fetchedAtBlockNumber: r.updated_block,
    updatedAtBlockNumber: r.updated_block,
    createdAtBlockNumber: r.created_block,
    updatedAt: iso(r.updated_at),
    createdAt: iso(r.created_at),
  };
}

/** The stored row with its `propertiesMap` rebuilt (kept out of storage: it repeats `properties`). */
function withPropertiesMap(json: string): Record<string, unknown> {
  const row = JSON.parse(json) as Record<string, unknown> & { properties: IndexedProperty[] | null };
  return { ...row, propertiesMap: row.properties ? propertiesMap(row.properties) : null };
}
