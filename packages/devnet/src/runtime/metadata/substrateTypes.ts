import { type TypeTable, unitVariants, type Variant } from './describe.js';

/**
 * The Substrate and Frontier types every pallet shares, as Opal's metadata has them (paths and shapes from
 * `@unique-nft/opal-testnet-types` 1003.70.0; see describe.ts for the notation). Pallet-specific types live in the
 * pallets' own descriptions.
 */

/** `sp_runtime::generic::era::Era`: `Immortal`, then `MortalN(u8)` for N in 1..=255 (the era's second byte). */
const eraVariants: Variant[] = [['Immortal', 0]];
for (let i = 1; i < 256; i++) eraVariants.push([`Mortal${i}`, i, [[null, 'u8']]]);

export const SUBSTRATE_TYPES: TypeTable = {
  AccountId32: { path: 'sp_core::crypto::AccountId32', newtype: '[u8;32]' },
  H160: { path: 'primitive_types::H160', newtype: '[u8;20]' },
  H256: { path: 'primitive_types::H256', newtype: '[u8;32]' },
  U256: { path: 'primitive_types::U256', newtype: '[u64;4]' },
  /**
   * `BoundedVec<u8, S>`: polkadot-js shows it as `Bytes`, but Opal's `PropertiesMap<BoundedVec<u8, _>>` takes its
   * name (`UpDataStructsPropertiesMapBoundedVec`) from this path, so the property value keeps it.
   */
  BoundedBytes: {
    path: 'bounded_collections::bounded_vec::BoundedVec',
    params: [
      ['T', 'u8'],
      ['S', null],
    ],
    newtype: 'Bytes',
  },
  MultiAddress: {
    path: 'sp_runtime::multiaddress::MultiAddress',
    params: [
      ['AccountId', 'AccountId32'],
      ['AccountIndex', 'Null'],
    ],
    variants: [
      ['Id', 0, [[null, 'AccountId32', 'AccountId']]],
      ['Index', 1, [[null, 'Compact<Null>', 'AccountIndex']]],
      ['Raw', 2, [[null, 'Bytes', 'Vec<u8>']]],
      ['Address32', 3, [[null, '[u8;32]', '[u8; 32]']]],
      ['Address20', 4, [[null, '[u8;20]', '[u8; 20]']]],
    ],
  },
  SpCoreEd25519Signature: { path: 'sp_core::ed25519::Signature', newtype: '[u8;64]' },
  SpCoreSr25519Signature: { path: 'sp_core::sr25519::Signature', newtype: '[u8;64]' },
  SpCoreEcdsaSignature: { path: 'sp_core::ecdsa::Signature', newtype: '[u8;65]' },
  SpRuntimeMultiSignature: {
    path: 'sp_runtime::MultiSignature',
    variants: [
      ['Ed25519', 0, [[null, 'SpCoreEd25519Signature', 'ed25519::Signature']]],
      ['Sr25519', 1, [[null, 'SpCoreSr25519Signature', 'sr25519::Signature']]],
      ['Ecdsa', 2, [[null, 'SpCoreEcdsaSignature', 'ecdsa::Signature']]],
    ],
  },
  Era: { path: 'sp_runtime::generic::era::Era', variants: eraVariants },
  SpWeightsWeightV2Weight: {
    path: 'sp_weights::weight_v2::Weight',
    fields: [
      ['ref_time', 'Compact<u64>', 'u64'],
      ['proof_size', 'Compact<u64>', 'u64'],
    ],
  },
  FrameSupportDispatchDispatchInfo: {
    path: 'frame_support::dispatch::DispatchInfo',
    fields: [
      ['weight', 'SpWeightsWeightV2Weight', 'Weight'],
      ['class', 'FrameSupportDispatchDispatchClass', 'DispatchClass'],
      ['pays_fee', 'FrameSupportDispatchPays', 'Pays'],
    ],
  },
  FrameSupportDispatchDispatchClass: {
    path: 'frame_support::dispatch::DispatchClass',
    variants: unitVariants('Normal', 'Operational', 'Mandatory'),
  },
  FrameSupportDispatchPays: {
    path: 'frame_support::dispatch::Pays',
    variants: unitVariants('Yes', 'No'),
  },
  SpRuntimeDispatchError: {
    path: 'sp_runtime::DispatchError',
    variants: [
      ['Other', 0],
      ['CannotLookup', 1],
      ['BadOrigin', 2],
      ['Module', 3, [[null, 'SpRuntimeModuleError', 'ModuleError']]],
      ['ConsumerRemaining', 4],
      ['NoProviders', 5],
      ['TooManyConsumers', 6],
      ['Token', 7, [[null, 'SpRuntimeTokenError', 'TokenError']]],
      ['Arithmetic', 8, [[null, 'SpArithmeticArithmeticError', 'ArithmeticError']]],
      ['Transactional', 9, [[null, 'SpRuntimeTransactionalError', 'TransactionalError']]],
      ['Exhausted', 10],
      ['Corruption', 11],
      ['Unavailable', 12],
      ['RootNotAllowed', 13],
    ],
  },
  SpRuntimeModuleError: {
    path: 'sp_runtime::ModuleError',
    fields: [
      ['index', 'u8', 'u8'],
      ['error', '[u8;4]', '[u8; MAX_MODULE_ERROR_ENCODED_SIZE]'],
    ],
  },
  SpRuntimeTokenError: {
    path: 'sp_runtime::TokenError',
    variants: unitVariants(
      'FundsUnavailable',
      'OnlyProvider',
      'BelowMinimum',
      'CannotCreate',
      'UnknownAsset',
      'Frozen',
      'Unsupported',
      'CannotCreateHold',
      'NotExpendable',
      'Blocked',
    ),
  },
  SpArithmeticArithmeticError: {
    path: 'sp_arithmetic::ArithmeticError',
    variants: unitVariants('Underflow', 'Overflow', 'DivisionByZero'),
  },
  SpRuntimeTransactionalError: {
    path: 'sp_runtime::TransactionalError',
    variants: unitVariants('LimitReached', 'NoLayer'),
  },
  /** `pallet_evm::account::BasicCrossAccountIdRepr`: Unique's `CrossAccountId`, a Substrate or an Ethereum account. */
  PalletEvmAccountBasicCrossAccountIdRepr: {
    path: 'pallet_evm::account::BasicCrossAccountIdRepr',
    params: [['AccountId', 'AccountId32']],
    variants: [
      ['Substrate', 0, [[null, 'AccountId32', 'AccountId']]],
      ['Ethereum', 1, [[null, 'H160', 'H160']]],
    ],
  },
};
