import type { Json } from '../metadata/callCodec.js';
import {
  type ArgsWire,
  crossAccount,
  list,
  optional,
  same,
  struct,
  utf8Text,
  utf16Text,
  type Wire,
  withDefault,
} from '../wire.js';

/**
 * Unique's argument types (`up_data_structs::*`) between the runtime's JSON and Opal's SCALE: property keys are
 * `Bytes` on chain and text here, a collection's name is `Vec<u16>`, owners are `CrossAccountId`, and
 * `CreateItemExData` is one enum where the runtime reads one field per variant.
 */

type Obj = Record<string, unknown>;
type ScaleObj = Record<string, Json>;

export const propertyKey = utf8Text('a property key');
export const property = struct({ key: propertyKey });
export const properties = list(property);
export const propertyKeys = list(propertyKey);
export const propertyPermissions = list(struct({ key: propertyKey }));

/** `SponsoringRateLimit`: a number of blocks is `Blocks(n)`. */
const rateLimit: Wire<number | string> = {
  toScale: (v) => (typeof v === 'number' ? { Blocks: v } : (v as Json)),
  fromScale: (v) => (typeof v === 'string' ? v : ((v as { Blocks: number }).Blocks as number)),
};

const optionalSame = optional(same);
/** `CollectionLimits`: every limit an `Option`, absent when not given. */
export const limits = struct({
  accountTokenOwnershipLimit: optionalSame,
  sponsoredDataSize: optionalSame,
  sponsoredDataRateLimit: optional(rateLimit),
  tokenLimit: optionalSame,
  sponsorTransferTimeout: optionalSame,
  sponsorApproveTimeout: optionalSame,
  ownerCanTransfer: optionalSame,
  ownerCanDestroy: optionalSame,
  transfersEnabled: optionalSame,
});

/** `CollectionPermissions`; `NestingPermissions`' two flags are plain booleans on chain (false when not given). */
export const permissions = struct({
  access: optionalSame,
  mintMode: optionalSame,
  nesting: optional(
    struct({
      tokenOwner: withDefault(same, false),
      collectionAdmin: withDefault(same, false),
      restricted: optionalSame,
    }),
  ),
});

/** `CollectionFlags` (`[u8; 1]`) as the number in it. */
const flags: Wire<number> = {
  toScale: (n) => `0x${n.toString(16).padStart(2, '0')}`,
  fromScale: (v) => Number.parseInt((v as string).slice(2), 16),
};

const collectionFields = struct({
  access: optionalSame,
  name: withDefault(utf16Text, ''),
  description: withDefault(utf16Text, ''),
  tokenPrefix: withDefault(utf8Text('the token prefix'), ''),
  limits: optional(limits),
  permissions: optional(permissions),
  tokenPropertyPermissions: propertyPermissions,
  properties,
  adminList: list(crossAccount),
  pendingSponsor: optional(crossAccount),
  flags: withDefault(flags, 0),
});

/** `CreateCollectionData`, whose fields the runtime reads by the same names. */
export const createCollectionData: Wire<Obj> = {
  toScale: (d) => {
    const { mode = 'NFT', ...rest } = d;
    const s = collectionFields.toScale(rest) as ScaleObj;
    // In the order of the struct (the codec takes fields by name; the order only helps a reader).
    return {
      mode: mode as Json,
      access: s.access as Json,
      name: s.name as Json,
      description: s.description as Json,
      tokenPrefix: s.tokenPrefix as Json,
      limits: s.limits as Json,
      permissions: s.permissions as Json,
      tokenPropertyPermissions: s.tokenPropertyPermissions as Json,
      properties: s.properties as Json,
      adminList: s.adminList as Json,
      pendingSponsor: s.pendingSponsor as Json,
      flags: s.flags as Json,
    };
  },
  fromScale: (v) => collectionFields.fromScale(v),
};

/** `CreateItemData`: the runtime reads an NFT's data as the plain `{ properties }`. */
export const createItemData: Wire<Obj> = {
  toScale: (d) => {
    if ('Fungible' in d) return d as ScaleObj;
    if ('ReFungible' in d) return { ReFungible: struct({ properties }).toScale(d.ReFungible as Obj) };
    return { NFT: { properties: properties.toScale(d.properties as Obj[]) } };
  },
  fromScale: (v) => {
    const e = v as ScaleObj;
    if ('NFT' in e) return { properties: properties.fromScale((e.NFT as ScaleObj).properties as Json) };
    if ('ReFungible' in e) return { ReFungible: struct({ properties }).fromScale(e.ReFungible as Json) };
    return e;
  },
};

type Holder = { owner: string; [k: string]: unknown };
/** A `BTreeMap<CrossAccountId, u128>` as the runtime's `[{ owner, <amount> }]`. */
const holders = (amount: string): Wire<Holder[]> => ({
  toScale: (list) => list.map((h) => [crossAccount.toScale(h.owner), h[amount] as Json]),
  fromScale: (v) =>
    (v as [Json, Json][]).map(([who, n]) => ({ owner: crossAccount.fromScale(who), [amount]: n })),
});
const nftItem = struct({ owner: crossAccount, properties });
const rftItem = struct({ properties });

/**
 * `create_multiple_items_ex(collection_id, data: CreateItemExData)`: the runtime reads its variants as the fields
 * `items` (NFT), `fungible`, `refungibleItems` and `refungibleOwners`, exactly one of them given.
 */
export const createMultipleItemsExArgs: ArgsWire = {
  toScale: (a) => {
    let data: Json;
    if (a.fungible !== undefined) data = { Fungible: holders('value').toScale(a.fungible as Holder[]) };
    else if (a.refungibleItems !== undefined)
      data = {
        RefungibleMultipleItems: (a.refungibleItems as Holder[]).map(({ owner, ...item }) => ({
          user: crossAccount.toScale(owner),
          ...(rftItem.toScale(item) as ScaleObj),
        })),
      };
    else if (a.refungibleOwners !== undefined) {
      const o = a.refungibleOwners as { users: Holder[]; properties?: Obj[] };
      data = {
        RefungibleMultipleOwners: {
          users: holders('pieces').toScale(o.users),
          properties: properties.toScale(o.properties as Obj[]),
        },
      };
    } else data = { NFT: ((a.items ?? []) as Obj[]).map((i) => nftItem.toScale(i)) };
    return { collectionId: a.collectionId as Json, data };
  },
  fromScale: (v) => {
    const { collectionId, data } = v as { collectionId: Json; data: ScaleObj };
    if ('NFT' in data) return { collectionId, items: (data.NFT as Json[]).map((i) => nftItem.fromScale(i)) };
    if ('Fungible' in data)
      return { collectionId, fungible: holders('value').fromScale(data.Fungible as Json) };
    if ('RefungibleMultipleItems' in data)
      return {
        collectionId,
        refungibleItems: (data.RefungibleMultipleItems as ScaleObj[]).map(({ user, ...item }) => ({
          owner: crossAccount.fromScale(user as Json),
          ...rftItem.fromScale(item),
        })),
      };
    const o = data.RefungibleMultipleOwners as ScaleObj;
    return {
      collectionId,
      refungibleOwners: {
        users: holders('pieces').fromScale(o.users as Json),
        properties: properties.fromScale(o.properties as Json),
      },
    };
  },
};
