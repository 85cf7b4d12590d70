import { bytesToHex } from '@nftkit/primitives';
import type { Hex } from 'viem';
import type { Collection, StoredProperty } from '../../common/types.js';
import { setTokenProperties } from '../../unique/modes.js';
import { EvmRevert } from '../revert.js';
import {
  checkUriMintable,
  type Property,
  propertyList,
  tokenIdArg,
  tokenUri,
  toRuntimeProps,
} from './collectionContract.js';
import { type CrossAddress, fromCross } from './cross.js';
import type { NativeEnv, NativeFunction } from './native.js';

const utf8 = new TextEncoder();

/** What the shared token functions need of one mode's tokens (NFT or refungible). */
export type TokenFace = {
  /** The contract's collection, checked to be of the mode. */
  of(env: NativeEnv): Collection;
  exists(env: NativeEnv, c: Collection, tokenId: number): boolean;
  property(env: NativeEnv, c: Collection, tokenId: number, key: string): StoredProperty | undefined;
  properties(env: NativeEnv, c: Collection, tokenId: number): StoredProperty[];
  /** Mints one token (ERC-721 sense) to `owner`; returns its id. */
  mintOne(env: NativeEnv, owner: string, properties: Property[]): bigint;
};

/**
 * The token functions `UniqueNFT` and `UniqueRefungible` share: token URI and properties, the three mints, and
 * property writes (the runtime's own per-mode permission rules apply).
 */
export function tokenFunctions(face: TokenFace): Readonly<Record<string, NativeFunction>> {
  const existing = (env: NativeEnv, id: unknown): [Collection, number] => {
    const c = face.of(env);
    const t = tokenIdArg(id);
    if (!face.exists(env, c, t)) throw new EvmRevert('token not found');
    return [c, t];
  };
  return {
    tokenURI: (env, [id]) => {
      const [c, t] = existing(env, id);
      return tokenUri(env, c, (key) => face.property(env, c, t, key)?.value);
    },
    property: (env, [id, key]) => {
      const c = face.of(env);
      const t = tokenIdArg(id);
      if (!face.exists(env, c, t)) throw new EvmRevert('token properties not found');
      const p = face.property(env, c, t, key as string);
      if (!p) throw new EvmRevert('key not found');
      return bytesToHex(p.value);
    },
    properties: (env, [id, keys]) => {
      const [c, t] = existing(env, id);
      return propertyList(face.properties(env, c, t), keys as string[]);
    },
    mint: (env, [to]) => face.mintOne(env, to as string, []),
    mintWithTokenURI: (env, [to, uri]) => {
      checkUriMintable(env, face.of(env));
      return face.mintOne(env, to as string, [
        { key: 'URI', value: bytesToHex(utf8.encode(uri as string)) as Hex },
      ]);
    },
    mintCross: (env, [to, props]) =>
      face.mintOne(env, fromCross(to as CrossAddress), toRuntimeProps(props as Property[])),
    setProperties: (env, [id, props]) => {
      setTokenProperties(env.ctx, face.of(env).id, tokenIdArg(id), toRuntimeProps(props as Property[]));
    },
    deleteProperties: (env, [id, keys]) => {
      setTokenProperties(
        env.ctx,
        face.of(env).id,
        tokenIdArg(id),
        (keys as string[]).map((key) => ({ key })),
      );
    },
  };
}
