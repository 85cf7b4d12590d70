import { bytesToHex, hexToBytes } from '@nftkit/primitives';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { ETH_CHAIN_ID, MAX_RAW_TRANSACTION_BYTES } from '../../runtime/ethereum/transaction.js';
import { GAS_PRICE } from '../../runtime/evm/gas.js';
import type { RpcMethod } from '../context.js';
import { quantity } from '../format.js';
import { Params } from '../params.js';

const none: (result: unknown) => RpcMethod = (result) => (_ctx, params) => {
  new Params(params, 0);
  return result;
};

/** Identity of the node and the chain, and its fee market (one constant gas price, no tips). */
export const networkMethods: Record<string, RpcMethod> = {
  // Hardhat's network helpers run only on a node whose version starts with anvil (or HardhatNetwork, zksync); the
  // devnet answers anvil's helper names, so a Hardhat project's tests run on it unchanged.
  web3_clientVersion: none('anvil-compatible nftkit-devnet/0.1.0'),
  net_version: none(String(ETH_CHAIN_ID)),
  net_listening: none(true),
  net_peerCount: none('0x0'),
  eth_chainId: none(quantity(ETH_CHAIN_ID)),
  eth_syncing: none(false),
  eth_mining: none(false),
  eth_hashrate: none('0x0'),
  eth_gasPrice: none(quantity(GAS_PRICE)),
  // Every transaction pays the chain's gas price and nothing more: a tip buys nothing.
  eth_maxPriorityFeePerGas: none('0x0'),
  // Blocks are authored by no account the EVM knows: the zero address, as each block's `miner`.
  eth_coinbase: none('0x0000000000000000000000000000000000000000'),
  web3_sha3: (_ctx, params) => {
    const p = new Params(params, 1);
    return bytesToHex(keccak_256(hexToBytes(p.data(0, 'data', MAX_RAW_TRANSACTION_BYTES))));
  },
  eth_blockNumber: ({ chain }, params) => {
    new Params(params, 0);
    return quantity(chain.headNumber);
  },
};
