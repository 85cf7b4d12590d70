import { ALICE, BOB, COLLECTION_42_ADDRESS, HASH } from '../fixtures.js';
import type { RouteExamples } from './types.js';

const at = '2024-01-01T00:00:00.000Z';
const stamps = { createdAtBlockNumber: 10, updatedAtBlockNumber: 10, createdAt: at, updatedAt: at };

const block = {
  number: 10,
  hash: HASH,
  parentHash: HASH,
  specVersion: 1,
  timestamp: at,
  relayParentNumber: 100,
  relayParentStorageRoot: HASH,
  createdAt: at,
};
const extrinsic = {
  hash: HASH,
  blockHash: HASH,
  blockNumber: 10,
  blockTimestamp: 1704067200000,
  indexInBlock: 1,
  signer: ALICE,
  section: 'balances',
  method: 'transferKeepAlive',
  args: { dest: BOB },
  asHex: '0x00',
  createdAt: at,
  events: [{ section: 'system', method: 'ExtrinsicSuccess', data: {} }],
};
const { blockTimestamp: _timestamp, ...blockExtrinsicBase } = extrinsic;
const blockExtrinsic = {
  ...blockExtrinsicBase,
  events: [
    {
      extrinsicHash: HASH,
      blockNumber: 10,
      section: 'system',
      method: 'ExtrinsicSuccess',
      data: {},
      asHex: '0x',
      createdAt: at,
    },
  ],
};
const event = {
  extrinsicHash: HASH,
  blockNumber: 10,
  blockTimestamp: 1704067200000,
  section: 'balances',
  method: 'Transfer',
  data: { from: ALICE },
  asHex: '0x',
  createdAt: at,
};
const account = {
  address: ALICE,
  prototype: null,
  mirror: '0xd43593c715Fdd31c61141ABd04a99FD6822c8558',
  isEthereum: false,
  isSigner: true,
  isSmartContract: false,
  ...stamps,
};
const coinBalance = {
  address: ALICE,
  available: '1',
  locked: '0',
  free: '1',
  total: '1',
  reserved: '0',
  staked: '0',
  unstaked: '0',
  canstake: '0',
  fetchedAtBlockNumber: 10,
  ...stamps,
};
const transferEvent = {
  blockNumber: 10,
  blockTimestamp: 1704067200000,
  extrinsicHash: HASH,
  extrinsic: { indexInBlock: 1, section: 'balances', method: 'transfer', signer: ALICE },
};
const coinTransfer = { id: 101, from: ALICE, to: BOB, amount: '5', eventId: 102, event: transferEvent };
const collection = {
  collectionId: 1,
  collectionAddress: '0x17C4e6453cC49AaAAEACA894E6D9683e00000001',
  owner: ALICE,
  adminList: [],
  mode: 'NFT',
  fungiblePieces: null,
  name: 'A',
  description: '',
  tokenPrefix: 'A',
  sponsor: null,
  isSponsorshipConfirmed: null,
  lastTokenId: 3,
  limits: {
    account_token_ownership_limit: null,
    owner_can_destroy: null,
    owner_can_transfer: null,
    sponsor_approve_timeout: null,
    sponsor_transfer_timeout: null,
    sponsored_data_rate_limit: null,
    sponsored_data_size: null,
    token_limit: null,
    transfers_enabled: null,
  },
  decodedLimits: {},
  permissions: {
    access: 'Normal',
    mint_mode: false,
    nesting: { token_owner: false, collection_admin: false, restricted: null },
  },
  tokenPropertyPermissions: [],
  properties: [],
  propertiesMap: {},
  readOnly: false,
  foreign: false,
  erc721metadata: false,
  schemaName: 'unique',
  schemaVersion: '2.0.0',
  originalSchemaVersion: null,
  collectionInfoError: null,
  isBurned: false,
  fetchedAtBlockNumber: 10,
  ...stamps,
};
const nft = {
  key: '42-1',
  collectionId: 42,
  tokenId: 1,
  collectionAddress: COLLECTION_42_ADDRESS,
  tokenAddress: '0xF8238cCFfF8ed887463fd5e00000002A00000001',
  owner: ALICE,
  topmostOwner: ALICE,
  isBundle: false,
  properties: [],
  propertiesMap: {},
  schemaName: 'unique',
  schemaVersion: '2.0.0',
  originalSchemaVersion: '2.0.0',
  name: null,
  description: null,
  image: 'https://x/y.png',
  attributes: [{ trait_type: 'score', value: 3 }],
  animationUrl: null,
  youtubeUrl: null,
  createdBy: null,
  backgroundColor: null,
  externalUrl: null,
  locale: null,
  tokenInfoError: null,
  isBurned: false,
  fetchedAtBlockNumber: 10,
  ...stamps,
};
const tokenBalance = {
  key: `${ALICE}-42-1`,
  address: ALICE,
  collectionId: 42,
  tokenId: 1,
  amount: '1',
  fetchedAtBlockNumber: 10,
  ...stamps,
};
const tokenTransfer = {
  id: 1,
  from: ALICE,
  to: BOB,
  collectionId: 42,
  tokenId: 1,
  amount: '1',
  eventId: 2,
  event: transferEvent,
};
const list = (row: unknown) => ({ items: [row], count: 1 });

export const indexerExamples: Record<string, RouteExamples> = {
  'indexer.block': {
    valid: [{ input: { hashOrNumber: HASH } }, { input: { hashOrNumber: 10 } }],
    invalid: [{ input: {}, path: ['hashOrNumber'] }],
    answers: [block, { ...block, extrinsics: [blockExtrinsic] }],
    badAnswers: [
      { ...block, number: '10' },
      { ...block, relayParentNumber: null },
    ],
  },
  'indexer.blocks': {
    valid: [
      {
        query:
          'numberFrom=1&numberTo=5&timestampFrom=2024-01-01T00:00:00.000Z&limit=5&offset=0&orderByNumber=desc',
        expect: { numberFrom: 1, timestampFrom: at, limit: 5, orderByNumber: 'desc' },
      },
      { input: { timestampFrom: new Date(at) }, expect: { timestampFrom: at } },
    ],
    invalid: [
      { query: 'orderByNumber=up', path: ['orderByNumber'] },
      { query: 'timestampFrom=yesterday', path: ['timestampFrom'] },
    ],
    answers: [list(block), { items: [], count: 0 }],
    badAnswers: [{ items: [block] }],
  },
  'indexer.account': {
    valid: [{ input: { address: ALICE } }],
    invalid: [{ input: { address: '' }, path: ['address'] }],
    answers: [account],
  },
  'indexer.accounts': {
    valid: [
      {
        query: `addressIn=${ALICE}&addressIn=${BOB}&isEthereum=false`,
        expect: { addressIn: [ALICE, BOB], isEthereum: false },
      },
      { query: `addressIn=${ALICE}`, expect: { addressIn: [ALICE] } },
    ],
    invalid: [{ query: 'limit=0', path: ['limit'] }],
    answers: [list(account)],
  },
  'indexer.coinBalance': {
    valid: [{ input: { address: ALICE } }],
    invalid: [{ input: {}, path: ['address'] }],
    answers: [coinBalance],
  },
  'indexer.coinBalances': {
    valid: [
      {
        query: 'freeFrom=100&totalTo=1000000000000000000000000&orderByFree=asc',
        expect: { freeFrom: '100', totalTo: '1000000000000000000000000', orderByFree: 'asc' },
      },
      { input: { stakedFrom: 10n }, expect: { stakedFrom: '10' } },
    ],
    invalid: [
      { query: 'freeFrom=1.5', path: ['freeFrom'] },
      { query: 'orderByCanstake=x', path: ['orderByCanstake'] },
    ],
    answers: [list(coinBalance)],
  },
  'indexer.balanceTransfers': {
    valid: [{ query: `fromIn=${ALICE}&amountFrom=1`, expect: { fromIn: [ALICE], amountFrom: '1' } }],
    invalid: [{ query: 'amountTo=abc', path: ['amountTo'] }],
    answers: [list(coinTransfer), list({ ...coinTransfer, event: null })],
    badAnswers: [list({ ...coinTransfer, id: '10-1' })],
  },
  'indexer.collection': {
    valid: [{ input: { collectionId: '1' } }],
    invalid: [{ input: {}, path: ['collectionId'] }],
    answers: [collection],
    badAnswers: [{ ...collection, tokenPrefix: undefined }],
  },
  'indexer.collections': {
    valid: [
      {
        query: 'collectionIdIn=1&collectionIdIn=2&isBurned=false&limit=5',
        expect: { collectionIdIn: ['1', '2'], isBurned: false, limit: 5 },
      },
      { query: 'mode=RFT' },
    ],
    invalid: [{ query: 'mode=ReFungible', path: ['mode'] }],
    answers: [list(collection)],
  },
  'indexer.nft': {
    valid: [
      { input: { collectionId: '42', tokenId: 1 } },
      { input: { collectionId: 42, tokenId: '1' }, expect: { tokenId: 1 } },
    ],
    invalid: [{ input: { collectionId: '42' }, path: ['tokenId'] }],
    answers: [nft],
  },
  'indexer.nfts': {
    valid: [
      {
        query: 'tokenIdIn=1&tokenIdIn=2&collectionIdIn=42&isBundle=TRUE',
        expect: { tokenIdIn: [1, 2], collectionIdIn: ['42'], isBundle: true },
      },
    ],
    invalid: [{ query: 'tokenIdIn=x', path: ['tokenIdIn'] }],
    answers: [list(nft)],
  },
  'indexer.events': {
    valid: [
      {
        query: 'sectionIn=balances&methodIn=Transfer&blockNumberFrom=1',
        expect: { sectionIn: ['balances'], blockNumberFrom: 1 },
      },
    ],
    invalid: [{ query: 'blockNumberFrom=x', path: ['blockNumberFrom'] }],
    answers: [list(event)],
  },
  'indexer.eventSections': {
    valid: [{ query: '' }],
    invalid: [{ input: 'x', path: [] }],
    answers: [[{ section: 'balances', method: 'Transfer' }]],
    badAnswers: [{ items: [] }],
  },
  'indexer.extrinsic': {
    valid: [{ input: { hash: HASH } }],
    invalid: [{ input: { hash: '' }, path: ['hash'] }],
    answers: [extrinsic, { ...extrinsic, events: undefined }],
    badAnswers: [{ ...extrinsic, signer: null }],
  },
  'indexer.extrinsics': {
    valid: [{ query: `signerIn=${ALICE}&orderByIndex=asc` }],
    invalid: [{ query: 'orderByIndex=random', path: ['orderByIndex'] }],
    answers: [list(extrinsic)],
  },
  'indexer.extrinsicSections': {
    valid: [{ query: '' }],
    invalid: [{ input: 7, path: [] }],
    answers: [[{ section: 'balances', method: 'transferKeepAlive' }]],
  },
  'indexer.tokenBalances': {
    valid: [
      { query: 'tokenIdIn=1&tokenIdIn=2&amountFrom=1', expect: { tokenIdIn: ['1', '2'], amountFrom: '1' } },
    ],
    invalid: [{ query: 'mode=nft', path: ['mode'] }],
    answers: [list(tokenBalance)],
  },
  'indexer.tokenTransfers': {
    valid: [{ query: 'tokenIdIn=3&mode=NFT', expect: { tokenIdIn: [3], mode: 'NFT' } }],
    invalid: [{ query: 'amountFrom=-', path: ['amountFrom'] }],
    answers: [list(tokenTransfer)],
    badAnswers: [list({ ...tokenTransfer, event: null })],
  },
};
