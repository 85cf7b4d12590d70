// The kit as the browser tests' Node side uses it: straight from the workspace sources (Playwright's loader runs
// TypeScript), so the tests need no prior build of the packages.
export {
  type SignerPayloadJSON,
  signerPayloadToSignBytes,
} from '../../../../../packages/primitives/src/index.js';
export { Sr25519Account, UniqueChain } from '../../../../../packages/sdk/src/index.js';
