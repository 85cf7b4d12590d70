import type { RouteParsedInput, routes } from '@nftkit/api';
import { encodeCollectionToProperties } from '@nftkit/metadata';
import { crossAccountIdToAddress } from '@nftkit/primitives';
import type { Chain } from '../../chain/chain.js';
import type { ExtrinsicRecord } from '../../chain/extrinsicStore.js';
import { collectionView } from '../../views/collection.js';
import { badRequest } from '../errors.js';
import { firstEvent, propertyToChain, toAccountId } from './helpers.js';
import type { ExtrinsicHandler } from './types.js';

type In<K extends keyof typeof routes.collection> = RouteParsedInput<(typeof routes.collection)[K]>;

/** Formats a collection write's result: the collection named by `event`'s first field, as it is now. */
const collectionResult =
  (method: string) =>
  (rec: ExtrinsicRecord, chain: Chain): unknown => {
    const id = Number(firstEvent(rec, 'common', method).data['0']);
    const view = collectionView(chain.storage, id);
    if (!view) throw badRequest(`Collection ${id} no longer exists`);
    return view;
  };

function mergeByKey<T extends { key: string }>(base: T[], overrides: T[]): T[] {
  const out = new Map(base.map((x) => [x.key, x]));
  for (const o of overrides) out.set(o.key, o);
  return [...out.values()];
}

const MODE = { Nft: 'NFT', ReFungible: 'ReFungible' } as const;

export const createCollection: ExtrinsicHandler<In<'create'>> = {
  toCall(a) {
    let properties = (a.properties ?? []).map(propertyToChain);
    let tpps = a.tokenPropertyPermissions ?? [];
    let flags = 0;
    if (a.info !== undefined) {
      let encoded: ReturnType<typeof encodeCollectionToProperties>;
      try {
        encoded = encodeCollectionToProperties(a.info);
      } catch (e) {
        throw badRequest(`Validation Error: info: ${(e as Error).message}`);
      }
      properties = mergeByKey(encoded.properties.map(propertyToChain), properties);
      tpps = mergeByKey(encoded.tokenPropertyPermissions, tpps);
      flags = encoded.flags;
    }
    const perms = a.permissions;
    const access = perms?.access ?? a.access;
    const permissions =
      perms === undefined && access === undefined
        ? undefined
        : {
            ...(access === undefined ? {} : { access }),
            ...(perms?.mintMode === undefined ? {} : { mintMode: perms.mintMode }),
            ...(perms?.nesting === undefined ? {} : { nesting: perms.nesting }),
          };
    return {
      section: 'unique',
      method: 'createCollectionEx',
      args: {
        data: {
          mode: a.mode === 'Fungible' ? { Fungible: a.tokenDecimals ?? 0 } : MODE[a.mode],
          name: a.name,
          description: a.description,
          tokenPrefix: a.symbol,
          ...(a.pendingSponsor === undefined
            ? {}
            : { pendingSponsor: crossAccountIdToAddress(a.pendingSponsor) }),
          ...(a.limits === undefined ? {} : { limits: limitsToChain(a.limits) }),
          ...(permissions === undefined ? {} : { permissions }),
          tokenPropertyPermissions: tpps,
          properties,
          adminList: a.admins ?? [],
          flags,
        },
      },
    };
  },
  result: collectionResult('CollectionCreated'),
};

/** REST limits → chain limits: `sponsoredDataRateLimit` as a number of blocks, anything else means disabled. */
function limitsToChain(l: In<'setLimits'>['limits']): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(l)) {
    if (v === undefined || v === null) continue;
    if (k === 'sponsoredDataRateLimit')
      out[k] = typeof v === 'number' || /^\d+$/.test(String(v)) ? Number(v) : 'SponsoringDisabled';
    else out[k] = v;
  }
  return out;
}

const unique = (method: string, args: Record<string, unknown>) => ({ section: 'unique', method, args });

export const setCollectionProperties: ExtrinsicHandler<In<'setProperties'>> = {
  toCall: (a) =>
    unique('setCollectionProperties', {
      collectionId: a.collectionId,
      properties: a.properties.map(propertyToChain),
    }),
  result: collectionResult('CollectionPropertySet'),
};

export const deleteCollectionProperties: ExtrinsicHandler<In<'deleteProperties'>> = {
  toCall: (a) => unique('deleteCollectionProperties', { collectionId: a.collectionId, propertyKeys: a.keys }),
  result: collectionResult('CollectionPropertyDeleted'),
};

export const setTokenPropertyPermissions: ExtrinsicHandler<In<'setTokenPropertyPermissions'>> = {
  toCall: (a) =>
    unique('setTokenPropertyPermissions', {
      collectionId: a.collectionId,
      propertyPermissions: a.tokenPropertyPermissions,
    }),
  result: collectionResult('PropertyPermissionSet'),
};

export const setSponsor: ExtrinsicHandler<In<'setSponsor'>> = {
  toCall: (a) => unique('setCollectionSponsor', { collectionId: a.collectionId, newSponsor: a.sponsor }),
  result: collectionResult('CollectionSponsorSet'),
};

export const confirmSponsorship: ExtrinsicHandler<In<'confirmSponsorship'>> = {
  toCall: (a) => unique('confirmSponsorship', { collectionId: a.collectionId }),
  result: collectionResult('SponsorshipConfirmed'),
};

export const transferCollection: ExtrinsicHandler<In<'transferCollection'>> = {
  toCall: (a) =>
    unique('changeCollectionOwner', { collectionId: a.collectionId, newOwner: toAccountId(a.to) }),
  result: collectionResult('CollectionOwnerChanged'),
};

export const setLimits: ExtrinsicHandler<In<'setLimits'>> = {
  toCall: (a) =>
    unique('setCollectionLimits', { collectionId: a.collectionId, newLimit: limitsToChain(a.limits) }),
  result: collectionResult('CollectionLimitSet'),
};

export const addAdmin: ExtrinsicHandler<In<'addAdmin'>> = {
  toCall: (a) => unique('addCollectionAdmin', { collectionId: a.collectionId, newAdminId: a.newAdmin }),
  // Adding an existing admin succeeds without an event: answer the collection named in the call.
  result: (rec, chain) => {
    const view = collectionView(chain.storage, Number(rec.args.collectionId));
    if (!view) throw badRequest(`Collection ${String(rec.args.collectionId)} no longer exists`);
    return view;
  },
};

export const removeAdmin: ExtrinsicHandler<In<'removeAdmin'>> = {
  toCall: (a) =>
    unique('removeCollectionAdmin', { collectionId: a.collectionId, accountId: a.adminToDelete }),
  result: collectionResult('CollectionAdminRemoved'),
};

export const destroyCollection: ExtrinsicHandler<In<'destroy'>> = {
  toCall: (a) => unique('destroyCollection', { collectionId: a.collectionId }),
  result: (rec) => ({ collectionId: Number(firstEvent(rec, 'common', 'CollectionDestroyed').data['0']) }),
};
