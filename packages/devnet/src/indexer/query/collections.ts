import type { indexerRoutes } from '@nftkit/api';
import type { z } from 'zod';
import type { Db } from '../../storage/db.js';
import { notFound } from '../errors.js';
import { addresses, collectionIds, likePattern, collectionId as oneCollectionId } from './inputs.js';
import { Filters, list, ms, orderBy, prepared } from './sql.js';
import { STORED_ROW_COLUMNS, type StoredRow, storedRow } from './storedRow.js';

type In<K extends keyof typeof indexerRoutes> = z.output<(typeof indexerRoutes)[K]['input']>;

export function collection(db: Db, input: In<'collection'>) {
  const id = oneCollectionId('collectionId', input.collectionId);
  const row = prepared(db, `SELECT ${STORED_ROW_COLUMNS} FROM ix_collections WHERE collection_id = ?`).get(
    id,
  ) as StoredRow | undefined;
  if (!row) throw notFound(`Collection ${id} not found`);
  return storedRow(row);
}

export function collections(db: Db, input: In<'collections'>) {
  const f = new Filters()
    .in('collection_id', collectionIds('collectionIdIn', input.collectionIdIn))
    .in('owner', addresses('ownerIn', input.ownerIn))
    .in('sponsor', addresses('sponsorIn', input.sponsorIn))
    .bool('is_burned', input.isBurned ?? false)
    .range('created_at', ms(input.createdTimestampFrom), ms(input.createdTimestampTo))
    .range('updated_at', ms(input.updatedTimestampFrom), ms(input.updatedTimestampTo));
  if (input.mode !== undefined) f.add('mode = ?', input.mode);
  const name = likePattern(input.nameLike);
  if (name !== undefined) f.add("name LIKE ? ESCAPE '\\'", name);
  const description = likePattern(input.descriptionLike);
  if (description !== undefined) f.add("description LIKE ? ESCAPE '\\'", description);
  const admins = addresses('adminIn', input.adminIn);
  if (admins !== undefined) {
    if (admins.length === 0) f.empty = true;
    else
      f.add(
        `collection_id IN (SELECT collection_id FROM ix_collection_admins WHERE address IN (${admins.map(() => '?').join(', ')}))`,
        ...admins,
      );
  }
  return list(db, {
    from: 'ix_collections',
    select: STORED_ROW_COLUMNS,
    filters: f,
    order: orderBy(
      input,
      {
        orderByCollectionId: 'collection_id',
        orderByName: 'name',
        orderByDescription: 'description',
        orderByOwner: 'owner',
        orderByUpdatedAtBlockNumber: 'updated_block',
        orderByCreatedAtBlockNumber: 'created_block',
        orderByLastTokenId: 'last_token_id',
      },
      'collection_id ASC',
      'collection_id',
    ),
    page: input,
    defaultLimit: 10,
    map: storedRow,
  });
}
