/**
 * The pallets' state that lives as rows of the `meta` table rather than in tables of its own: totals and counters
 * (Balances' TotalIssuance, Common's created and destroyed collection counts, the Nfts pallet's next collection id).
 * They are state like any table's rows, so whatever treats the state as a whole — its history at older blocks, the
 * digest that proves a refusal changed nothing — takes these keys with the state tables. The other `meta` rows
 * (the head, the genesis, the clock, the indexer's progress) are the node's, not the chain state's.
 */
export const STATE_META = {
  totalIssuance: 'total_issuance',
  collectionsCreated: 'collections_created',
  collectionsDestroyed: 'collections_destroyed',
  nftsNextCollectionId: 'nfts_next_collection_id',
} as const;

export const STATE_META_KEYS: readonly string[] = Object.values(STATE_META);
