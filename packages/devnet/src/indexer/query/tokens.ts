import type { indexerRoutes } from '@nftkit/api';
import type { z } from 'zod';
import type { Db } from '../../storage/db.js';
import { unpadAmount } from '../amounts.js';
import { addresses, collectionIds, tokenIds } from './inputs.js';
import { Filters, iso, list, orderBy } from './sql.js';

type In<K extends keyof typeof indexerRoutes> = z.output<(typeof indexerRoutes)[K]['input']>;

type TokenBalanceRow = {
  collection_id: number;
  token_id: number;
  address: string;
  amount: string;
  created_block: number;
  updated_block: number;
  created_at: number;
  updated_at: number;
};

/** Mode filter: the collection's mode as the indexer names it (`NFT`, `Fungible`, `RFT`). */
const modeFilter = (f: Filters, column: string, mode: string | undefined) => {
  if (mode !== undefined)
    f.add(`${column} IN (SELECT collection_id FROM ix_collections WHERE mode = ?)`, mode);
};

export function tokenBalances(db: Db, input: In<'tokenBalances'>) {
  const f = new Filters()
    .in('address', addresses('addressIn', input.addressIn))
    .in('collection_id', collectionIds('collectionIdIn', input.collectionIdIn))
    .in('token_id', tokenIds('tokenIdIn', input.tokenIdIn))
    .amountRange('amount', input.amountFrom, input.amountTo);
  modeFilter(f, 'collection_id', input.mode);
  return list(db, {
    from: 'ix_token_balances',
    select: '*',
    filters: f,
    order: orderBy(
      input,
      {
        orderByAddress: 'address',
        orderByCollectionId: 'collection_id',
        orderByTokenId: 'token_id',
        orderByAmount: 'amount',
      },
      'collection_id ASC, token_id ASC',
      'collection_id, token_id, address',
    ),
    page: input,
    defaultLimit: 100,
    map: (r: TokenBalanceRow) => ({
      key: `${r.collection_id}-${r.token_id}-${r.address}`,
      address: r.address,
      collectionId: r.collection_id,
      tokenId: r.token_id,
      amount: unpadAmount(r.amount),
      fetchedAtBlockNumber: r.updated_block,
      createdAtBlockNumber: r.created_block,
      updatedAtBlockNumber: r.updated_block,
      createdAt: iso(r.created_at),
      updatedAt: iso(r.updated_at),
    }),
  });
}

type TokenTransferRow = {
  id: number;
  collection_id: number;
  token_id: number;
  from_address: string;
  to_address: string;
  amount: string;
  event_id: number;
  block_number: number;
  timestamp: number;
  extrinsic_hash: string;
  idx: number | null;
  section: string | null;
  method: string | null;
  signer: string | null;
};

export function tokenTransfers(db: Db, input: In<'tokenTransfers'>) {
  const f = new Filters()
    .in('t.from_address', addresses('fromIn', input.fromIn))
    .in('t.to_address', addresses('toIn', input.toIn))
    .in('t.collection_id', collectionIds('collectionIdIn', input.collectionIdIn))
    .in('t.token_id', tokenIds('tokenIdIn', input.tokenIdIn))
    .amountRange('t.amount', input.amountFrom, input.amountTo);
  modeFilter(f, 't.collection_id', input.mode);
  return list(db, {
    from: `ix_token_transfers t JOIN events e ON e.id = t.event_id JOIN blocks b ON b.number = e.block_number
      LEFT JOIN extrinsics x ON x.block_number = e.block_number AND x.idx = e.extrinsic_idx`,
    select:
      "t.*, e.block_number, b.timestamp, COALESCE(x.hash, '') AS extrinsic_hash, x.idx, x.section, x.method, x.signer",
    filters: f,
    order: orderBy(
      input,
      {
        orderByFrom: 't.from_address',
        orderByTo: 't.to_address',
        orderByAmount: 't.amount',
        orderByCollectionId: 't.collection_id',
        orderByTokenId: 't.token_id',
      },
      't.id DESC',
      't.id DESC',
    ),
    page: input,
    defaultLimit: 100,
    map: (r: TokenTransferRow) => ({
      id: r.id,
      from: r.from_address,
      to: r.to_address,
      collectionId: r.collection_id,
      tokenId: r.token_id,
      amount: unpadAmount(r.amount),
      eventId: r.event_id,
      event: {
        blockNumber: r.block_number,
        blockTimestamp: r.timestamp,
        extrinsicHash: r.extrinsic_hash,
        extrinsic: {
          indexInBlock: r.idx ?? 0,
          ...(r.section === null ? {} : { section: r.section }),
          ...(r.method === null ? {} : { method: r.method }),
          ...(r.signer === null ? {} : { signer: r.signer }),
        },
      },
    }),
  });
}
