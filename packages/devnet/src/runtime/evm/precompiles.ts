/**
 * Ethereum's precompiled contracts at Cancun, the hardfork the EVM runs (0x01 ecrecover … 0x0a the KZG point
 * evaluation): they have no code, but a call to them runs, so a message to one goes to the EVM, not a value transfer.
 */
const LAST_PRECOMPILE = 0x0a;
const PRECOMPILE = /^0x0{38}([0-9a-fA-F]{2})$/;

export function isPrecompile(address: string): boolean {
  const m = PRECOMPILE.exec(address);
  if (!m) return false;
  const n = Number.parseInt(m[1]!, 16);
  return n >= 1 && n <= LAST_PRECOMPILE;
}
