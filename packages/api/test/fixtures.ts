import { decodeSubstrateAddress, encodeSubstrateAddress } from '@nftkit/primitives';
import { signerPayloadJson } from '../../primitives/test/helpers.js';

export const ALICE = '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY';
export const BOB = '5FHneW46xGXgs5mUiveU4sbTyGBzmstUspZC92UhjJM694ty';
/** Alice re-encoded with Unique's SS58 prefix (7391): the same account in another form. */
export const ALICE_UNIQUE = encodeSubstrateAddress(decodeSubstrateAddress(ALICE), 7391);
export const ETH = '0xd43593c715Fdd31c61141ABd04a99FD6822c8558';
export const ETH_LOWER = ETH.toLowerCase();
export const COLLECTION_42_ADDRESS = '0x17C4e6453cC49AaAAEACA894E6D9683e0000002A';
export const NESTING_42_1 = '0xF8238cCFfF8ed887463fd5e00000002A00000001';
export const PUBLIC_KEY = `0x${'d4'.repeat(32)}`;
export const HASH = `0x${'ab'.repeat(32)}`;
export const BLOCK_HASH = `0x${'22'.repeat(32)}`;

export const SIGNER_PAYLOAD_JSON = signerPayloadJson({ address: ALICE, blockHash: BLOCK_HASH });

/** The NFT collection a game creates (the READMEs' example): its create input, without token permissions. */
export const SNAKE_COLLECTION_INPUT = {
  mode: 'Nft',
  name: 'Snake',
  description: 'Snake scores',
  symbol: 'SNK',
  info: { cover_image: { url: 'https://example/cover.png' } },
} as const;

export const COLLECTION_ANSWER = {
  collectionId: 42,
  collectionAddress: COLLECTION_42_ADDRESS,
  owner: ALICE,
  mode: 'NFT',
  decimals: null,
  name: 'Snake',
  description: 'Snake scores',
  symbol: 'SNK',
  properties: [],
  limits: {
    accountTokenOwnershipLimit: null,
    tokenLimit: null,
    ownerCanTransfer: false,
    ownerCanDestroy: true,
    transfersEnabled: true,
  },
  admins: [],
  lastTokenId: 1,
  totalSupply: 1,
  sponsorship: { isEnabled: false, isConfirmed: false, sponsor: null },
  readOnly: false,
  tokenPropertyPermissions: [
    { key: 'score', permission: { mutable: true, collectionAdmin: true, tokenOwner: false } },
  ],
  permissions: { access: 'Normal', mintMode: false, nesting: { tokenOwner: false, collectionAdmin: false } },
  info: { schemaName: 'unique', schemaVersion: '2.0.0', cover_image: { url: 'https://example/cover.png' } },
  infoDecodingError: null,
  universalLocation: null,
  originalUniversalLocation: null,
  isForeign: false,
  isErc721Metadata: false,
};

export const TOKEN_ANSWER = {
  collectionId: 42,
  tokenId: 1,
  collectionAddress: COLLECTION_42_ADDRESS,
  symbol: 'SNK',
  owner: ALICE,
  topmostOwner: ALICE,
  properties: [{ key: 'score', value: '120', valueHex: '0x313230' }],
  decodingError: null,
  schemaName: 'unique',
  schemaVersion: '2.0.0',
  image: 'https://example/snake.png',
  attributes: [{ trait_type: 'score', value: 0 }],
};

/** pallet-nfts collection settings with nothing locked. */
export const UNLOCKED_COLLECTION_SETTINGS = {
  lockedTransferItems: false,
  lockedMetadata: false,
  lockedAttributes: false,
  lockedMaxSupply: false,
};

export const NFTS_COLLECTION_ANSWER = {
  collectionId: 0,
  owner: ALICE,
  ownerDeposit: 0,
  items: 1,
  itemMetadatas: 0,
  itemConfigs: 1,
  attributes: [],
  metadata: null,
  config: {
    settings: UNLOCKED_COLLECTION_SETTINGS,
    maxSupply: 10,
    mintSettings: { mintType: { holderOf: 3 }, price: '100', startBlock: null, endBlock: null },
  },
  universalLocation: null,
  originalUniversalLocation: null,
};

export const NFTS_ITEM_ANSWER = {
  collectionId: 0,
  itemId: 1,
  owner: ALICE,
  deposit: { account: ALICE, amount: '0' },
  transferApprovals: [{ delegate: BOB, deadlineBlock: 200 }],
  metadata: { data: 'hello', deposit: { account: null, amount: '0' } },
  price: null,
  attributes: [{ key: 'k', value: 'v', namespace: 'collectionOwner' }],
  settings: { lockedTransfers: false, lockedMetadata: false, lockedAttributes: false },
};

export const RFT_ANSWER = {
  tokenId: 1,
  collectionId: 7,
  owners: [ALICE],
  pieces: 100,
  properties: [],
};
