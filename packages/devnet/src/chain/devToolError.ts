/**
 * A test helper refused its input (`evm_revert` of an unknown snapshot, a timestamp in the past, a balance past
 * u128, …). `param` names the parameter at fault, as each face spells it in its answer (JSON-RPC's `invalid
 * argument i (name)`, REST's field); nothing was changed. `kind` tells a malformed value (`invalid`: -32602, as
 * geth's argument errors) from a well-formed one the chain's state refuses (`refused`: -32000, Hardhat's
 * `InvalidInputError`).
 */
export class DevToolError extends Error {
  override readonly name = 'DevToolError';
  constructor(
    readonly param: string,
    message: string,
    readonly kind: 'invalid' | 'refused' = 'refused',
  ) {
    super(message);
  }
}
