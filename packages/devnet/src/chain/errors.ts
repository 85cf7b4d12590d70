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
  | 'Payment'
  | 'PoolFull';

export class TxRefusedError extends Error {
  readonly status = 400;
  constructor(
    readonly code: TxRefusalCode,
    message: string,
  ) {
    super(message);
    this.name = 'TxRefusedError';
  }
}

export const refuse = (code: TxRefusalCode, message: string) => new TxRefusedError(code, message);
