import { INDEXER_BALANCE_FIELDS, type indexerRoutes } from '@nftkit/api';
import type { z } from 'zod';
import type { Db } from '../../storage/db.js';
import { unpadAmount } from '../amounts.js';
import { notFound } from '../errors.js';
import { addresses, address as oneAddress } from './inputs.js';
import { Filters, iso, list, ms, orderBy, prepared } from './sql.js';

type In<K extends keyof typeof indexerRoutes> = z.output<(typeof indexerRoutes)[K]['input']>;

type AccountRow = {
  address: string;
  mirror: string;
  prototype: string | null;
  is_ethereum: number;
  is_signer: number;
  is_smart_contract: number;
  created_block: number;
  updated_block: number;
  created_at: number;
  updated_at: number;
};

const accountRow = (r: AccountRow) => ({
  address: r.address,
  prototype: r.prototype,
  mirror: r.mirror,
  isEthereum: r.is_ethereum === 1,
  isSigner: r.is_signer === 1,
  isSmartContract: r.is_smart_contract === 1,
  createdAtBlockNumber: r.created_block,
  updatedAtBlockNumber: r.updated_block,
  createdAt: iso(r.created_at),
  updatedAt: iso(r.updated_at),
});

export function account(db: Db, input: In<'account'>) {
  const a = oneAddress('address', input.address);
  const row = prepared(db, 'SELECT * FROM ix_accounts WHERE address = ?').get(a) as AccountRow | undefined;
  if (!row) throw notFound(`Account ${input.address} not found`);
  return accountRow(row);
}

export function accounts(db: Db, input: In<'accounts'>) {
  const f = new Filters()
    .in('address', addresses('addressIn', input.addressIn))
    .in('mirror', addresses('mirrorIn', input.mirrorIn))
    .bool('is_ethereum', input.isEthereum)
    .bool('is_signer', input.isSigner)
    .bool('is_smart_contract', input.isSmartContract)
    .range('created_at', ms(input.createdTimestampFrom), ms(input.createdTimestampTo));
  return list(db, {
    from: 'ix_accounts',
    select: '*',
    filters: f,
    order: orderBy(
      input,
      {
        orderByAddress: 'address',
        orderByCreatedTimestamp: 'created_at',
        orderByCreatedAtBlockNumber: 'created_block',
      },
      'created_block ASC',
      'address',
    ),
    page: input,
    defaultLimit: 100,
    map: accountRow,
  });
}

type CoinBalanceRow = { address: string } & Record<(typeof INDEXER_BALANCE_FIELDS)[number], string> & {
    created_block: number;
    updated_block: number;
    created_at: number;
    updated_at: number;
  };

const coinBalanceRow = (r: CoinBalanceRow) => {
  const amounts: Record<string, string> = {};
  for (const field of INDEXER_BALANCE_FIELDS) amounts[field] = unpadAmount(r[field]);
  return {
    address: r.address,
    ...(amounts as Record<(typeof INDEXER_BALANCE_FIELDS)[number], string>),
    fetchedAtBlockNumber: r.updated_block,
    createdAtBlockNumber: r.created_block,
    updatedAtBlockNumber: r.updated_block,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  };
};

export function coinBalance(db: Db, input: In<'coinBalance'>) {
  const a = oneAddress('address', input.address);
  const row = prepared(db, 'SELECT * FROM ix_coin_balances WHERE address = ?').get(a) as
    | CoinBalanceRow
    | undefined;
  if (!row) throw notFound(`No balance indexed for ${input.address}`);
  return coinBalanceRow(row);
}

const capitalized = (s: string) => s[0]!.toUpperCase() + s.slice(1);

export function coinBalances(db: Db, input: In<'coinBalances'>) {
  const f = new Filters().in('address', addresses('addressIn', input.addressIn));
  const raw = input as Record<string, unknown>;
  const columns: Record<string, string> = {};
  for (const field of INDEXER_BALANCE_FIELDS) {
    f.amountRange(field, raw[`${field}From`] as string | undefined, raw[`${field}To`] as string | undefined);
    columns[`orderBy${capitalized(field)}`] = field;
  }
  return list(db, {
    from: 'ix_coin_balances',
    select: '*',
    filters: f,
    order: orderBy(input, { ...columns, orderByAddress: 'address' }, 'address ASC', 'address'),
    page: input,
    defaultLimit: 100,
    map: coinBalanceRow,
  });
}

type TransferRow = {
  id: number;
  from_address: string;
  to_address: string;
  amount: string;
  event_id: number;
  block_number: number | null;
  extrinsic_hash: string | null;
  idx: number | null;
  section: string | null;
  method: string | null;
  signer: string | null;
};

export function balanceTransfers(db: Db, input: In<'balanceTransfers'>) {
  const f = new Filters()
    .in('t.from_address', addresses('fromIn', input.fromIn))
    .in('t.to_address', addresses('toIn', input.toIn))
    .amountRange('t.amount', input.amountFrom, input.amountTo);
  return list(db, {
    from: `ix_coin_transfers t LEFT JOIN events e ON e.id = t.event_id
      LEFT JOIN extrinsics x ON x.block_number = e.block_number AND x.idx = e.extrinsic_idx`,
    select: `t.*, e.block_number, x.hash AS extrinsic_hash, x.idx, x.section, x.method, x.signer`,
    filters: f,
    order: orderBy(
      input,
      { orderByFrom: 't.from_address', orderByTo: 't.to_address', orderByAmount: 't.amount' },
      't.id DESC',
      't.id DESC',
    ),
    page: input,
    defaultLimit: 100,
    map: (r: TransferRow) => ({
      id: r.id,
      from: r.from_address,
      to: r.to_address,
      amount: unpadAmount(r.amount),
      eventId: r.event_id,
      event:
        r.block_number === null
          ? null
          : {
              blockNumber: r.block_number,
              extrinsicHash: r.extrinsic_hash ?? '',
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
