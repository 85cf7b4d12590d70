import type { RouteParsedInput, routes } from '@nftkit/api';
import { normalizeAddress } from '@nftkit/primitives';
import type { ExtrinsicRecord } from '../../chain/extrinsicStore.js';
import { FUNGIBLE_TOKEN_ID } from '../../runtime/fungible/token.js';
import { badRequest } from '../errors.js';
import { crossFromEvent, firstEvent, requireSigner } from './helpers.js';
import type { ExtrinsicHandler } from './types.js';

type In<K extends keyof typeof routes.fungible> = RouteParsedInput<(typeof routes.fungible)[K]>;

const unique = (method: string, args: Record<string, unknown>) => ({ section: 'unique', method, args });
const itemId = FUNGIBLE_TOKEN_ID;

/** `/fungible/mint` → `unique.createItem(c, recipient, Fungible{value})`; the recipient defaults to the signer. */
export const mint: ExtrinsicHandler<In<'mint'>> = {
  toCall: (a, env) =>
    unique('createItem', {
      collectionId: a.collectionId,
      owner: a.recipient ?? requireSigner(env, 'recipient'),
      data: { Fungible: { value: a.amount } },
    }),
  result(rec) {
    const e = firstEvent(rec, 'common', 'ItemCreated');
    return {
      collectionId: Number(e.data['0']),
      recipient: crossFromEvent(e.data['2']),
      amount: String(e.data['3']),
    };
  },
};

/** `/fungible/transfer-from`: `transferFrom` when `from` is given (the signer spends an allowance), else `transfer`. */
export const transfer: ExtrinsicHandler<In<'transfer'>> = {
  toCall: (a) =>
    a.from === undefined
      ? unique('transfer', { collectionId: a.collectionId, recipient: a.to, itemId, value: a.amount })
      : unique('transferFrom', {
          collectionId: a.collectionId,
          from: a.from,
          recipient: a.to,
          itemId,
          value: a.amount,
        }),
  result(rec) {
    const e = firstEvent(rec, 'common', 'Transfer');
    return {
      collectionId: Number(e.data['0']),
      from: crossFromEvent(e.data['2']),
      to: crossFromEvent(e.data['3']),
      amount: String(e.data['4']),
    };
  },
};

const burnResult = (rec: ExtrinsicRecord) => {
  const e = firstEvent(rec, 'common', 'ItemDestroyed');
  return {
    collectionId: Number(e.data['0']),
    from: crossFromEvent(e.data['2']),
    amount: String(e.data['3']),
  };
};

export const burn: ExtrinsicHandler<In<'burn'>> = {
  toCall: (a) => unique('burnItem', { collectionId: a.collectionId, itemId, value: a.amount }),
  result: burnResult,
};

export const burnFrom: ExtrinsicHandler<In<'burnFrom'>> = {
  toCall: (a, env) =>
    unique('burnFrom', {
      collectionId: a.collectionId,
      from: a.from ?? requireSigner(env, 'from'),
      itemId,
      value: a.amount,
    }),
  result: burnResult,
};

/** `/fungible/approve`: the signer approves its own tokens; a `sender` other than the signer is refused. */
export const approve: ExtrinsicHandler<In<'approve'>> = {
  toCall(a, env) {
    if (a.sender !== undefined && env.signer !== undefined && normalizeAddress(a.sender) !== env.signer)
      throw badRequest('Validation Error: sender: must be the signer (an approval is always by the owner)');
    return unique('approve', {
      collectionId: a.collectionId,
      spender: a.spender,
      itemId,
      amount: a.amount,
    });
  },
  result(rec) {
    const e = firstEvent(rec, 'common', 'Approved');
    return {
      collectionId: Number(e.data['0']),
      spender: crossFromEvent(e.data['3']),
      amount: String(e.data['4']),
    };
  },
};

/** The fungible routes of rest-api §4.4, by path. */
export const FUNGIBLE_EXTRINSIC_HANDLERS: Record<string, ExtrinsicHandler<never>> = {
  '/fungible/mint': mint,
  '/fungible/transfer-from': transfer,
  '/fungible/burn': burn,
  '/fungible/burn-from': burnFrom,
  '/fungible/approve': approve,
} as Record<string, ExtrinsicHandler<never>>;
