/**
 * A module error raised by a pallet during dispatch. `name` is the error variant (as in FRAME metadata); it carries
 * what a status answer needs (`{section, name, docs}`) and its SCALE position (`{Module:{index, error}}`).
 */
export class DispatchError extends Error {
  readonly code = 'DISPATCH_ERROR';
  constructor(
    readonly section: string,
    override readonly name: string,
    readonly docs: string,
    readonly palletIndex: number,
    readonly errorIndex: number,
  ) {
    super(`${section}.${name}: ${docs}`);
  }

  /** `system.ExtrinsicFailed` `dispatch_error` payload, shaped like polkadot.js prints a module error. */
  toModuleError(): Record<string, unknown> {
    const error = `0x${this.errorIndex.toString(16).padStart(2, '0')}000000`;
    return { module: { index: this.palletIndex, error } };
  }
}

const ARITHMETIC_DOCS = {
  Underflow: 'An underflow would occur.',
  Overflow: 'An overflow would occur.',
  DivisionByZero: 'Division by zero.',
} as const;

/**
 * `DispatchError::Arithmetic(ArithmeticError)`: a checked u128 operation that would leave its range. Not a module
 * error, so no pallet owns it; polkadot.js prints it as `{"arithmetic":"Overflow"}` and names it `arithmetic.Overflow`.
 */
export class ArithmeticError extends DispatchError {
  constructor(readonly kind: keyof typeof ARITHMETIC_DOCS) {
    super('arithmetic', kind, ARITHMETIC_DOCS[kind], -1, -1);
  }
  override toModuleError(): Record<string, unknown> {
    return { arithmetic: this.kind };
  }
}

/**
 * `DispatchError::BadOrigin`: the origin may not make this call (a substrate signer naming another account as its
 * EVM `source`). Not a module error; polkadot.js prints it as `{"badOrigin":null}`.
 */
export class BadOriginError extends DispatchError {
  constructor() {
    super('system', 'BadOrigin', 'Bad origin.', -1, -1);
  }
  override toModuleError(): Record<string, unknown> {
    return { badOrigin: null };
  }
}

export type ErrorDoc = { section: string; name: string; index: number; docs: string };
export type ErrorTable<N extends string> = { readonly [K in N]: () => DispatchError } & {
  readonly list: readonly ErrorDoc[];
};

/** Declares a pallet's flat error list; the position in the list is the error's variant index. */
export function defineErrors<const N extends string>(
  section: string,
  palletIndex: number,
  list: readonly (readonly [N, string])[],
): ErrorTable<N> {
  const table: Record<string, unknown> = {};
  const docs: ErrorDoc[] = [];
  list.forEach(([name, doc], i) => {
    table[name] = () => new DispatchError(section, name, doc, palletIndex, i);
    docs.push({ section, name, index: i, docs: doc });
  });
  table.list = docs;
  return table as ErrorTable<N>;
}
