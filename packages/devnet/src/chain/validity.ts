import {
  decodeEra,
  decodeSubstrateAddress,
  hexToBytes,
  isSubstrateAddress,
  normalizeSubstrateAddress,
  type SignerPayloadJSON,
  signerPayloadToSignBytes,
} from '@nftkit/primitives';
import type { DecodedCall } from '../runtime/call.js';
import { CallDecodeError } from '../runtime/codec.js';
import { CHAIN } from '../runtime/identity.js';
import { decodeCall } from '../runtime/runtime.js';
import { BLOCK_HASH_COUNT } from './config.js';
import { refuse } from './errors.js';
import { encodeSignedExtrinsic, extrinsicHash } from './extrinsic.js';
import { computeFee } from './fees.js';
import { verifySr25519 } from './sr25519Verifier.js';

/** A transaction that passed the format checks: everything later checks and the pool need. */
export type CheckedTx = {
  hash: string;
  json: SignerPayloadJSON;
  signer: string;
  nonce: number;
  tip: bigint;
  call: DecodedCall;
  encoded: Uint8Array;
  fee: bigint;
  weight: bigint;
  era: { period: number; phase: number } | 'immortal';
  /** An Ethereum transaction (`ethereum.transact`, chain/ethereumTx.ts): its sender and the account paying its gas. */
  ethereum?: { from: string; payer: string };
};

/** What the checks read from the chain. */
export type ValidityView = {
  genesisHash: string;
  headNumber: number;
  blockHash(n: number): string | undefined;
  accountNonce(address: string): number;
  usableBalance(address: string): bigint;
  /** Who pays the fee: a collection sponsor for a sponsored call, else the signer. */
  payerOf(tx: CheckedTx): string;
  isKnown(hash: string): boolean;
  pooledNonceTaken(address: string, nonce: number): boolean;
};

const HEX_NUMBER = /^0x[0-9a-fA-F]{1,32}$/;
const MAX_FUTURE_NONCES = 256;

/** Format and decoding: the only check that builds a `CheckedTx` out of the submitted JSON. */
export function checkFormat(json: SignerPayloadJSON, signatureHex: string): CheckedTx {
  if (json.version !== 4)
    throw refuse('BadFormat', `Unsupported extrinsic version ${json.version}; expected 4`);
  if (!isSubstrateAddress(json.address))
    throw refuse('BadFormat', 'signerPayloadJSON.address must be an SS58 address');
  for (const f of ['nonce', 'tip', 'specVersion', 'transactionVersion', 'blockNumber'] as const)
    if (!HEX_NUMBER.test(json[f] ?? ''))
      throw refuse('BadFormat', `signerPayloadJSON.${f} must be a 0x hex number`);
  let signature: Uint8Array;
  try {
    signature = hexToBytes(signatureHex);
  } catch {
    throw refuse('BadFormat', 'signature must be 0x-prefixed hex');
  }
  if (signature.length !== 65)
    throw refuse(
      'BadFormat',
      `signature must be 65 bytes (0x01 ‖ 64-byte sr25519 signature), got ${signature.length}`,
    );
  if (signature[0] !== 0x01)
    throw refuse(
      'UnsupportedSignature',
      `Only sr25519 signatures (MultiSignature variant 0x01) are supported, got variant 0x${signature[0]!.toString(16).padStart(2, '0')}`,
    );
  let call: DecodedCall;
  let era: CheckedTx['era'];
  try {
    era = decodeEra(json.era);
    call = decodeCall(hexToBytes(json.method));
  } catch (e) {
    if (e instanceof CallDecodeError)
      throw refuse('CannotDecodeCall', `1002: Verification Error: ${e.message}`);
    throw refuse('BadFormat', `signerPayloadJSON is malformed: ${(e as Error).message}`);
  }
  const nonceBig = BigInt(json.nonce);
  if (nonceBig > 0xffffffffn) throw refuse('BadFormat', 'signerPayloadJSON.nonce is above u32');
  let encoded: Uint8Array;
  try {
    encoded = encodeSignedExtrinsic(json, signature);
  } catch (e) {
    throw refuse('BadFormat', `signerPayloadJSON is malformed: ${(e as Error).message}`);
  }
  const weight = call.call.weight(call.args);
  const tip = BigInt(json.tip);
  return {
    hash: extrinsicHash(encoded),
    json,
    signer: normalizeSubstrateAddress(json.address),
    nonce: Number(nonceBig),
    tip,
    call,
    encoded,
    weight,
    fee: computeFee(weight, encoded.length, tip).totalFee,
    era,
  };
}

/** What an sr25519 check of `tx` needs: the signed bytes, the 64-byte signature and the signer's public key. */
export function signatureCheck(
  tx: CheckedTx,
  signatureHex: string,
): { message: Uint8Array; signature: Uint8Array; publicKey: Uint8Array } {
  let message: Uint8Array;
  try {
    message = signerPayloadToSignBytes(tx.json);
  } catch (e) {
    throw refuse('BadFormat', `signerPayloadJSON is malformed: ${(e as Error).message}`);
  }
  return {
    message,
    signature: hexToBytes(signatureHex).subarray(1),
    publicKey: decodeSubstrateAddress(tx.json.address),
  };
}

export const badSignature = () =>
  refuse('BadSignature', '1010: Invalid Transaction: Transaction has a bad signature');

export function checkSignature(tx: CheckedTx, signatureHex: string): void {
  const { message, signature, publicKey } = signatureCheck(tx, signatureHex);
  if (!verifySr25519(message, signature, publicKey)) throw badSignature();
}

export function checkVersions(tx: CheckedTx): void {
  if (Number(BigInt(tx.json.specVersion)) !== CHAIN.specVersion)
    throw refuse('BadVersion', `1010: Invalid Transaction: specVersion must be ${CHAIN.specVersion}`);
  if (Number(BigInt(tx.json.transactionVersion)) !== CHAIN.transactionVersion)
    throw refuse(
      'BadVersion',
      `1010: Invalid Transaction: transactionVersion must be ${CHAIN.transactionVersion}`,
    );
}

export function checkGenesis(tx: CheckedTx, view: ValidityView): void {
  if (tx.json.genesisHash.toLowerCase() !== view.genesisHash)
    throw refuse(
      'WrongGenesis',
      `1010: Invalid Transaction: genesisHash is not this chain's (${view.genesisHash})`,
    );
}

/** CheckMortality: the payload's block hash must be the era's birth block, and the era must not have ended. */
export function checkEra(tx: CheckedTx, view: ValidityView, atBlock: number = view.headNumber): void {
  const blockHash = tx.json.blockHash.toLowerCase();
  if (tx.era === 'immortal') {
    if (blockHash !== view.genesisHash)
      throw refuse(
        'AncientBirthBlock',
        '1010: Invalid Transaction: an immortal transaction must name the genesis hash',
      );
    return;
  }
  const { period, phase } = tx.era;
  // The era's birth as of `atBlock`: the last block of its phase, so always within one period of `atBlock`.
  const birth = Math.floor((Math.max(atBlock, phase) - phase) / period) * period + phase;
  if (birth <= atBlock && atBlock - birth <= BLOCK_HASH_COUNT && view.blockHash(birth) === blockHash) return;
  // A payload naming an earlier birth of the same era (its checkpoint, confirmed by the hash) has outlived it.
  const named = Number(BigInt(tx.json.blockNumber));
  if (named < birth && (birth - named) % period === 0 && view.blockHash(named) === blockHash)
    throw refuse('Outdated', '1010: Invalid Transaction: Transaction is outdated');
  throw refuse(
    'AncientBirthBlock',
    '1010: Invalid Transaction: Transaction has an ancient birth block (blockHash is not the era birth block)',
  );
}

export function checkNonce(tx: CheckedTx, view: ValidityView): void {
  if (view.isKnown(tx.hash)) throw refuse('AlreadyImported', 'Transaction Already Imported');
  const next = view.accountNonce(tx.signer);
  if (tx.nonce < next)
    throw refuse(
      'Stale',
      `1010: Invalid Transaction: Transaction is outdated (stale nonce ${tx.nonce} < ${next})`,
    );
  if (tx.nonce > next + MAX_FUTURE_NONCES)
    throw refuse(
      'Future',
      `1010: Invalid Transaction: nonce ${tx.nonce} is too far in the future (next is ${next})`,
    );
  if (view.pooledNonceTaken(tx.signer, tx.nonce)) throw refuse('PriorityTooLow', '1014: Priority is too low');
}

export function checkFee(tx: CheckedTx, view: ValidityView): void {
  // A sponsored call is paid by the sponsor only: if it cannot pay, the transaction is invalid (no fallback).
  if (view.usableBalance(view.payerOf(tx)) < tx.fee)
    throw refuse(
      'Payment',
      '1010: Invalid Transaction: Inability to pay some fees , e.g. account balance too low',
    );
}

/** The pool-entry checks after the signature's, in order (versions, genesis, era, nonce, fee). */
export function checkAfterSignature(tx: CheckedTx, view: ValidityView): void {
  checkVersions(tx);
  checkGenesis(tx, view);
  checkEra(tx, view);
  checkNonce(tx, view);
  checkFee(tx, view);
}

/** The pool-entry checks, in order (signature, versions, genesis, era, nonce, fee). */
export function validateTransaction(
  json: SignerPayloadJSON,
  signature: string,
  view: ValidityView,
): CheckedTx {
  const tx = checkFormat(json, signature);
  checkSignature(tx, signature);
  checkAfterSignature(tx, view);
  return tx;
}
