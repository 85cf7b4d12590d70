import type { nftsPalletRoutes, RouteParsedInput } from '@nftkit/api';
import { bytesToHex, hexToBytes, isSubstrateAddress, normalizeSubstrateAddress } from '@nftkit/primitives';
import type { Chain } from '../../chain/chain.js';
import type { ExtrinsicRecord } from '../../chain/extrinsicStore.js';
import { nftsStorage } from '../../runtime/nfts/storage.js';
import { CollectionSetting, ItemSetting, type MintSettings } from '../../runtime/nfts/types.js';
import { bytesToText, nftsCollectionView, nftsItemView } from '../../views/nfts.js';
import { badRequest } from '../errors.js';
import { firstEvent, requireSigner, toAccountId } from './helpers.js';
import type { CallSpec, ExtrinsicHandler } from './types.js';

type R = typeof nftsPalletRoutes;

const utf8 = new TextEncoder();
const hex = (s: string) => bytesToHex(utf8.encode(s));
const nfts = (method: string, args: Record<string, unknown>): CallSpec => ({ section: 'nfts', method, args });

/**
 * A REST amount (number or digit string) as the chain's u128 decimal string; anything else is a 400 naming `field`.
 * A JSON number is taken at its exact double value (large wei amounts belong in strings).
 */
function amount(value: string | number, field: string): string {
  const ok = typeof value === 'number' ? Number.isInteger(value) && value >= 0 : /^(0|[1-9]\d*)$/.test(value);
  if (!ok) throw badRequest(`Validation Error: ${field}: must be a non-negative integer amount (wei)`);
  return BigInt(value).toString();
}

type CollectionSettingsIn = Partial<
  Record<'lockedTransferItems' | 'lockedMetadata' | 'lockedAttributes' | 'lockedMaxSupply', boolean>
>;
type ItemSettingsIn = Partial<Record<'lockedTransfers' | 'lockedMetadata' | 'lockedAttributes', boolean>>;

const collectionBits = (s: CollectionSettingsIn | undefined): number =>
  (s?.lockedTransferItems ? CollectionSetting.TransferableItems : 0) |
  (s?.lockedMetadata ? CollectionSetting.UnlockedMetadata : 0) |
  (s?.lockedAttributes ? CollectionSetting.UnlockedAttributes : 0) |
  (s?.lockedMaxSupply ? CollectionSetting.UnlockedMaxSupply : 0);

type MintSettingsIn = {
  mintType?: 'Issuer' | 'Public' | { holderOf: number } | undefined;
  price?: string | number | null | undefined;
  startBlock?: number | null | undefined;
  endBlock?: number | null | undefined;
  defaultItemSettings?: ItemSettingsIn | undefined;
};

/** REST mint settings (partial) over `base` → the chain's full `MintSettings` (JSON form). */
function mintSettingsToChain(m: MintSettingsIn | undefined, base: MintSettings, field: string) {
  const mintType = m?.mintType === undefined ? base.mintType : m.mintType;
  const price = m?.price === undefined ? base.price : m.price;
  return {
    mintType:
      typeof mintType === 'object'
        ? { HolderOf: 'holderOf' in mintType ? mintType.holderOf : mintType.HolderOf }
        : mintType,
    price:
      price === null ? null : amount(typeof price === 'bigint' ? String(price) : price, `${field}.price`),
    startBlock: m?.startBlock === undefined ? base.startBlock : m.startBlock,
    endBlock: m?.endBlock === undefined ? base.endBlock : m.endBlock,
    defaultItemSettings:
      m?.defaultItemSettings === undefined
        ? base.defaultItemSettings
        : mergeItemBits(base.defaultItemSettings, m.defaultItemSettings),
  };
}

function mergeItemBits(base: number, s: ItemSettingsIn): number {
  let bits = base;
  const set = (flag: boolean | undefined, bit: number) => {
    if (flag === true) bits |= bit;
    else if (flag === false) bits &= ~bit;
  };
  set(s.lockedTransfers, ItemSetting.Transferable);
  set(s.lockedMetadata, ItemSetting.UnlockedMetadata);
  set(s.lockedAttributes, ItemSetting.UnlockedAttributes);
  return bits;
}

const DEFAULT_MINT: MintSettings = {
  mintType: 'Issuer',
  price: null,
  startBlock: null,
  endBlock: null,
  defaultItemSettings: 0,
};

/** The collection named by the event's `collection` field (or the call's), as it is now. */
function collectionResult(method: string | undefined) {
  return (rec: ExtrinsicRecord, chain: Chain) => {
    const id = method ? Number(firstEvent(rec, 'nfts', method).data.collection) : Number(rec.args.collection);
    const view = nftsCollectionView(chain.storage, id);
    if (!view) throw badRequest(`Collection ${id} no longer exists`);
    return view;
  };
}

function itemResult(method: string) {
  return (rec: ExtrinsicRecord, chain: Chain) => {
    const e = firstEvent(rec, 'nfts', method);
    const [c, i] = [Number(e.data.collection), Number(e.data.item)];
    const view = nftsItemView(chain.storage, c, i);
    if (!view) throw badRequest(`Item ${c}/${i} no longer exists`);
    return view;
  };
}

const itemRef = (method: string) => (rec: ExtrinsicRecord) => {
  const e = firstEvent(rec, 'nfts', method);
  return { collectionId: Number(e.data.collection), itemId: Number(e.data.item) };
};

const opt = (v: string | undefined): string | null => (v === undefined || v === 'null' ? null : v);

type H<I> = ExtrinsicHandler<I>;

/** The item an attribute event names, as it is now. */
function attributeItemResult(method: string) {
  return (rec: ExtrinsicRecord, chain: Chain) => {
    const e = firstEvent(rec, 'nfts', method);
    const [c, i] = [Number(e.data.collection), Number(e.data.maybe_item)];
    const view = nftsItemView(chain.storage, c, i);
    if (!view) throw badRequest(`Item ${c}/${i} no longer exists`);
    return view;
  };
}

/** `/pallet-nfts/set-attribute` and `clear-attribute` echo what was written, read back from the recorded call. */
function echoAttribute(rec: ExtrinsicRecord, withValue: boolean) {
  const a = rec.args as {
    collection: number;
    maybeItem: number | null;
    namespace: string;
    key: string;
    value?: string;
  };
  const namespace = isSubstrateAddress(a.namespace) ? normalizeSubstrateAddress(a.namespace) : a.namespace;
  const attribute = {
    key: bytesToText(hexToBytes(a.key)),
    ...(withValue ? { value: bytesToText(hexToBytes(a.value ?? '0x')) } : {}),
    namespace,
  };
  return { collectionId: a.collection, ...(a.maybeItem === null ? {} : { itemId: a.maybeItem }), attribute };
}

function attributeCall(
  method: 'setAttribute' | 'clearAttribute',
  collection: number,
  item: number | null,
  a: { key: string; value?: string; namespace: string },
) {
  const base = { collection, maybeItem: item, namespace: a.namespace, key: hex(a.key ?? '') };
  return nfts(method, method === 'setAttribute' ? { ...base, value: hex(a.value ?? '') } : base);
}

// Each handler: REST args → the pallet call; a status answer → the route's result.
export const NFTS_EXTRINSIC_HANDLERS = {
  '/pallet-nfts/collection/create': {
    toCall: (a, env) => {
      const c = a.collectionConfig;
      const admin = a.admin === undefined ? requireSigner(env, 'admin') : toAccountId(a.admin);
      return nfts('create', {
        admin,
        config: {
          settings: collectionBits(c?.settings),
          maxSupply: c?.maxSupply ?? null,
          mintSettings: mintSettingsToChain(
            c?.mintSettings,
            DEFAULT_MINT,
            'args.collectionConfig.mintSettings',
          ),
        },
      });
    },
    result: (rec, chain) => {
      const e = firstEvent(rec, 'nfts', 'Created');
      const view = nftsCollectionView(chain.storage, Number(e.data.collection));
      if (!view) throw badRequest(`Collection ${e.data.collection} no longer exists`);
      return { ...view, creator: e.data.creator ?? '' };
    },
  } satisfies H<RouteParsedInput<R['collection']['create']>>,
  '/pallet-nfts/collection/destroy': {
    toCall: (a) => nfts('destroy', { collection: a.collectionId, witness: a.witness }),
    result: (rec) => ({ collectionId: Number(firstEvent(rec, 'nfts', 'Destroyed').data.collection) }),
  } satisfies H<RouteParsedInput<R['collection']['destroy']>>,
  '/pallet-nfts/collection/accept-ownership': {
    toCall: (a) => nfts('setAcceptOwnership', { maybeCollection: a.collectionId ?? null }),
    result: (rec) => {
      const e = firstEvent(rec, 'nfts', 'OwnershipAcceptanceChanged');
      const c = opt(e.data.maybe_collection);
      return { who: e.data.who ?? '', collectionId: c === null ? null : Number(c) };
    },
  } satisfies H<RouteParsedInput<R['collection']['acceptOwnership']>>,
  '/pallet-nfts/collection/transfer': {
    toCall: (a) =>
      nfts('transferOwnership', { collection: a.collectionId, newOwner: toAccountId(a.newOwner) }),
    result: collectionResult(undefined),
  } satisfies H<RouteParsedInput<R['collection']['transferOwnership']>>,
  '/pallet-nfts/collection/lock': {
    toCall: (a) =>
      nfts('lockCollection', { collection: a.collectionId, lockSettings: collectionBits(a.settings) }),
    result: collectionResult('CollectionLocked'),
  } satisfies H<RouteParsedInput<R['collection']['lock']>>,
  '/pallet-nfts/collection/update-mint-settings': {
    // The route takes a partial update; the pallet replaces the whole settings, so the rest is read from the chain.
    toCall: (a, env) => {
      const current = nftsStorage(env.chain.storage).config(a.collectionId)?.mintSettings ?? DEFAULT_MINT;
      return nfts('updateMintSettings', {
        collection: a.collectionId,
        mintSettings: mintSettingsToChain(a.mintSettings, current, 'args.mintSettings'),
      });
    },
    result: collectionResult('CollectionMintSettingsUpdated'),
  } satisfies H<RouteParsedInput<R['collection']['updateMintSettings']>>,
  '/pallet-nfts/collection/set-max-supply': {
    toCall: (a) => nfts('setCollectionMaxSupply', { collection: a.collectionId, maxSupply: a.maxSupply }),
    result: collectionResult('CollectionMaxSupplySet'),
  } satisfies H<RouteParsedInput<R['collection']['setMaxSupply']>>,
  '/pallet-nfts/collection/set-team': {
    toCall: (a) =>
      nfts('setTeam', {
        collection: a.collectionId,
        issuer: a.issuer === undefined ? null : toAccountId(a.issuer),
        admin: a.admin === undefined ? null : toAccountId(a.admin),
        freezer: a.freezer === undefined ? null : toAccountId(a.freezer),
      }),
    result: (rec, chain) => {
      const e = firstEvent(rec, 'nfts', 'TeamChanged');
      const view = collectionResult('TeamChanged')(rec, chain);
      return {
        ...view,
        role: { issuer: opt(e.data.issuer), admin: opt(e.data.admin), freezer: opt(e.data.freezer) },
      };
    },
  } satisfies H<RouteParsedInput<R['collection']['setTeam']>>,
  '/pallet-nfts/collection/set-metadata': {
    toCall: (a) => nfts('setCollectionMetadata', { collection: a.collectionId, data: hex(a.data) }),
    result: collectionResult('CollectionMetadataSet'),
  } satisfies H<RouteParsedInput<R['collection']['setMetadata']>>,
  '/pallet-nfts/collection/clear-metadata': {
    toCall: (a) => nfts('clearCollectionMetadata', { collection: a.collectionId }),
    result: collectionResult('CollectionMetadataCleared'),
  } satisfies H<RouteParsedInput<R['collection']['clearMetadata']>>,
  '/pallet-nfts/collection/set-attribute': {
    toCall: (a) => attributeCall('setAttribute', a.collectionId, null, a.attribute),
    result: collectionResult('AttributeSet'),
  } satisfies H<RouteParsedInput<R['collection']['setAttribute']>>,
  '/pallet-nfts/collection/clear-attribute': {
    toCall: (a) => attributeCall('clearAttribute', a.collectionId, null, a.attribute),
    result: collectionResult('AttributeCleared'),
  } satisfies H<RouteParsedInput<R['collection']['clearAttribute']>>,
  '/pallet-nfts/items/mint': {
    toCall: (a) => {
      const w = a.witnessData;
      return nfts('mint', {
        collection: a.collectionId,
        item: a.itemId,
        mintTo: toAccountId(a.mintTo),
        witnessData:
          w === undefined
            ? null
            : {
                ownedItem: w.ownedItemId ?? null,
                mintPrice:
                  w.mintPrice === undefined ? null : amount(w.mintPrice, 'args.witnessData.mintPrice'),
              },
      });
    },
    result: itemResult('Issued'),
  } satisfies H<RouteParsedInput<R['item']['mint']>>,
  '/pallet-nfts/items/burn': {
    toCall: (a) => nfts('burn', { collection: a.collectionId, item: a.itemId }),
    result: (rec) => {
      const e = firstEvent(rec, 'nfts', 'Burned');
      return { collectionId: Number(e.data.collection), itemId: Number(e.data.item), owner: e.data.owner };
    },
  } satisfies H<RouteParsedInput<R['item']['burn']>>,
  '/pallet-nfts/items/transfer': {
    toCall: (a) => nfts('transfer', { collection: a.collectionId, item: a.itemId, dest: toAccountId(a.to) }),
    result: itemResult('Transferred'),
  } satisfies H<RouteParsedInput<R['item']['transfer']>>,
  '/pallet-nfts/items/approve-transfer': {
    toCall: (a) =>
      nfts('approveTransfer', {
        collection: a.collectionId,
        item: a.itemId,
        delegate: toAccountId(a.delegate),
        maybeDeadline: a.deadline ?? null,
      }),
    result: (rec) => {
      const e = firstEvent(rec, 'nfts', 'TransferApproved');
      const deadline = opt(e.data.deadline);
      return {
        collectionId: Number(e.data.collection),
        itemId: Number(e.data.item),
        owner: e.data.owner,
        delegate: e.data.delegate,
        deadline: deadline === null ? null : Number(deadline),
      };
    },
  } satisfies H<RouteParsedInput<R['item']['approveTransfer']>>,
  '/pallet-nfts/items/cancel-transfer-approval': {
    toCall: (a) =>
      nfts('cancelApproval', {
        collection: a.collectionId,
        item: a.itemId,
        delegate: toAccountId(a.delegate),
      }),
    result: (rec) => {
      const e = firstEvent(rec, 'nfts', 'ApprovalCancelled');
      return {
        collectionId: Number(e.data.collection),
        itemId: Number(e.data.item),
        owner: e.data.owner ?? '',
        delegate: e.data.delegate ?? '',
      };
    },
  } satisfies H<RouteParsedInput<R['item']['cancelTransferApproval']>>,
  '/pallet-nfts/items/clear-all-transfer-approvals': {
    toCall: (a) => nfts('clearAllTransferApprovals', { collection: a.collectionId, item: a.itemId }),
    result: itemRef('AllApprovalsCancelled'),
  } satisfies H<RouteParsedInput<R['item']['clearAllTransferApprovals']>>,
  '/pallet-nfts/items/approve-attributes': {
    toCall: (a) =>
      nfts('approveItemAttributes', {
        collection: a.collectionId,
        item: a.itemId,
        delegate: toAccountId(a.delegate),
      }),
    result: (rec) => {
      const e = firstEvent(rec, 'nfts', 'ItemAttributesApprovalAdded');
      return {
        collectionId: Number(e.data.collection),
        itemId: Number(e.data.item),
        delegate: e.data.delegate,
      };
    },
  } satisfies H<RouteParsedInput<R['item']['approveAttributes']>>,
  '/pallet-nfts/items/cancel-attributes-approval': {
    // The witness is the number of attributes the delegate wrote on the item, read from the chain.
    toCall: (a, env) => {
      const delegate = toAccountId(a.delegate);
      const written = nftsStorage(env.chain.storage)
        .attributes(a.collectionId, a.itemId)
        .filter((x) => x.namespace === delegate).length;
      return nfts('cancelItemAttributesApproval', {
        collection: a.collectionId,
        item: a.itemId,
        delegate,
        witness: { accountAttributes: written },
      });
    },
    result: (rec) => {
      const e = firstEvent(rec, 'nfts', 'ItemAttributesApprovalRemoved');
      return {
        collectionId: Number(e.data.collection),
        itemId: Number(e.data.item),
        owner: rec.signer ?? '',
        delegate: e.data.delegate ?? '',
      };
    },
  } satisfies H<RouteParsedInput<R['item']['cancelAttributesApproval']>>,
  '/pallet-nfts/items/lock-transfer': {
    toCall: (a) => nfts('lockItemTransfer', { collection: a.collectionId, item: a.itemId }),
    result: itemRef('ItemTransferLocked'),
  } satisfies H<RouteParsedInput<R['item']['lockTransfer']>>,
  '/pallet-nfts/items/unlock-transfer': {
    toCall: (a) => nfts('unlockItemTransfer', { collection: a.collectionId, item: a.itemId }),
    result: itemRef('ItemTransferUnlocked'),
  } satisfies H<RouteParsedInput<R['item']['unlockTransfer']>>,
  '/pallet-nfts/items/lock-properties': {
    toCall: (a) =>
      nfts('lockItemProperties', {
        collection: a.collectionId,
        item: a.itemId,
        lockMetadata: a.lockMetadata ?? false,
        lockAttributes: a.lockAttributes ?? false,
      }),
    result: (rec) => {
      const e = firstEvent(rec, 'nfts', 'ItemPropertiesLocked');
      return {
        collectionId: Number(e.data.collection),
        itemId: Number(e.data.item),
        lockMetadata: e.data.lock_metadata === 'true',
        lockAttributes: e.data.lock_attributes === 'true',
      };
    },
  } satisfies H<RouteParsedInput<R['item']['lockProperties']>>,
  '/pallet-nfts/items/set-metadata': {
    toCall: (a) => nfts('setMetadata', { collection: a.collectionId, item: a.itemId, data: hex(a.data) }),
    result: itemResult('ItemMetadataSet'),
  } satisfies H<RouteParsedInput<R['item']['setMetadata']>>,
  '/pallet-nfts/items/clear-metadata': {
    toCall: (a) => nfts('clearMetadata', { collection: a.collectionId, item: a.itemId }),
    result: itemResult('ItemMetadataCleared'),
  } satisfies H<RouteParsedInput<R['item']['clearMetadata']>>,
  '/pallet-nfts/items/set-attribute': {
    toCall: (a) => attributeCall('setAttribute', a.collectionId, a.itemId, a.attribute),
    result: attributeItemResult('AttributeSet'),
  } satisfies H<RouteParsedInput<R['item']['setAttribute']>>,
  '/pallet-nfts/items/clear-attribute': {
    toCall: (a) => attributeCall('clearAttribute', a.collectionId, a.itemId, a.attribute),
    result: attributeItemResult('AttributeCleared'),
  } satisfies H<RouteParsedInput<R['item']['clearAttribute']>>,
  '/pallet-nfts/items/set-price': {
    toCall: (a) =>
      nfts('setPrice', {
        collection: a.collectionId,
        item: a.itemId,
        price: a.price === undefined || a.price === null ? null : amount(a.price, 'args.price'),
        whitelistedBuyer: a.buyer === undefined ? null : toAccountId(a.buyer),
      }),
    result: (rec) => {
      const set = rec.events.find((e) => e.section === 'nfts' && e.method === 'ItemPriceSet');
      const e = set ?? firstEvent(rec, 'nfts', 'ItemPriceRemoved');
      return {
        collectionId: Number(e.data.collection),
        itemId: Number(e.data.item),
        price: set ? (set.data.price ?? null) : null,
        buyer: set ? opt(set.data.whitelisted_buyer) : null,
      };
    },
  } satisfies H<RouteParsedInput<R['trade']['setPrice']>>,
  '/pallet-nfts/items/buy': {
    toCall: (a) =>
      nfts('buyItem', {
        collection: a.collectionId,
        item: a.itemId,
        bidPrice: amount(a.bidPrice, 'args.bidPrice'),
      }),
    result: (rec) => {
      const e = firstEvent(rec, 'nfts', 'ItemBought');
      return {
        collectionId: Number(e.data.collection),
        itemId: Number(e.data.item),
        price: e.data.price ?? '0',
        seller: e.data.seller ?? '',
        buyer: e.data.buyer ?? '',
      };
    },
  } satisfies H<RouteParsedInput<R['trade']['buy']>>,
  '/pallet-nfts/set-attribute': {
    toCall: (a) => attributeCall('setAttribute', a.collectionId, a.itemId ?? null, a.attribute),
    result: (rec) => {
      firstEvent(rec, 'nfts', 'AttributeSet');
      return echoAttribute(rec, true);
    },
  } satisfies H<RouteParsedInput<R['attributes']['set']>>,
  '/pallet-nfts/clear-attribute': {
    toCall: (a) => attributeCall('clearAttribute', a.collectionId, a.itemId ?? null, a.attribute),
    result: (rec) => {
      firstEvent(rec, 'nfts', 'AttributeCleared');
      return echoAttribute(rec, false);
    },
  } satisfies H<RouteParsedInput<R['attributes']['clear']>>,
} as const;
