import type {
  CreateCollectionArgs,
  MintArgs,
  SetTokenPropertiesArgs,
  SnakeChainClient,
} from '../chain/chainClient';

/** A 4xx answer like the sdk's ApiError. */
export class FakeApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

type FakeToken = { owner: string; properties: Map<string, string>; data: MintArgs['tokens'][number]['data'] };

/** An in-memory chain with the semantics the token logic relies on; `signer` is who the client signs as. */
export function fakeChain(signer: string) {
  const collections = new Map<
    number,
    { owner: string; args: CreateCollectionArgs; tokens: Map<number, FakeToken> }
  >();
  const calls: string[] = [];
  const failures = new Map<string, Error>();
  const call = (name: string) => {
    calls.push(name);
    const error = failures.get(name);
    if (error) {
      failures.delete(name);
      throw error;
    }
  };
  const collectionOf = (collectionId: number) => {
    const c = collections.get(collectionId);
    if (!c) throw new FakeApiError(404, `collection ${collectionId} not found`);
    return c;
  };
  const client: SnakeChainClient = {
    collection: {
      async get({ collectionId }) {
        call('collection.get');
        const c = collectionOf(collectionId);
        return { collectionId, owner: c.owner, name: c.args.name };
      },
      async create(args) {
        call('collection.create');
        const collectionId = collections.size + 1;
        collections.set(collectionId, { owner: signer, args, tokens: new Map() });
        return { result: { collectionId } };
      },
    },
    token: {
      async get({ collectionId, tokenId }) {
        call('token.get');
        const token = collectionOf(collectionId).tokens.get(tokenId);
        if (!token) throw new FakeApiError(404, `token ${tokenId} not found`);
        const properties = [...token.properties].map(([key, value]) => ({ key, value }));
        return { collectionId, tokenId, owner: token.owner, properties };
      },
      async mintNFTs({ collectionId, tokens }) {
        call('token.mintNFTs');
        const c = collectionOf(collectionId);
        if (c.owner !== signer) throw new FakeApiError(400, 'common.PublicMintingNotAllowed');
        const result = tokens.map((t) => {
          const tokenId = c.tokens.size + 1;
          const properties = new Map((t.properties ?? []).map((p) => [p.key, p.value ?? '']));
          c.tokens.set(tokenId, { owner: t.owner ?? signer, properties, data: t.data });
          return { collectionId, tokenId };
        });
        return { result };
      },
      async setProperties({ collectionId, tokenId, properties }: SetTokenPropertiesArgs) {
        call('token.setProperties');
        const c = collectionOf(collectionId);
        const token = c.tokens.get(tokenId);
        if (!token) throw new FakeApiError(404, 'common.TokenNotFound');
        for (const p of properties) {
          const tpp = c.args.tokenPropertyPermissions?.find((x) => x.key === p.key);
          const allowed =
            tpp && ((tpp.permission.tokenOwner && token.owner === signer) || tpp.permission.collectionAdmin);
          if (!allowed || !/^[A-Za-z0-9_.-]+$/.test(p.key))
            throw new FakeApiError(400, 'common.NoPermission');
        }
        for (const p of properties) token.properties.set(p.key, p.value ?? '');
        return { result: {} };
      },
    },
  };
  return {
    client,
    collections,
    calls,
    /** The next call of `method` (e.g. `token.mintNFTs`) fails with `error`. */
    failNext(method: string, error: Error) {
      failures.set(method, error);
    },
  };
}
