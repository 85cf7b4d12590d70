/**
 * `@polkadot/wasm-crypto` (schnorrkel, Keccak and Blake2b compiled to wasm), loaded once in the background so startup
 * does not wait for it. Until it is ready, or if it cannot load, callers use their pure-JS implementation of the same
 * scheme (both agree on every input: the tests compare them).
 */
type WasmCrypto = typeof import('@polkadot/wasm-crypto');

let wasm: WasmCrypto | undefined;
let loading: Promise<boolean> | undefined;

/** Starts loading the wasm module (once); resolves true when it is in use, false when it could not load. */
export function loadWasmCrypto(): Promise<boolean> {
  loading ??= import('@polkadot/wasm-crypto')
    .then(async (m) => {
      if (!(await m.waitReady())) return false;
      wasm = m;
      return true;
    })
    .catch(() => false);
  return loading;
}

/** The loaded module, or undefined while it loads or when it failed to. */
export function wasmCrypto(): WasmCrypto | undefined {
  return wasm;
}
