import { bytesToHex } from '@nftkit/primitives';
import { nftsStorage } from '../runtime/nfts/storage.js';
import {
  CollectionSetting,
  ItemSetting,
  isDisabled,
  type MintType,
  type StoredAttribute,
} from '../runtime/nfts/types.js';
import type { RuntimeStorage } from '../runtime/storage.js';

const utf8 = new TextDecoder('utf-8', { fatal: true });

// C0 controls other than tab, LF and CR, DEL and C1 controls: bytes like these are data, not text.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const BINARY = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** Bytes the user wrote as text read back as that text; anything else (e.g. a pallet key) as 0x-hex. */
export function bytesToText(bytes: Uint8Array): string {
  try {
    const text = utf8.decode(bytes);
    return BINARY.test(text) ? bytesToHex(bytes) : text;
  } catch {
    return bytesToHex(bytes);
  }
}

export const attributeView = (a: StoredAttribute) => ({
  key: bytesToText(a.key),
  value: bytesToText(a.value),
  namespace: a.namespace,
});

export const itemSettingsView = (bits: number) => ({
  lockedTransfers: isDisabled(bits, ItemSetting.Transferable),
  lockedMetadata: isDisabled(bits, ItemSetting.UnlockedMetadata),
  lockedAttributes: isDisabled(bits, ItemSetting.UnlockedAttributes),
});

const mintTypeView = (t: MintType) => (typeof t === 'object' ? { holderOf: t.HolderOf } : t);

/** `NftsCollection` (rest-api §4.9); `undefined` when the collection does not exist. */
export function nftsCollectionView(storage: RuntimeStorage, id: number) {
  const s = nftsStorage(storage);
  const c = s.collection(id);
  const config = s.config(id);
  if (!c || !config) return undefined;
  const metadata = s.collectionMetadata(id);
  const m = config.mintSettings;
  return {
    collectionId: c.id,
    owner: c.owner,
    ownerDeposit: String(c.ownerDeposit),
    items: c.items,
    itemMetadatas: c.itemMetadatas,
    itemConfigs: c.itemConfigs,
    attributes: s.attributes(id, null).map(attributeView),
    metadata: metadata ? { deposit: String(metadata.deposit), data: bytesToText(metadata.data) } : null,
    config: {
      settings: {
        lockedTransferItems: isDisabled(config.settings, CollectionSetting.TransferableItems),
        lockedMetadata: isDisabled(config.settings, CollectionSetting.UnlockedMetadata),
        lockedAttributes: isDisabled(config.settings, CollectionSetting.UnlockedAttributes),
        lockedMaxSupply: isDisabled(config.settings, CollectionSetting.UnlockedMaxSupply),
      },
      maxSupply: config.maxSupply,
      mintSettings: {
        mintType: mintTypeView(m.mintType),
        price: m.price === null ? null : String(m.price),
        startBlock: m.startBlock,
        endBlock: m.endBlock,
        defaultItemSettings: itemSettingsView(m.defaultItemSettings),
      },
    },
    universalLocation: null,
    originalUniversalLocation: null,
    isForeign: false,
  };
}

/** `NftsItem` (rest-api §4.9); `undefined` when the item does not exist. */
export function nftsItemView(storage: RuntimeStorage, collectionId: number, itemId: number) {
  const s = nftsStorage(storage);
  const i = s.item(collectionId, itemId);
  if (!i) return undefined;
  const metadata = s.itemMetadata(collectionId, itemId);
  const price = s.price(collectionId, itemId);
  const settings = s.itemConfig(collectionId, itemId);
  return {
    collectionId,
    itemId,
    owner: i.owner,
    deposit: { account: i.depositAccount, amount: String(i.depositAmount) },
    transferApprovals: s
      .transferApprovals(collectionId, itemId)
      .map((a) =>
        a.deadline === null ? { delegate: a.delegate } : { delegate: a.delegate, deadlineBlock: a.deadline },
      ),
    metadata: metadata
      ? {
          data: bytesToText(metadata.data),
          deposit: { account: metadata.depositAccount, amount: String(metadata.depositAmount) },
        }
      : null,
    price: price ? { amount: String(price.price), buyer: price.buyer } : null,
    attributes: s.attributes(collectionId, itemId).map(attributeView),
    settings: settings === undefined ? null : itemSettingsView(settings),
  };
}
