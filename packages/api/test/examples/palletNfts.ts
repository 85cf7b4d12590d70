import {
  ALICE,
  BOB,
  ETH,
  NFTS_COLLECTION_ANSWER,
  NFTS_ITEM_ANSWER,
  UNLOCKED_COLLECTION_SETTINGS,
} from '../fixtures.js';
import type { RouteExamples } from './types.js';

const itemRef = { collectionId: 1, itemId: 2 };
const collectionResult = NFTS_COLLECTION_ANSWER;
const itemResult = NFTS_ITEM_ANSWER;
const simple = (extra: Record<string, unknown>, answer: unknown, missing: string): RouteExamples => ({
  valid: [{ input: { ...itemRef, ...extra } }],
  invalid: [
    { input: { ...itemRef, collectionId: '1', ...extra }, path: ['collectionId'] },
    {
      input: Object.fromEntries(Object.entries({ ...itemRef, ...extra }).filter(([key]) => key !== missing)),
      path: [missing],
    },
  ],
  answers: [answer],
});

export const palletNftsExamples: Record<string, RouteExamples> = {
  'nftsPallet.utility.getParsedTokenMetadata': {
    valid: [{ query: 'collectionId=1&tokenId=2' }],
    invalid: [{ query: 'collectionId=0&tokenId=2', path: ['collectionId'] }],
    answers: [{ data: null }],
  },
  'nftsPallet.collection.get': {
    valid: [{ query: 'collectionId=0', expect: { collectionId: 0 } }],
    invalid: [{ query: 'collectionId=-1', path: ['collectionId'] }],
    answers: [collectionResult],
    badAnswers: [{ ...collectionResult, config: undefined }],
  },
  'nftsPallet.collection.list': {
    valid: [{ query: 'limit=5' }],
    invalid: [{ query: 'limit=5000', path: ['limit'] }],
    answers: [{ collections: [collectionResult], isLastPage: false }],
  },
  'nftsPallet.collection.nextId': {
    valid: [{ query: '' }],
    invalid: [{ input: null, path: [] }],
    answers: [{ nextCollectionId: 3 }],
  },
  'nftsPallet.collection.create': {
    valid: [
      { input: {} },
      { input: undefined, expect: {} },
      {
        input: {
          collectionConfig: {
            settings: UNLOCKED_COLLECTION_SETTINGS,
            maxSupply: 10,
            mintSettings: {
              mintType: { holderOf: 3 },
              price: '100',
              defaultItemSettings: { lockedTransfers: true },
            },
          },
        },
      },
    ],
    invalid: [
      {
        input: { collectionConfig: { settings: { lockedTransferItems: false } } },
        path: ['collectionConfig', 'settings', 'lockedMetadata'],
      },
      { input: { admin: 'x' }, path: ['admin'] },
    ],
    answers: [{ ...collectionResult, creator: ALICE }],
  },
  'nftsPallet.collection.destroy': {
    valid: [
      {
        input: { collectionId: 1 },
        expect: { witness: { itemMetadatas: 0, itemConfigs: 0, attributes: 0 } },
      },
    ],
    invalid: [{ input: { collectionId: 0 }, path: ['collectionId'] }],
    answers: [{ collectionId: 1 }],
  },
  'nftsPallet.collection.lock': {
    valid: [{ input: { collectionId: 1, settings: { lockedMetadata: true } } }],
    invalid: [{ input: { collectionId: 1, settings: {} }, path: ['settings'] }],
    answers: [collectionResult],
  },
  'nftsPallet.collection.acceptOwnership': {
    valid: [{ input: {} }, { input: { collectionId: 1 } }],
    invalid: [{ input: { collectionId: 'one' }, path: ['collectionId'] }],
    answers: [{ who: ALICE, collectionId: 1 }, { who: ALICE }],
  },
  'nftsPallet.collection.transferOwnership': {
    valid: [{ input: { collectionId: 1, newOwner: BOB } }],
    invalid: [{ input: { collectionId: 1 }, path: ['newOwner'] }],
    answers: [collectionResult],
  },
  'nftsPallet.collection.updateMintSettings': {
    valid: [{ input: { collectionId: 1, mintSettings: { mintType: 'Public' } } }],
    invalid: [
      { input: { collectionId: 1, mintSettings: {} }, path: ['mintSettings'] },
      {
        input: { collectionId: 1, mintSettings: { defaultItemSettings: {} } },
        path: ['mintSettings', 'defaultItemSettings'],
      },
    ],
    answers: [collectionResult],
  },
  'nftsPallet.collection.setMaxSupply': {
    valid: [{ input: { collectionId: 1, maxSupply: 5 } }],
    invalid: [{ input: { collectionId: 1, maxSupply: 0 }, path: ['maxSupply'] }],
    answers: [collectionResult],
  },
  'nftsPallet.collection.setTeam': {
    valid: [{ input: { collectionId: 1, issuer: ALICE, admin: ETH } }],
    invalid: [{ input: { collectionId: 1, freezer: 'f' }, path: ['freezer'] }],
    answers: [{ ...collectionResult, role: { issuer: ALICE, admin: null, freezer: null } }],
  },
  'nftsPallet.collection.setMetadata': {
    valid: [{ input: { collectionId: 1, data: 'x' } }],
    invalid: [{ input: { collectionId: 1 }, path: ['data'] }],
    answers: [{ ...collectionResult, metadata: { deposit: '0', data: 'x' } }],
  },
  'nftsPallet.collection.clearMetadata': {
    valid: [{ input: { collectionId: 1 } }],
    invalid: [{ input: { collectionId: -1 }, path: ['collectionId'] }],
    answers: [collectionResult],
  },
  'nftsPallet.collection.setAttribute': {
    valid: [{ input: { collectionId: 1, attribute: { key: 'k', value: 'v', namespace: BOB } } }],
    invalid: [
      {
        input: { collectionId: 1, attribute: { key: 'k', value: 'v', namespace: 'Account' } },
        path: ['attribute', 'namespace'],
      },
    ],
    answers: [collectionResult],
  },
  'nftsPallet.collection.clearAttribute': {
    valid: [{ input: { collectionId: 1, attribute: { key: 'k', namespace: 'pallet' } } }],
    invalid: [{ input: { collectionId: 1, attribute: { key: 'k' } }, path: ['attribute', 'namespace'] }],
    answers: [collectionResult],
  },
  'nftsPallet.item.get': {
    valid: [{ query: 'collectionId=1&itemId=2', expect: itemRef }],
    invalid: [{ query: 'collectionId=1&itemId=0', path: ['itemId'] }],
    answers: [itemResult],
    badAnswers: [{ ...itemResult, deposit: null }],
  },
  'nftsPallet.item.mint': {
    valid: [
      { input: { collectionId: 0, itemId: 0, mintTo: ALICE, witnessData: { ownedItemId: 1, mintPrice: 5 } } },
    ],
    invalid: [{ input: { collectionId: 0, itemId: 0 }, path: ['mintTo'] }],
    answers: [itemResult],
  },
  'nftsPallet.item.burn': simple({}, null, 'itemId'),
  'nftsPallet.item.approveAttributes': simple({ delegate: BOB }, { ok: true }, 'delegate'),
  'nftsPallet.item.approveTransfer': simple({ delegate: BOB, deadline: 10 }, {}, 'delegate'),
  'nftsPallet.item.cancelTransferApproval': simple(
    { delegate: BOB },
    { ...itemRef, owner: ALICE, delegate: BOB },
    'delegate',
  ),
  'nftsPallet.item.clearAllTransferApprovals': simple({}, itemRef, 'itemId'),
  'nftsPallet.item.cancelAttributesApproval': simple(
    { delegate: BOB },
    { ...itemRef, owner: ALICE, delegate: BOB },
    'delegate',
  ),
  'nftsPallet.item.lockProperties': simple(
    { lockMetadata: true },
    { ...itemRef, lockMetadata: true },
    'itemId',
  ),
  'nftsPallet.item.transfer': simple({ to: BOB }, { ...itemResult, owner: BOB }, 'to'),
  'nftsPallet.item.lockTransfer': simple({}, itemRef, 'itemId'),
  'nftsPallet.item.unlockTransfer': simple({}, itemRef, 'itemId'),
  'nftsPallet.item.setMetadata': simple({ data: 'meta' }, itemResult, 'data'),
  'nftsPallet.item.clearMetadata': simple({}, itemResult, 'itemId'),
  'nftsPallet.item.setAttribute': simple(
    { attribute: { key: 'k', value: 'v', namespace: 'itemOwner' } },
    itemResult,
    'attribute',
  ),
  'nftsPallet.item.clearAttribute': simple(
    { attribute: { key: 'k', value: 'v', namespace: 'itemOwner' } },
    itemResult,
    'attribute',
  ),
  'nftsPallet.attributes.get': {
    valid: [
      { query: 'collectionId=1&itemId=2&namespace=pallet&key=k' },
      { query: `collectionId=1&namespace=${ALICE}&key=k` },
    ],
    invalid: [{ query: 'collectionId=1&namespace=Account&key=k', path: ['namespace'] }],
    answers: [
      { collectionId: 1, itemId: 2, attribute: { key: 'k', value: 'v', namespace: 'pallet' } },
      { collectionId: 1, attribute: null },
    ],
  },
  'nftsPallet.attributes.getAll': {
    valid: [{ query: 'collectionId=1' }],
    invalid: [{ query: 'collectionId=0', path: ['collectionId'] }],
    answers: [[{ key: 'k', value: 'v', namespace: 'pallet' }]],
  },
  'nftsPallet.attributes.set': {
    valid: [
      { input: { collectionId: 1, attribute: { key: 'k', value: 'v', namespace: 'collectionOwner' } } },
    ],
    invalid: [
      {
        input: { collectionId: 1, attribute: { key: 'k', namespace: 'pallet' } },
        path: ['attribute', 'value'],
      },
    ],
    answers: [{ collectionId: 1, attribute: { key: 'k', value: 'v', namespace: 'collectionOwner' } }],
  },
  'nftsPallet.attributes.clear': {
    valid: [{ input: { collectionId: 1, itemId: 2, attribute: { key: 'k', namespace: 'itemOwner' } } }],
    invalid: [
      {
        input: { collectionId: 1, itemId: 0, attribute: { key: 'k', namespace: 'itemOwner' } },
        path: ['itemId'],
      },
    ],
    answers: [{ collectionId: 1, itemId: 2, attribute: { key: 'k', namespace: 'itemOwner' } }],
  },
  'nftsPallet.account.getCollections': {
    valid: [{ query: `account=${ALICE}` }],
    invalid: [{ query: 'account=x', path: ['account'] }],
    answers: [{ account: ALICE, collections: [0, 1] }],
  },
  'nftsPallet.account.getItems': {
    valid: [{ query: `account=${ALICE}&collectionId=0` }],
    invalid: [{ query: `account=${ALICE}`, path: ['collectionId'] }],
    answers: [
      [
        { collectionId: 0, tokenId: 1 },
        { collectionId: 0, tokenId: 2, original: { collectionId: 5, tokenId: 9 } },
      ],
    ],
    badAnswers: [[{ collectionId: 0, itemId: 1 }]],
  },
  'nftsPallet.account.getRole': {
    valid: [{ query: `account=${ALICE}&collectionId=0` }],
    invalid: [{ query: 'collectionId=0', path: ['account'] }],
    answers: [{ issuer: true, admin: true, freezer: true, owner: true }],
  },
  'nftsPallet.account.getOwnershipAcceptance': {
    valid: [{ query: `account=${ALICE}` }],
    invalid: [{ query: '', path: ['account'] }],
    answers: [{ collectionId: null }, { collectionId: 3 }],
  },
  'nftsPallet.trade.setPrice': {
    valid: [
      { input: { ...itemRef, price: 100, buyer: BOB } },
      { input: { ...itemRef, price: null } },
      { input: { ...itemRef, price: '5' } },
    ],
    invalid: [{ input: { ...itemRef, price: 0 }, path: ['price'] }],
    answers: [{ ...itemRef, price: '100' }],
  },
  'nftsPallet.trade.buy': {
    valid: [{ input: { ...itemRef, bidPrice: 100 } }, { input: { ...itemRef, bidPrice: '100' } }],
    invalid: [
      { input: { ...itemRef, bidPrice: '1.5' }, path: ['bidPrice'] },
      { input: { ...itemRef, bidPrice: 0 }, path: ['bidPrice'] },
    ],
    answers: [{ ...itemRef, price: '100', seller: ALICE, buyer: BOB }],
  },
  'nftsPallet.common.palletVersion': {
    valid: [{ query: '' }],
    invalid: [{ input: 'x', path: [] }],
    answers: [{ version: 1 }],
  },
  'nftsPallet.common.nextCollectionId': {
    valid: [{ query: '' }],
    invalid: [{ input: 1, path: [] }],
    answers: [{ nextCollectionId: 4 }],
  },
};
