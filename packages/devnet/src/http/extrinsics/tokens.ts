import type { RouteParsedInput, routes } from '@nftkit/api';
import { decodeTokenFromProperties, encodeTokenToProperties } from '@nftkit/metadata';
import { isNestingAddress, nestingAddressFromIds } from '@nftkit/primitives';
import type { Chain } from '../../chain/chain.js';
import type { ExtrinsicRecord } from '../../chain/extrinsicStore.js';
import { decodedProperty } from '../../views/properties.js';
import { type TokenView, tokenView } from '../../views/token.js';
import { badRequest } from '../errors.js';
import {
  crossFromEvent,
  events,
  firstEvent,
  metadataError,
  mintProperties,
  propertyToChain,
  requireSigner,
} from './helpers.js';
import type { ExtrinsicHandler } from './types.js';

type In<K extends keyof typeof routes.token> = RouteParsedInput<(typeof routes.token)[K]>;

const unique = (method: string, args: Record<string, unknown>) => ({ section: 'unique', method, args });

/** The token as it is now; if it is gone (burnt since), what the events said about it. */
function tokenOrStub(chain: Chain, collectionId: number, tokenId: number, owner?: string): TokenView {
  return (
    tokenView(chain.storage, collectionId, tokenId) ?? {
      collectionId,
      tokenId,
      owner: owner ?? '',
      properties: [],
      decodingError: null,
    }
  );
}

export const mintNFTs: ExtrinsicHandler<In<'mintNFTs'>> = {
  toCall(a, env) {
    const items = a.tokens.map((t, i) => ({
      owner: t.owner ?? requireSigner(env, `tokens.${i}.owner`),
      properties: mintProperties(t, `tokens.${i}`),
    }));
    return unique('createMultipleItemsEx', { collectionId: a.collectionId, items });
  },
  result(rec, chain) {
    const created = events(rec, 'common', 'ItemCreated');
    if (created.length === 0) firstEvent(rec, 'common', 'ItemCreated');
    return created.map((e) =>
      tokenOrStub(chain, Number(e.data['0']), Number(e.data['1']), crossFromEvent(e.data['2'])),
    );
  },
};

/** `/token/update`: merges the given attributes/image/image_details into the token's v2 metadata and rewrites it. */
export const updateNft: ExtrinsicHandler<In<'updateNft'>> = {
  toCall(a, env) {
    const s = env.chain.storage;
    // Refungible tokens keep their properties in their own pallet; the route serves both (rest-api §4.5).
    const pallet = s.common.collection(a.collectionId)?.mode === 'ReFungible' ? s.refungible : s.nonfungible;
    const token = pallet.token(a.collectionId, a.tokenId);
    if (!token) throw badRequest(`Token ${a.collectionId}/${a.tokenId} does not exist`);
    let current: Record<string, unknown> = {};
    try {
      current = decodeTokenFromProperties(
        pallet.properties.all(a.collectionId, a.tokenId).map(decodedProperty),
        {
          collectionProperties: s.common.properties(a.collectionId).map(decodedProperty),
          tokenId: a.tokenId,
        },
      ) as Record<string, unknown>;
    } catch {
      current = {};
    }
    const next = { ...current };
    for (const key of ['attributes', 'image', 'image_details'] as const)
      if (a.data?.[key] !== undefined) next[key] = a.data[key];
    let props: ReturnType<typeof encodeTokenToProperties>;
    try {
      props = encodeTokenToProperties(next as Parameters<typeof encodeTokenToProperties>[0]);
    } catch (e) {
      metadataError('data', e);
    }
    // Write only what changes, so keys that did not change need no write permission.
    const existing = new Map(
      pallet.properties.all(a.collectionId, a.tokenId).map((p) => [p.key, decodedProperty(p)]),
    );
    const changed = props.map(propertyToChain).filter((p) => existing.get(p.key)?.valueHex !== p.value);
    if (changed.length === 0)
      changed.push(propertyToChain(props.find((p) => p.key === 'tokenData') ?? props[0]!));
    return unique('setTokenProperties', {
      collectionId: a.collectionId,
      tokenId: a.tokenId,
      properties: changed,
    });
  },
  result: (rec, chain) => tokenOrStub(chain, Number(rec.args.collectionId), Number(rec.args.tokenId)),
};

export const transferToken: ExtrinsicHandler<In<'transfer'>> = {
  toCall(a) {
    const value = String(a.amount ?? 1);
    if (a.from !== undefined)
      return unique('transferFrom', {
        collectionId: a.collectionId,
        from: a.from,
        recipient: a.to,
        itemId: a.tokenId,
        value,
      });
    return unique('transfer', { collectionId: a.collectionId, recipient: a.to, itemId: a.tokenId, value });
  },
  result(rec, chain) {
    const e = firstEvent(rec, 'common', 'Transfer');
    return tokenOrStub(chain, Number(e.data['0']), Number(e.data['1']), crossFromEvent(e.data['3']));
  },
};

const burnResult = (rec: ExtrinsicRecord) => {
  const e = firstEvent(rec, 'common', 'ItemDestroyed');
  return { collectionId: Number(e.data['0']), tokenId: Number(e.data['1']), amount: Number(e.data['3']) };
};

export const burn: ExtrinsicHandler<In<'burn'>> = {
  toCall: (a) =>
    unique('burnItem', { collectionId: a.collectionId, itemId: a.tokenId, value: String(a.amount ?? 1) }),
  result: burnResult,
};

export const burnFrom: ExtrinsicHandler<In<'burnFrom'>> = {
  toCall: (a, env) =>
    unique('burnFrom', {
      collectionId: a.collectionId,
      from: a.from ?? requireSigner(env, 'from'),
      itemId: a.tokenId,
      value: String(a.amount ?? 1),
    }),
  result: burnResult,
};

export const setTokenProperties: ExtrinsicHandler<In<'setProperties'>> = {
  toCall: (a) =>
    unique('setTokenProperties', {
      collectionId: a.collectionId,
      tokenId: a.tokenId,
      properties: a.properties.map(propertyToChain),
    }),
  result: (rec, chain) => tokenOrStub(chain, Number(rec.args.collectionId), Number(rec.args.tokenId)),
};

export const deleteTokenProperties: ExtrinsicHandler<In<'deleteProperties'>> = {
  toCall: (a) =>
    unique('deleteTokenProperties', {
      collectionId: a.collectionId,
      tokenId: a.tokenId,
      propertyKeys: a.keys,
    }),
  result: (rec, chain) => tokenOrStub(chain, Number(rec.args.collectionId), Number(rec.args.tokenId)),
};

/** The current owner of a token, needed to pick transfer vs transferFrom. */
function ownerOf(chain: Chain, collectionId: number, tokenId: number): string {
  const t = chain.storage.nonfungible.token(collectionId, tokenId);
  if (!t) throw badRequest(`Token ${collectionId}/${tokenId} does not exist`);
  return t.owner;
}

/**
 * Where the pieces of a refungible token come from when nested (the signer's own, else the only holder) or unnested
 * (the one token address holding some): the token has no single owner to take them from.
 */
function pieceSource(
  chain: Chain,
  collectionId: number,
  tokenId: number,
  signer: string | undefined,
  unnest: boolean,
) {
  const holders = chain.storage.refungible.holders(collectionId, tokenId).map((h) => h.account);
  const candidates = unnest
    ? holders.filter(isNestingAddress)
    : signer !== undefined && holders.includes(signer)
      ? [signer]
      : holders;
  const [only] = candidates;
  if (candidates.length !== 1 || only === undefined)
    throw badRequest(
      `Validation Error: ${unnest ? 'nested' : 'from'}: token ${collectionId}/${tokenId} has ${candidates.length === 0 ? 'no' : 'several'} ${unnest ? 'parents' : 'holders'} to take pieces from`,
    );
  return only;
}

const isRefungible = (chain: Chain, collectionId: number) =>
  chain.storage.common.collection(collectionId)?.mode === 'ReFungible';

/** Nest = a transfer to the parent's nesting address (chain-rules §3.5); transferFrom when the signer is not the direct owner. */
export const nest: ExtrinsicHandler<In<'nest'>> = {
  toCall(a, env) {
    const { collectionId, tokenId } = a.nested;
    const to = nestingAddressFromIds(a.parent.collectionId, a.parent.tokenId);
    const from =
      a.from ??
      (isRefungible(env.chain, collectionId)
        ? pieceSource(env.chain, collectionId, tokenId, env.signer, false)
        : ownerOf(env.chain, collectionId, tokenId));
    const value = String(a.amount ?? 1);
    if (env.signer !== undefined && from === env.signer)
      return unique('transfer', { collectionId, recipient: to, itemId: tokenId, value });
    return unique('transferFrom', { collectionId, from, recipient: to, itemId: tokenId, value });
  },
  result: (rec, chain) => {
    const e = firstEvent(rec, 'common', 'Transfer');
    return tokenOrStub(chain, Number(e.data['0']), Number(e.data['1']));
  },
};

/** Unnest = `transferFrom(parent address → to)` by the topmost owner. */
export const unnest: ExtrinsicHandler<In<'unnest'>> = {
  toCall(a, env) {
    const { collectionId, tokenId } = a.nested;
    return unique('transferFrom', {
      collectionId,
      from: isRefungible(env.chain, collectionId)
        ? pieceSource(env.chain, collectionId, tokenId, env.signer, true)
        : ownerOf(env.chain, collectionId, tokenId),
      recipient: a.to ?? requireSigner(env, 'to'),
      itemId: tokenId,
      value: String(a.amount ?? 1),
    });
  },
  result: nest.result,
};

export const approve: ExtrinsicHandler<In<'approve'>> = {
  toCall: (a) =>
    unique('approve', {
      collectionId: a.collectionId,
      spender: a.spender,
      itemId: a.tokenId,
      amount: String(a.amount ?? 1),
    }),
  result(rec) {
    // Re-approving the current spender emits nothing on chain: answer from the call then.
    const approved = events(rec, 'common', 'Approved');
    const e = approved[approved.length - 1];
    if (!e)
      return {
        collectionId: Number(rec.args.collectionId),
        tokenId: Number(rec.args.itemId),
        spender: String(rec.args.spender),
        amount: Number(rec.args.amount),
      };
    return {
      collectionId: Number(e.data['0']),
      tokenId: Number(e.data['1']),
      spender: crossFromEvent(e.data['3']),
      amount: Number(e.data['4']),
    };
  },
};
