// The part of the sdk's `UniqueChain` client that the snake token uses. Typed structurally so the token logic can be
// tested against a fake client and so this module never imports the sdk at runtime.

export type ChainProperty = { key: string; value?: string; valueHex?: string };
export type ChainTokenPropertyPermission = {
  key: string;
  permission: { mutable: boolean; collectionAdmin: boolean; tokenOwner: boolean };
};

export type CreateCollectionArgs = {
  mode: 'Nft';
  name: string;
  description: string;
  symbol: string;
  properties?: ChainProperty[];
  tokenPropertyPermissions?: ChainTokenPropertyPermission[];
};

export type MintArgs = {
  collectionId: number;
  tokens: {
    owner?: string;
    data?: { image?: string; attributes?: { trait_type: string; value: string | number }[] };
    properties?: ChainProperty[];
  }[];
};

export type SetTokenPropertiesArgs = { collectionId: number; tokenId: number; properties: ChainProperty[] };

export type SnakeChainClient = {
  collection: {
    get(params: { collectionId: number }): Promise<{ collectionId: number; owner: string; name: string }>;
    create(args: CreateCollectionArgs): Promise<{ result: { collectionId: number } }>;
  };
  token: {
    get(params: { collectionId: number; tokenId: number }): Promise<{
      collectionId: number;
      tokenId: number;
      owner: string;
      properties: { key: string; value: string }[];
    }>;
    mintNFTs(args: MintArgs): Promise<{ result: { collectionId: number; tokenId: number }[] }>;
    setProperties(args: SetTokenPropertiesArgs): Promise<unknown>;
  };
};

/** A 4xx answer of the API (the sdk's ApiError carries `status`): the thing asked for is not there, or not valid. */
export function isClientError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('status' in error)) return false;
  const { status } = error as { status: unknown };
  return typeof status === 'number' && status >= 400 && status < 500;
}
