import type { indexerRoutes } from '@nftkit/api';
import type { z } from 'zod';
import { notFound } from '../../http/errors.js';
import type { Db } from '../../storage/db.js';
import { type IndexedProperty, propertiesMap } from '../rows/properties.js';
import { addresses, collectionIds, collectionId as oneCollectionId, tokenIds } from './inputs.js';
import { Filters, iso, list, ms, orderBy, prepared } from './sql.js';

type In<K extends keyof typeof indexerRoutes> = z.output<(typeof indexerRoutes)[K]['input']>;

type NftRow = {
  row: string;
  is_burned: number;
  is_bundle: number;
  created_block: number;
  updated_block: number;
  created_at: number;
  updated_at: number;
};

const nftRow = (r: NftRow) => ({
  ...withPropertiesMap(r.row),
  isBundle: r.is_bundle === 1,
  isBurned: r.is_burned === 1,
  fetchedAtBlockNumber: r.updated_block,
  updatedAtBlockNumber: r.updated_block,
  createdAtBlockNumber: r.created_block,
  updatedAt: iso(r.updated_at),
  createdAt: iso(r.created_at),
});

/** The stored row with its `propertiesMap` rebuilt (kept out of storage: it repeats `properties`). */
function withPropertiesMap(json: string): Record<string, unknown> {
  const row = JSON.parse(json) as Record<string, unknown> & { properties: IndexedProperty[] | null };
  return { ...row, propertiesMap: row.properties ? propertiesMap(row.properties) : null };
}

const COLUMNS = 'row, is_burned, is_bundle, created_block, updated_block, created_at, updated_at';

export function nft(db: Db, input: In<'nft'>) {
  const c = oneCollectionId('collectionId', input.collectionId);
  const row = prepared(db, `SELECT ${COLUMNS} FROM ix_nfts WHERE collection_id = ? AND token_id = ?`).get(
    c,
    input.tokenId,
  ) as NftRow | undefined;
  if (!row) throw notFound(`NFT ${c}/${input.tokenId} not found`);
  return nftRow(row);
}

const placeholders = (values: readonly unknown[]) => values.map(() => '?').join(', ');

export function nfts(db: Db, input: In<'nfts'>) {
  const f = new Filters()
    .in('collection_id', collectionIds('collectionIdIn', input.collectionIdIn))
    .in('token_id', tokenIds('tokenIdIn', input.tokenIdIn))
    .in('owner', addresses('ownerIn', input.ownerIn))
    .in('topmost_owner', addresses('topmostOwnerIn', input.topmostOwnerIn))
    .bool('is_burned', input.isBurned)
    .bool('is_bundle', input.isBundle)
    .range('created_at', ms(input.createdTimestampFrom), ms(input.createdTimestampTo))
    .range('updated_at', ms(input.updatedTimestampFrom), ms(input.updatedTimestampTo));
  const sub = (table: string, column: string, values: readonly string[] | undefined) => {
    if (values === undefined) return;
    if (values.length === 0) {
      f.empty = true;
      return;
    }
    f.add(
      `(collection_id, token_id) IN (SELECT collection_id, token_id FROM ${table} WHERE ${column} IN (${placeholders(values)}))`,
      ...values,
    );
  };
  sub('ix_nft_royalties', 'address', addresses('royaltyRecipientIn', input.royaltyRecipientIn));
  sub('ix_nft_attributes', 'value', input.attributeValueIn);
  sub('ix_nft_attributes', 'trait_type', input.attributeTraitTypeIn);
  return list(db, {
    from: 'ix_nfts',
    select: COLUMNS,
    filters: f,
    order: orderBy(
      input,
      {
        orderByCollectionId: 'collection_id',
        orderByTokenId: 'token_id',
        orderByCreatedAtBlockNumber: 'created_block',
        orderByOwner: 'owner',
      },
      'collection_id ASC, token_id ASC',
      'collection_id, token_id',
    ),
    page: input,
    defaultLimit: 10,
    map: nftRow,
  });
}
