import { type Hex, serializeTransaction, type TransactionSerializable, type TypedDataDefinition } from 'viem';
import type { PrivateKeyAccount } from 'viem/accounts';
import { invalidParams, serverError } from '../../jsonRpc/errors.js';
import {
  decodeEthereumTransaction,
  ETH_CHAIN_ID,
  MAX_RAW_TRANSACTION_BYTES,
} from '../../runtime/ethereum/transaction.js';
import { GAS_PRICE } from '../../runtime/evm/gas.js';
import type { RpcContext, RpcMethod } from '../context.js';
import { Params } from '../params.js';
import { transactionRefusal } from '../refusals.js';
import { type TransactionRequest, transactionRequest } from '../request.js';
import { callRequest, estimateGas, inScope } from '../simulation.js';

/** The largest message `eth_sign`/`personal_sign` signs, and typed data given as a JSON string. */
const MAX_MESSAGE_BYTES = MAX_RAW_TRANSACTION_BYTES;
const MAX_TYPED_DATA_CHARS = 1024 * 1024;

const unknownAccount = (address: string) => serverError(`unknown account ${address}`);

/** The key of an unlocked account; an impersonated address has none, so it cannot sign a message. */
function keyOf(ctx: RpcContext, address: string): PrivateKeyAccount {
  const signer = ctx.accounts.signer(address);
  if (!signer) throw unknownAccount(address);
  return signer;
}

/**
 * The transaction a request asks for, with what it leaves out filled as Hardhat's node fills it: the first unlocked
 * account as `from`, the pending nonce, EIP-1559 unless a `gasPrice` is given (then legacy, or EIP-2930 with an
 * access list), `maxPriorityFeePerGas` what `eth_maxPriorityFeePerGas` answers (0: a tip buys nothing here) and
 * `maxFeePerGas` twice the base fee plus it. The gas limit, when left out, is estimated (as geth and anvil do):
 * Hardhat's fixed 2^24 would reserve 31 DEV at the devnet's gas price, more than an impersonated account often has.
 */
async function fill(
  ctx: RpcContext,
  req: TransactionRequest,
): Promise<{ from: string; tx: TransactionSerializable }> {
  const from = req.from ?? ctx.accounts.addresses[0];
  if (from === undefined) throw unknownAccount('(none given, and no account is unlocked)');
  if (req.chainId !== undefined && req.chainId !== BigInt(ETH_CHAIN_ID))
    throw serverError(`chainId does not match node's (have=${req.chainId}, want=${ETH_CHAIN_ID})`);
  const nonce = req.nonce ?? BigInt(ctx.chain.nextIndex(from));
  if (nonce > BigInt(Number.MAX_SAFE_INTEGER))
    throw invalidParams('invalid argument 0 (transaction): nonce: too large');
  const type = req.type ?? (req.gasPrice !== undefined ? (req.accessList ? 1n : 0n) : 2n);
  if (type > 2n)
    throw invalidParams(`invalid argument 0 (transaction): type: transaction type ${type} not supported`);
  if (type < 2n && (req.maxFeePerGas !== undefined || req.maxPriorityFeePerGas !== undefined))
    throw invalidParams(
      'invalid argument 0 (transaction): maxFeePerGas: not allowed in a transaction of type 0 or 1',
    );
  if (type === 2n && req.gasPrice !== undefined)
    throw invalidParams('invalid argument 0 (transaction): gasPrice: not allowed in a transaction of type 2');
  const gas =
    req.gas ??
    (await inScope(ctx, { block: { tag: 'pending' } }, (run) =>
      estimateGas(run, callRequest({ ...req, from })),
    ));
  const base = {
    chainId: ETH_CHAIN_ID,
    nonce: Number(nonce),
    to: req.to as Hex | null,
    value: req.value,
    data: req.data,
    gas,
  };
  if (type === 2n) {
    const maxPriorityFeePerGas = req.maxPriorityFeePerGas ?? 0n;
    return {
      from,
      tx: {
        ...base,
        type: 'eip1559',
        maxPriorityFeePerGas,
        maxFeePerGas: req.maxFeePerGas ?? 2n * GAS_PRICE + maxPriorityFeePerGas,
        accessList: req.accessList ?? [],
      },
    };
  }
  const gasPrice = req.gasPrice ?? GAS_PRICE;
  return {
    from,
    tx:
      type === 1n
        ? { ...base, type: 'eip2930', gasPrice, accessList: req.accessList ?? [] }
        : { ...base, type: 'legacy', gasPrice },
  };
}

/**
 * What an impersonated address's transaction carries instead of a signature (it has no key): `r` is the address,
 * so two impersonated senders never make the same transaction hash. The chain takes the sender from the node,
 * never from this signature, which recovers to no one's key.
 */
function impersonationSignature(from: string) {
  return {
    r: `0x${from.slice(2).toLowerCase().padStart(64, '0')}` as Hex,
    s: '0x1' as Hex,
    yParity: 0,
    v: 27n,
  };
}

function messageParam(p: Params, i: number): Hex {
  return p.data(i, 'message', MAX_MESSAGE_BYTES);
}

function typedDataParam(p: Params, i: number): TypedDataDefinition {
  let v = p.required(i, 'typedData');
  if (typeof v === 'string') {
    if (v.length > MAX_TYPED_DATA_CHARS)
      p.fail(i, 'typedData', `longer than ${MAX_TYPED_DATA_CHARS} characters`);
    try {
      v = JSON.parse(v);
    } catch {
      p.fail(i, 'typedData', 'expected typed data as an object or its JSON');
    }
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v))
    p.fail(i, 'typedData', 'expected {types, primaryType, domain, message}');
  const o = v as Record<string, unknown>;
  for (const field of ['types', 'domain', 'message'])
    if (typeof o[field] !== 'object' || o[field] === null || Array.isArray(o[field]))
      p.fail(i, 'typedData', `${field}: expected an object`);
  if (typeof o.primaryType !== 'string') p.fail(i, 'typedData', 'primaryType: expected a type name');
  return o as unknown as TypedDataDefinition;
}

export const accountMethods: Record<string, RpcMethod> = {
  eth_accounts: (ctx, params) => {
    new Params(params, 0);
    return [...ctx.accounts.addresses];
  },

  /** Fills, signs and sends a transaction from an unlocked account, or from an impersonated one without a key. */
  eth_sendTransaction: async (ctx, params) => {
    const p = new Params(params, 1);
    const req = transactionRequest(p, 0);
    const from = req.from ?? ctx.accounts.addresses[0] ?? '';
    const signer = ctx.accounts.signer(from);
    if (!signer && !ctx.chain.impersonated.has(from)) throw unknownAccount(from);
    // One at a time: the pending nonce read by `fill` must still be free when the transaction reaches the pool.
    return ctx.accounts.exclusive(async () => {
      const { tx } = await fill(ctx, { ...req, from });
      const raw = signer
        ? await signer.signTransaction(tx)
        : serializeTransaction(tx, impersonationSignature(from));
      try {
        return ctx.chain.submitEthereumFrom(
          decodeEthereumTransaction(raw),
          signer?.address ?? from,
          ctx.afterAnswer,
        );
      } catch (e) {
        return transactionRefusal(e);
      }
    });
  },

  /** The signed raw transaction (as anvil answers), filled as `eth_sendTransaction` would send it. */
  eth_signTransaction: async (ctx, params) => {
    const p = new Params(params, 1);
    const req = transactionRequest(p, 0);
    const signer = keyOf(ctx, req.from ?? ctx.accounts.addresses[0] ?? '');
    const { tx } = await fill(ctx, { ...req, from: signer.address });
    return signer.signTransaction(tx);
  },

  /** EIP-191 `personal_sign` of the bytes (geth's `eth_sign`: address first). */
  eth_sign: (ctx, params) => {
    const p = new Params(params, 2);
    const address = p.address(0, 'address');
    const message = messageParam(p, 1);
    return keyOf(ctx, address).signMessage({ message: { raw: message } });
  },
  /** The same signature with the message first (a third argument, a password, is ignored as by geth's clique). */
  personal_sign: (ctx, params) => {
    const p = new Params(params, 3);
    const message = messageParam(p, 0);
    const address = p.address(1, 'address');
    return keyOf(ctx, address).signMessage({ message: { raw: message } });
  },

  /** EIP-712 typed data (an object, or its JSON as MetaMask sends it). */
  eth_signTypedData_v4: async (ctx, params) => {
    const p = new Params(params, 2);
    const address = p.address(0, 'address');
    const typedData = typedDataParam(p, 1);
    const signer = keyOf(ctx, address);
    try {
      return await signer.signTypedData(typedData);
    } catch (e) {
      return p.fail(1, 'typedData', ((e as Error).message ?? String(e)).split('\n')[0]!.slice(0, 200));
    }
  },
};
