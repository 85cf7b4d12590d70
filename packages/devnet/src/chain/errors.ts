/** Why a transaction was refused before inclusion. The `message` follows the node's RPC texts (`1010: …`). */
export type TxRefusalCode =
  | 'BadFormat'
  | 'UnsupportedSignature'
  | 'CannotDecodeCall'
  | 'BadSignature'
  | 'BadVersion'
  | 'WrongGenesis'
  | 'AncientBirthBlock'
  | 'Outdated'
  | 'Stale'
  | 'Future'
  | 'AlreadyImported'
  | 'PriorityTooLow'
  | 'FutureLimit'
  | 'Payment'
  | 'PoolFull';

export class TxRefusedError extends Error {
  constructor(
    readonly code: TxRefusalCode,
    message: string,
    /** 400 for a transaction at fault; 429 when its account holds too many unready ones; 503 when the pool is full. */
    readonly status = 400,
  ) {
    super(message);
    this.name = 'TxRefusedError';
  }
}

export const refuse = (code: TxRefusalCode, message: string) => new TxRefusedError(code, message);
