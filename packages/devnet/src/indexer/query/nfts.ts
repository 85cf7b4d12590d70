import type { indexerRoutes } from '@nftkit/api';
import type { z } from 'zod';
import type { Db } from '../../storage/db.js';
import { notFound } from '../errors.js';
import { addresses, collectionIds, collectionId as oneCollectionId, tokenIds } from './inputs.js';
import { Filters, list, ms, orderBy, prepared } from './sql.js';
import { STORED_ROW_COLUMNS, type StoredRow, storedRow } from './storedRow.js';

type In<K extends keyof typeof indexerRoutes> = z.output<(typeof indexerRoutes)[K]['input']>;

type NftRow = StoredRow & { is_bundle: number };

const nftRow = (r: NftRow) => ({ ...storedRow(r), isBundle: r.is_bundle === 1 });

const COLUMNS = `${STORED_ROW_COLUMNS}, is_bundle`;

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
