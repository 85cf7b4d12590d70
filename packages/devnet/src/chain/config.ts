/** The signed extensions named in every signer payload (the REST proxy's list; none adds payload bytes). */
export { SIGNED_EXTENSIONS } from '@nftkit/primitives';

/** The REST proxy's default `EXTRINSIC_MORTAL_BLOCK_LENGTH` (chain-rules §6.1). */
export const DEFAULT_MORTAL_LENGTH = 64;
/** `BlockHashCount`: how far back an era may reach. */
export const BLOCK_HASH_COUNT = 2400;

/** The dev accounts and their well-known SS58 (prefix 42) addresses (sr25519, `//Name` derivation of the dev phrase). */
export const DEV_ACCOUNTS = {
  Alice: '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY',
  Bob: '5FHneW46xGXgs5mUiveU4sbTyGBzmstUspZC92UhjJM694ty',
  Charlie: '5FLSigC9HGRKVhB9FiEo4Y3koPsNmBmLJbpXg2mp1hXcS59Y',
  Dave: '5DAAnrj7VHTznn2AWBemMuyBwZWs6FNFjdyVXUeYum3PTXFy',
  Eve: '5HGjWAeFDfFCWPsjFQdVV2Msvz2XtMktvgocEZcCj68kUMaw',
  Ferdie: '5CiPPseXPECbkjWCa6MnjNokrgYjMqmKndv2rSnekmSK2DjL',
} as const;

/** Genesis endowment of each dev account: one million coins. */
export const DEV_ENDOWMENT = 1_000_000n * 10n ** 18n;
/** What the faucet gives when no amount is asked: one thousand coins. */
export const FAUCET_DEFAULT = 1_000n * 10n ** 18n;
/** The most the faucet gives in one request. */
export const FAUCET_MAX = 1_000_000n * 10n ** 18n;
