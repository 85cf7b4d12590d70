import { ZERO_ETHEREUM_ADDRESS } from '@nftkit/primitives';
import { type Collection, FLAG_ERC721_METADATA } from '../../common/types.js';
import { doApprove, doBurn, doMint, doSetApprovalForAll, doTransfer } from '../../nonfungible/token.js';
import { EvmRevert } from '../revert.js';
import {
  collectionFunctions,
  collectionOf,
  ERC165,
  ERC721,
  ERC721_METADATA,
  type Property,
  tokenIdArg,
} from './collectionContract.js';
import { type CrossAddress, fromCross, toCross, toEth } from './cross.js';
import type { NativeContract, NativeEnv } from './native.js';
import { tokenFunctions } from './tokenFunctions.js';
import { UNIQUE_NFT_ABI } from './uniqueNft.abi.js';

const nft = (env: NativeEnv): Collection => collectionOf(env, 'NFT', 'nonfungible');
const tokenId = tokenIdArg;

function existingToken(env: NativeEnv, c: Collection, id: number) {
  const t = env.ctx.storage.nonfungible.token(c.id, id);
  if (!t) throw new EvmRevert('token not found');
  return t;
}

function mintOne(env: NativeEnv, owner: string, properties: Property[]): bigint {
  const c = nft(env);
  const [id] = doMint(env.ctx, c.id, [{ owner, properties }]);
  return BigInt(id ?? 0);
}

/** The `UniqueNFT` contract of an NFT collection (chain-rules §7), over the `unique`/`nonfungible` runtime. */
export const uniqueNftContract: NativeContract = {
  abi: UNIQUE_NFT_ABI,
  functions: {
    ...collectionFunctions(nft),
    ...tokenFunctions({
      of: nft,
      exists: (env, c, id) => env.ctx.storage.nonfungible.token(c.id, id) !== undefined,
      property: (env, c, id, key) => env.ctx.storage.nonfungible.properties.get(c.id, id, key),
      properties: (env, c, id) => env.ctx.storage.nonfungible.properties.all(c.id, id),
      mintOne,
    }),
    balanceOf: (env, [owner]) => BigInt(env.ctx.storage.nonfungible.balance(nft(env).id, owner as string)),
    balanceOfCross: (env, [owner]) =>
      BigInt(env.ctx.storage.nonfungible.balance(nft(env).id, fromCross(owner as CrossAddress))),
    ownerOf: (env, [id]) => {
      const c = nft(env);
      return toEth(existingToken(env, c, tokenId(id)).owner);
    },
    ownerOfCross: (env, [id]) => toCross(existingToken(env, nft(env), tokenId(id)).owner),
    crossOwnerOf: (env, [id]) => toCross(existingToken(env, nft(env), tokenId(id)).owner),
    getApproved: (env, [id]) => {
      const c = nft(env);
      const t = tokenId(id);
      existingToken(env, c, t);
      const a = env.ctx.storage.nonfungible.approved(c.id, t);
      return a === undefined ? ZERO_ETHEREUM_ADDRESS : toEth(a);
    },
    isApprovedForAll: (env, [owner, operator]) =>
      env.ctx.storage.nonfungible.isOperator(nft(env).id, owner as string, operator as string),
    supportsInterface: (env, [iface]) => {
      const c = nft(env);
      const id = (iface as string).toLowerCase();
      return (
        id === ERC165 || id === ERC721 || (id === ERC721_METADATA && (c.flags & FLAG_ERC721_METADATA) !== 0)
      );
    },

    transfer: (env, [to, id]) => {
      doTransfer(env.ctx, nft(env).id, tokenId(id), env.caller, to as string, 1n);
    },
    transferCross: (env, [to, id]) => {
      doTransfer(env.ctx, nft(env).id, tokenId(id), env.caller, fromCross(to as CrossAddress), 1n);
    },
    transferFrom: (env, [from, to, id]) => {
      doTransfer(env.ctx, nft(env).id, tokenId(id), from as string, to as string, 1n, env.caller);
    },
    transferFromCross: (env, [from, to, id]) => {
      doTransfer(
        env.ctx,
        nft(env).id,
        tokenId(id),
        fromCross(from as CrossAddress),
        fromCross(to as CrossAddress),
        1n,
        env.caller,
      );
    },
    safeTransferFrom: () => {
      throw new EvmRevert('not implemented');
    },
    approve: (env, [approved, id]) => {
      doApprove(env.ctx, nft(env).id, tokenId(id), approved as string, 1n);
    },
    approveCross: (env, [approved, id]) => {
      doApprove(env.ctx, nft(env).id, tokenId(id), fromCross(approved as CrossAddress), 1n);
    },
    setApprovalForAll: (env, [operator, approved]) => {
      doSetApprovalForAll(env.ctx, nft(env).id, operator as string, approved as boolean);
    },
    burn: (env, [id]) => {
      doBurn(env.ctx, nft(env).id, tokenId(id), env.caller, 1n);
    },
    burnFrom: (env, [from, id]) => {
      doBurn(env.ctx, nft(env).id, tokenId(id), from as string, 1n, env.caller);
    },
    burnFromCross: (env, [from, id]) => {
      doBurn(env.ctx, nft(env).id, tokenId(id), fromCross(from as CrossAddress), 1n, env.caller);
    },
  },
};
