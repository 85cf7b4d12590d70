import {
  decodeAndRecover,
  EthTransactionError,
  type SignedEthTransaction,
} from '../runtime/ethereum/transaction.js';
import type { SignatureAnswer, SignatureRequest } from './signatureProtocol.js';
import { verifySr25519 } from './sr25519Verifier.js';

/** A request's answer, in whichever thread checks it (the worker, or the pool's thread when that is quicker). */
export function answerSignatureRequest(r: SignatureRequest): SignatureAnswer {
  return r.kind === 'ethereum'
    ? signedEthereumAnswer(r.id, r.raw)
    : { id: r.id, valid: verifySr25519(r.message, r.signature, r.publicKey) };
}

/** A raw Ethereum transaction's answer, in whichever thread runs it: decoded with its sender, or refused. */
export function signedEthereumAnswer(id: number, raw: string): SignatureAnswer {
  try {
    return { id, ...decodeAndRecover(raw) };
  } catch (e) {
    if (e instanceof EthTransactionError) return { id, refused: e.message };
    throw e;
  }
}

/** The main thread's side: the decoded transaction, or the refusal thrown as the `EthTransactionError` it was. */
export function fromSignedEthereumAnswer(answer: SignatureAnswer): SignedEthTransaction {
  if ('refused' in answer) throw new EthTransactionError(answer.refused);
  if ('tx' in answer) return { tx: answer.tx, from: answer.from };
  throw new Error('signature worker: not an Ethereum answer');
}
