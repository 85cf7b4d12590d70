import {
  collectionAddressToId,
  collectionIdToAddress,
  ethereumToSubstrateMirror,
  isCollectionAddress,
  MAX_COLLECTION_ID,
} from '@nftkit/primitives';
import { encodeEventTopics, type Hex, stringToHex } from 'viem';
import { checkIsOwnerOrAdmin, collectionForManagement } from '../../common/access.js';
import { MAX_COLLECTION_DESCRIPTION_LENGTH, MAX_COLLECTION_NAME_LENGTH } from '../../common/bounds.js';
import {
  COLLECTION_CREATION_FEE,
  doCreateCollection,
  doDestroyCollection,
  doSetCollectionProperties,
  doSetPropertyPermissions,
} from '../../common/collection.js';
import { CommonError } from '../../common/errors.js';
import { FLAG_ERC721_METADATA } from '../../common/types.js';
import { EvmRevert } from '../revert.js';
import { moveValue } from '../value.js';
import { COLLECTION_HELPERS_ABI } from './collectionHelpers.abi.js';
import type { NativeContract, NativeEnv } from './native.js';

const utf8 = new TextEncoder();

function log(
  env: NativeEnv,
  eventName: 'CollectionCreated' | 'CollectionDestroyed' | 'CollectionChanged',
  args: Record<string, string>,
): void {
  const topics = encodeEventTopics({
    abi: COLLECTION_HELPERS_ABI,
    eventName,
    args: args as never,
  }) as Hex[];
  env.logs.push({ address: env.self, topics, data: '0x' });
}

function collectionIdOf(address: unknown): number {
  const a = address as string;
  if (!isCollectionAddress(a)) throw new EvmRevert('not a collection address');
  return collectionAddressToId(a);
}

/** `CollectionHelpers` (chain-rules §7): create, destroy and look up collections from the EVM. */
export const collectionHelpersContract: NativeContract = {
  abi: COLLECTION_HELPERS_ABI,
  functions: {
    collectionCreationFee: () => COLLECTION_CREATION_FEE,
    collectionAddress: (_env, [id]) => {
      const n = Number(id as number);
      if (n < 1 || n > MAX_COLLECTION_ID) throw new EvmRevert('collection id is out of range');
      return collectionIdToAddress(n);
    },
    collectionId: (_env, [address]) => collectionIdOf(address),
    isCollectionExist: (env, [address]) => {
      const a = address as string;
      return (
        isCollectionAddress(a) && env.ctx.storage.common.collection(collectionAddressToId(a)) !== undefined
      );
    },
    createNFTCollection: (env, [name, description, tokenPrefix]) => {
      if (env.value !== COLLECTION_CREATION_FEE)
        throw new EvmRevert(
          `Sent amount not equals to collection creation price (${COLLECTION_CREATION_FEE})`,
        );
      const n = name as string;
      const d = description as string;
      if (n.length > MAX_COLLECTION_NAME_LENGTH) throw CommonError.CollectionNameLimitExceeded();
      if (d.length > MAX_COLLECTION_DESCRIPTION_LENGTH)
        throw CommonError.CollectionDescriptionLimitExceeded();
      if (utf8.encode(tokenPrefix as string).length > 16)
        throw CommonError.CollectionTokenPrefixLimitExceeded();
      // The value reached this contract; the runtime charges the fee to the owner, so it goes back first.
      const owner = ethereumToSubstrateMirror(env.caller);
      moveValue(env.ctx.storage, env.self, env.caller, env.value);
      const id = doCreateCollection(env.ctx, owner, {
        mode: 'NFT',
        name: n,
        description: d,
        tokenPrefix: tokenPrefix as string,
      });
      const address = collectionIdToAddress(id);
      log(env, 'CollectionCreated', { owner: env.caller, collectionId: address });
      return address;
    },
    destroyCollection: (env, [address]) => {
      const id = collectionIdOf(address);
      doDestroyCollection(env.ctx, id);
      log(env, 'CollectionDestroyed', { collectionId: collectionIdToAddress(id) });
    },
    makeCollectionERC721MetadataCompatible: (env, [address, baseUri]) => {
      const id = collectionIdOf(address);
      const { storage } = env.ctx;
      const c = collectionForManagement(storage, id);
      checkIsOwnerOrAdmin(storage, c, env.caller);
      if (c.mode !== 'NFT') throw new EvmRevert('not a nonfungible collection');
      const missing = ['URI', 'URISuffix'].filter((key) => !storage.common.propertyPermission(id, key));
      if (missing.length > 0)
        doSetPropertyPermissions(
          env.ctx,
          id,
          missing.map((key) => ({
            key,
            permission: { mutable: true, collectionAdmin: true, tokenOwner: false },
          })),
        );
      doSetCollectionProperties(env.ctx, id, [{ key: 'baseURI', value: stringToHex(baseUri as string) }]);
      const updated = storage.common.collection(id);
      if (updated) storage.common.putCollection({ ...updated, flags: updated.flags | FLAG_ERC721_METADATA });
      log(env, 'CollectionChanged', { collectionId: collectionIdToAddress(id) });
    },
  },
};
