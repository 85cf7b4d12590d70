import { isEthereumAddress } from '@nftkit/primitives';
import { positional } from '../events.js';

/** A CrossAccountId in event data: a JSON string with a lower-case variant key, as polkadot.js prints it. */
export function crossJson(address: string): string {
  return isEthereumAddress(address)
    ? JSON.stringify({ ethereum: address.toLowerCase() })
    : JSON.stringify({ substrate: address });
}

const ev = (method: string, fields: (string | number | bigint | boolean)[]) =>
  positional('common', method, fields);

/** `common` events (chain-rules §6.2): positional fields, CrossAccountIds as JSON strings. */
export const CommonEvent = {
  CollectionCreated: (c: number, mode: number, owner: string) => ev('CollectionCreated', [c, mode, owner]),
  CollectionDestroyed: (c: number) => ev('CollectionDestroyed', [c]),
  ItemCreated: (c: number, t: number, owner: string, amount: bigint | number) =>
    ev('ItemCreated', [c, t, crossJson(owner), amount]),
  ItemDestroyed: (c: number, t: number, owner: string, amount: bigint | number) =>
    ev('ItemDestroyed', [c, t, crossJson(owner), amount]),
  Transfer: (c: number, t: number, from: string, to: string, amount: bigint | number) =>
    ev('Transfer', [c, t, crossJson(from), crossJson(to), amount]),
  Approved: (c: number, t: number, sender: string, spender: string, amount: bigint | number) =>
    ev('Approved', [c, t, crossJson(sender), crossJson(spender), amount]),
  ApprovedForAll: (c: number, owner: string, operator: string, approved: boolean) =>
    ev('ApprovedForAll', [c, crossJson(owner), crossJson(operator), approved]),
  CollectionPropertySet: (c: number, key: string) => ev('CollectionPropertySet', [c, key]),
  CollectionPropertyDeleted: (c: number, key: string) => ev('CollectionPropertyDeleted', [c, key]),
  TokenPropertySet: (c: number, t: number, key: string) => ev('TokenPropertySet', [c, t, key]),
  TokenPropertyDeleted: (c: number, t: number, key: string) => ev('TokenPropertyDeleted', [c, t, key]),
  PropertyPermissionSet: (c: number, key: string) => ev('PropertyPermissionSet', [c, key]),
  AllowListAddressAdded: (c: number, who: string) => ev('AllowListAddressAdded', [c, crossJson(who)]),
  AllowListAddressRemoved: (c: number, who: string) => ev('AllowListAddressRemoved', [c, crossJson(who)]),
  CollectionAdminAdded: (c: number, who: string) => ev('CollectionAdminAdded', [c, crossJson(who)]),
  CollectionAdminRemoved: (c: number, who: string) => ev('CollectionAdminRemoved', [c, crossJson(who)]),
  CollectionLimitSet: (c: number) => ev('CollectionLimitSet', [c]),
  CollectionPermissionSet: (c: number) => ev('CollectionPermissionSet', [c]),
  CollectionOwnerChanged: (c: number, owner: string) => ev('CollectionOwnerChanged', [c, owner]),
  CollectionSponsorSet: (c: number, sponsor: string) => ev('CollectionSponsorSet', [c, sponsor]),
  SponsorshipConfirmed: (c: number, sponsor: string) => ev('SponsorshipConfirmed', [c, sponsor]),
  CollectionSponsorRemoved: (c: number) => ev('CollectionSponsorRemoved', [c]),
};
