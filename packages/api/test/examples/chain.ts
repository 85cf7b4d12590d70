import {
  ALICE,
  ALICE_UNIQUE,
  BOB,
  COLLECTION_42_ADDRESS,
  COLLECTION_ANSWER,
  ETH,
  NESTING_42_1,
  PUBLIC_KEY,
  SNAKE_COLLECTION_INPUT,
  TOKEN_ANSWER,
} from '../fixtures.js';
import type { RouteExamples } from './types.js';

const BALANCE = {
  available: '1000',
  locked: '0',
  free: '1000000000000000000000',
  total: '1000000000000000000000',
  reserved: '0',
  staked: '0',
  unstaked: '0',
  canstake: '0',
  decimals: 18,
  tokenSymbol: 'OPL',
};

const collectionOut = COLLECTION_ANSWER;

export const chainExamples: Record<string, RouteExamples> = {
  'balance.get': {
    valid: [
      { query: `address=${ALICE}`, expect: { address: ALICE } },
      { input: { address: ETH, atBlockHash: '0x12' } },
      { input: { address: ALICE_UNIQUE } },
    ],
    invalid: [
      { input: { address: 'nope' }, path: ['address'] },
      { input: { address: PUBLIC_KEY }, path: ['address'] },
      { input: { address: { Substrate: ALICE } }, path: ['address'] },
      { input: {}, path: ['address'] },
    ],
    answers: [
      BALANCE,
      { ...BALANCE, vested: [{ start: '100', period: '10', periodCount: '5', perPeriod: '1.5' }] },
    ],
    badAnswers: [{ ...BALANCE, decimals: '18' }],
  },
  'balance.transfer': {
    valid: [
      { input: { to: BOB, amount: '1000000000000000000' }, expect: { amount: '1000000000000000000' } },
      { input: { to: ETH, amount: 100 }, expect: { amount: '100' } },
      { input: { to: BOB, amount: '1.5', isAmountInCoins: true }, expect: { amount: '1.5' } },
    ],
    invalid: [
      { input: { to: BOB, amount: '1.5' }, path: ['amount'] },
      { input: { to: BOB, amount: '-1' }, path: ['amount'] },
      { input: { to: 'x', amount: '1' }, path: ['to'] },
    ],
    answers: [{ from: ALICE, to: BOB, amountInCoin: '1', amount: '1000000000000000000' }],
    badAnswers: [{ from: ALICE, to: BOB, amount: '1' }],
  },
  'account.nextIndex': {
    valid: [{ query: `address=${ALICE}` }],
    invalid: [{ input: { address: '' }, path: ['address'] }],
    answers: [{ nextIndex: 0 }, { nextIndex: 9 }],
    badAnswers: [{ nextIndex: -1 }],
  },
  'collection.get': {
    valid: [
      {
        query: 'collectionId=42',
        expect: {
          collectionId: 42,
          withAdmins: true,
          withLimits: true,
          withLastTokenId: true,
          withTotalSupply: true,
        },
      },
      {
        query: `collectionId=${COLLECTION_42_ADDRESS}&withAdmins=1&withLimits=TRUE&withLastTokenId=false&withTotalSupply=yes`,
        expect: {
          collectionId: 42,
          withAdmins: false,
          withLimits: true,
          withLastTokenId: false,
          withTotalSupply: false,
        },
      },
      { input: { collectionId: 42, withAdmins: false }, expect: { withAdmins: false, withLimits: true } },
    ],
    invalid: [
      { query: 'collectionId=007', path: ['collectionId'] },
      { query: 'collectionId=0', path: ['collectionId'] },
      { input: { collectionId: 4294967296 }, path: ['collectionId'] },
      { input: { collectionId: ETH }, path: ['collectionId'] },
      { input: { collectionId: -1 }, path: ['collectionId'] },
    ],
    answers: [
      collectionOut,
      { ...collectionOut, admins: null, limits: null, lastTokenId: null, totalSupply: null, info: null },
      {
        ...collectionOut,
        mode: 'Fungible',
        decimals: 18,
        permissions: {
          ...collectionOut.permissions,
          nesting: { tokenOwner: true, collectionAdmin: true, restricted: [1, 2] },
        },
      },
    ],
    badAnswers: [
      { ...collectionOut, mode: 'Nft' },
      { ...collectionOut, sponsorship: undefined },
    ],
  },
  'collection.list': {
    valid: [{ query: 'limit=10&skip=0', expect: { limit: 10, skip: 0 } }, { input: {} }],
    invalid: [
      { query: 'limit=0', path: ['limit'] },
      { query: 'limit=1001', path: ['limit'] },
      { query: 'skip=-1', path: ['skip'] },
      { query: 'limit=abc', path: ['limit'] },
    ],
    answers: [
      { collections: [collectionOut], isLastPage: true },
      { collections: [], isLastPage: true },
    ],
    badAnswers: [{ collections: [] }],
  },
  'collection.getAllCollectionStats': {
    valid: [{ query: '' }, { input: { atBlockHash: '0x01' } }],
    invalid: [{ input: { atBlockHash: 5 }, path: ['atBlockHash'] }],
    answers: [{ created: 100, destroyed: 10, alive: 90 }],
    badAnswers: [{ created: '100', destroyed: 10, alive: 90 }],
  },
  'collection.accountTokens': {
    valid: [{ query: `collectionId=42&address=${ALICE}`, expect: { collectionId: 42 } }],
    invalid: [
      { query: 'collectionId=42', path: ['address'] },
      { query: `collectionId=abc&address=${ALICE}`, path: ['collectionId'] },
    ],
    answers: [
      [
        { collectionId: 42, tokenId: 1 },
        { collectionId: 42, tokenId: 2, originalTokenId: 2 },
      ],
      [],
    ],
    badAnswers: [[{ collectionId: 42, tokenId: 0 }]],
  },
  'collection.create': {
    valid: [
      {
        input: {
          ...SNAKE_COLLECTION_INPUT,
          tokenPropertyPermissions: [
            { key: 'score', permission: { mutable: true, collectionAdmin: true, tokenOwner: false } },
          ],
        },
        expect: {
          info: {
            schemaName: 'unique',
            schemaVersion: '2.0.0',
            cover_image: { url: 'https://example/cover.png' },
          },
        },
      },
      {
        input: {
          mode: 'Fungible',
          tokenDecimals: '18',
          name: 'Coin',
          description: '',
          symbol: 'C',
          pendingSponsor: ALICE_UNIQUE,
          admins: [BOB, ETH],
          permissions: { nesting: { tokenOwner: true, restricted: [COLLECTION_42_ADDRESS, '7'] } },
          limits: {},
          properties: [{ key: 'a', value: 'b' }],
        },
        expect: {
          tokenDecimals: 18,
          pendingSponsor: { Substrate: ALICE },
          permissions: { nesting: { restricted: [42, 7] } },
        },
      },
      {
        input: {
          mode: 'Nft',
          name: 'n',
          description: 'd',
          symbol: 's',
          pendingSponsor: { Ethereum: ETH.toLowerCase() },
        },
        expect: { pendingSponsor: { Ethereum: ETH } },
      },
    ],
    invalid: [
      { input: { mode: 'NFT', name: 'n', description: 'd', symbol: 's' }, path: ['mode'] },
      { input: { mode: 'Nft', name: 'x'.repeat(65), description: 'd', symbol: 's' }, path: ['name'] },
      { input: { mode: 'Nft', name: 'n', description: 'é'.repeat(129), symbol: 's' }, path: ['description'] },
      { input: { mode: 'Nft', name: 'n', description: 'd' }, path: ['symbol'] },
      { input: { mode: 'Nft', name: 'n', description: 'd', symbol: 'x'.repeat(17) }, path: ['symbol'] },
      {
        input: { mode: 'Nft', name: 'n', description: 'd', symbol: 's', info: { schemaVersion: '1.0.0' } },
        path: ['info', 'schemaVersion'],
      },
      {
        input: { mode: 'Nft', name: 'n', description: 'd', symbol: 's', pendingSponsor: 'x' },
        path: ['pendingSponsor'],
      },
      {
        input: {
          mode: 'Nft',
          name: 'n',
          description: 'd',
          symbol: 's',
          tokenPropertyPermissions: [
            { key: 'k'.repeat(257), permission: { mutable: true, collectionAdmin: true, tokenOwner: true } },
          ],
        },
        path: ['tokenPropertyPermissions', 0, 'key'],
      },
      {
        input: {
          mode: 'Nft',
          name: 'n',
          description: 'd',
          symbol: 's',
          tokenPropertyPermissions: [{ key: 'k', permission: { mutable: true } }],
        },
        path: ['tokenPropertyPermissions', 0, 'permission', 'collectionAdmin'],
      },
    ],
    answers: [collectionOut],
  },
  'collection.setProperties': {
    valid: [
      {
        input: {
          collectionId: '42',
          properties: [
            { key: 'a', value: 'b' },
            { key: 'c', valueHex: '0x01' },
          ],
        },
        expect: { collectionId: 42 },
      },
    ],
    invalid: [
      { input: { collectionId: 42, properties: [{ key: 'a' }] }, path: ['properties', 0, 'value'] },
      {
        input: { collectionId: 42, properties: [{ key: 'k'.repeat(65), value: 'v' }] },
        path: ['properties', 0, 'key'],
      },
      {
        input: { collectionId: 42, properties: [{ key: 'k', value: 'v'.repeat(32769) }] },
        path: ['properties', 0, 'value'],
      },
    ],
    answers: [{ ...collectionOut, properties: [{ key: 'a', value: 'b', valueHex: '0x62' }] }],
  },
  'collection.deleteProperties': {
    valid: [{ input: { collectionId: 42, keys: ['a'] } }],
    invalid: [{ input: { collectionId: 42, keys: [] }, path: ['keys'] }],
    answers: [collectionOut],
  },
  'collection.setTokenPropertyPermissions': {
    valid: [
      {
        input: {
          collectionId: 42,
          tokenPropertyPermissions: [
            { key: 'k'.repeat(256), permission: { mutable: false, collectionAdmin: true, tokenOwner: true } },
          ],
        },
      },
    ],
    invalid: [
      {
        input: { collectionId: 42, tokenPropertyPermissions: [{ key: 'k' }] },
        path: ['tokenPropertyPermissions', 0, 'permission'],
      },
    ],
    answers: [collectionOut],
  },
  'collection.setSponsor': {
    valid: [{ input: { collectionId: 42, sponsor: BOB } }],
    invalid: [{ input: { collectionId: 42, sponsor: ETH }, path: ['sponsor'] }],
    answers: [{ ...collectionOut, sponsorship: { isEnabled: true, isConfirmed: false, sponsor: BOB } }],
  },
  'collection.confirmSponsorship': {
    valid: [{ input: { collectionId: 42 } }],
    invalid: [{ input: {}, path: ['collectionId'] }],
    answers: [{ ...collectionOut, sponsorship: { isEnabled: true, isConfirmed: true, sponsor: BOB } }],
  },
  'collection.transferCollection': {
    valid: [{ input: { collectionId: 42, to: ETH } }],
    invalid: [{ input: { collectionId: 42, to: NESTING_42_1.slice(0, 20) }, path: ['to'] }],
    answers: [{ ...collectionOut, owner: ETH }],
  },
  'collection.setLimits': {
    valid: [
      { input: { collectionId: 42, limits: {} } },
      {
        input: {
          collectionId: 42,
          limits: {
            tokenLimit: 10,
            ownerCanDestroy: false,
            sponsoredDataRateLimit: 'SponsoringDisabled',
            accountTokenOwnershipLimit: null,
          },
        },
      },
    ],
    invalid: [
      { input: { collectionId: 42, limits: { tokenLimit: '10' } }, path: ['limits', 'tokenLimit'] },
      { input: { collectionId: 42 }, path: ['limits'] },
    ],
    answers: [collectionOut],
  },
  'collection.addAdmin': {
    valid: [{ input: { collectionId: 42, newAdmin: BOB } }],
    invalid: [{ input: { collectionId: 42, newAdmin: 'bob' }, path: ['newAdmin'] }],
    answers: [{ ...collectionOut, admins: [BOB] }],
  },
  'collection.removeAdmin': {
    valid: [{ input: { collectionId: 42, adminToDelete: BOB } }],
    invalid: [{ input: { collectionId: 42 }, path: ['adminToDelete'] }],
    answers: [collectionOut],
  },
  'collection.destroy': {
    valid: [{ input: { collectionId: COLLECTION_42_ADDRESS }, expect: { collectionId: 42 } }],
    invalid: [
      { input: { collectionId: '0x17C4e6453cC49AaAAEACA894E6D9683e0000000' }, path: ['collectionId'] },
    ],
    answers: [{ collectionId: 42 }],
    badAnswers: [{ collectionId: '42' }],
  },
  'token.get': {
    valid: [
      { query: 'collectionId=42&tokenId=1', expect: { collectionId: 42, tokenId: 1 } },
      { query: 'collectionId=42&tokenId=1&withChildren=TRUE', expect: { withChildren: true } },
      { query: 'collectionId=42&tokenId=1&withChildren=1', expect: { withChildren: false } },
    ],
    invalid: [
      { query: 'collectionId=42&tokenId=0', path: ['tokenId'] },
      { query: 'collectionId=42', path: ['tokenId'] },
      { query: 'collectionId=42&tokenId=1.5', path: ['tokenId'] },
    ],
    answers: [
      TOKEN_ANSWER,
      {
        ...TOKEN_ANSWER,
        parentToken: { collectionId: 7, tokenId: 3 },
        topmostOwner: BOB,
        children: [TOKEN_ANSWER],
      },
      {
        collectionId: 42,
        tokenId: 2,
        collectionAddress: COLLECTION_42_ADDRESS,
        symbol: 'SNK',
        owner: ALICE,
        topmostOwner: ALICE,
        properties: [],
        decodingError: 'Unknown token schema',
      },
    ],
    badAnswers: [
      { ...TOKEN_ANSWER, tokenId: 0 },
      { ...TOKEN_ANSWER, properties: undefined },
    ],
  },
  'token.mintNFTs': {
    valid: [
      {
        input: {
          collectionId: 42,
          tokens: [
            {
              data: { image: 'https://example/snake.png', attributes: [{ trait_type: 'score', value: 0 }] },
              owner: ALICE,
              properties: [{ key: 'score', value: '0' }],
            },
          ],
        },
        expect: { tokens: [{ data: { schemaName: 'unique', schemaVersion: '2.0.0' } }] },
      },
      { input: { collectionId: 42, tokens: [{}] }, expect: { tokens: [{}] } },
      { input: { collectionId: 42, tokens: [{ owner: ETH, URI: 'ipfs://x' }] } },
    ],
    invalid: [
      { input: { collectionId: 42, tokens: [{ owner: 'x' }] }, path: ['tokens', 0, 'owner'] },
      {
        input: { collectionId: 42, tokens: [{ data: { schemaVersion: '3.0.0' } }] },
        path: ['tokens', 0, 'data', 'schemaVersion'],
      },
      { input: { collectionId: 42 }, path: ['tokens'] },
    ],
    answers: [[TOKEN_ANSWER], []],
  },
  'token.updateNft': {
    valid: [
      {
        input: {
          collectionId: 42,
          tokenId: 1,
          data: { image: 'https://x/y.png', schemaName: 'unique', name: 'dropped' },
        },
        expect: { data: { image: 'https://x/y.png' } },
      },
    ],
    invalid: [
      { input: { collectionId: 42, tokenId: '1' }, path: ['tokenId'] },
      { input: { collectionId: 42, tokenId: 1, data: { attributes: 'x' } }, path: ['data', 'attributes'] },
    ],
    answers: [TOKEN_ANSWER],
  },
  'token.transfer': {
    valid: [
      { input: { collectionId: 42, tokenId: 1, to: BOB } },
      { input: { collectionId: 42, tokenId: 1, to: BOB, from: ALICE, amount: 2 } },
    ],
    invalid: [
      { input: { collectionId: 42, tokenId: '1', to: BOB }, path: ['tokenId'] },
      { input: { collectionId: 42, tokenId: 1, to: BOB, amount: 0 }, path: ['amount'] },
      { input: { collectionId: 42, tokenId: 1.5, to: BOB }, path: ['tokenId'] },
    ],
    answers: [{ ...TOKEN_ANSWER, owner: BOB }],
  },
  'token.burn': {
    valid: [{ input: { collectionId: 42, tokenId: 1 } }],
    invalid: [{ input: { collectionId: 42, tokenId: 0 }, path: ['tokenId'] }],
    answers: [{ collectionId: 42, tokenId: 1, amount: 1 }],
    badAnswers: [{ collectionId: 42, tokenId: 1 }],
  },
  'token.burnFrom': {
    valid: [{ input: { collectionId: 42, tokenId: 1, from: BOB, amount: 1 } }],
    invalid: [{ input: { collectionId: 42, tokenId: 1, from: 'b' }, path: ['from'] }],
    answers: [{ collectionId: 42, tokenId: 1, amount: 1 }],
  },
  'token.setProperties': {
    valid: [
      { input: { collectionId: 42, tokenId: 1, properties: [{ key: 'score', value: '120' }] } },
      {
        input: {
          collectionId: COLLECTION_42_ADDRESS,
          tokenId: 1,
          properties: [{ key: 'k', value: 'v', valueHex: '0x76' }],
        },
        expect: { collectionId: 42 },
      },
    ],
    invalid: [
      { input: { collectionId: 42, tokenId: '1', properties: [] }, path: ['tokenId'] },
      {
        input: { collectionId: 42, tokenId: 1, properties: [{ value: 'x' }] },
        path: ['properties', 0, 'key'],
      },
      {
        input: { collectionId: 42, tokenId: 1, properties: [{ key: 'ключ'.repeat(9), value: 'x' }] },
        path: ['properties', 0, 'key'],
      },
    ],
    answers: [TOKEN_ANSWER],
  },
  'token.deleteProperties': {
    valid: [{ input: { collectionId: 42, tokenId: 1, keys: ['score'] } }],
    invalid: [{ input: { collectionId: 42, tokenId: 1, keys: [] }, path: ['keys'] }],
    answers: [TOKEN_ANSWER],
  },
  'token.nest': {
    valid: [
      {
        input: { parent: { collectionId: 42, tokenId: 1 }, nested: { collectionId: '7', tokenId: 3 } },
        expect: { nested: { collectionId: 7 } },
      },
    ],
    invalid: [
      {
        input: { parent: { collectionId: 42, tokenId: '1' }, nested: { collectionId: 7, tokenId: 3 } },
        path: ['parent', 'tokenId'],
      },
      { input: { nested: { collectionId: 7, tokenId: 3 } }, path: ['parent'] },
    ],
    answers: [{ ...TOKEN_ANSWER, parentToken: { collectionId: 42, tokenId: 1 }, owner: NESTING_42_1 }],
  },
  'token.unnest': {
    valid: [{ input: { nested: { collectionId: 7, tokenId: 3 }, to: ALICE } }],
    invalid: [{ input: { nested: { collectionId: 7, tokenId: 3 }, amount: -1 }, path: ['amount'] }],
    answers: [TOKEN_ANSWER],
  },
  'token.approve': {
    valid: [
      { input: { collectionId: 42, tokenId: 1, spender: BOB } },
      { input: { collectionId: 42, tokenId: 1, spender: ETH, amount: 0 } },
    ],
    invalid: [{ input: { collectionId: 42, tokenId: 1, spender: BOB, amount: -1 }, path: ['amount'] }],
    answers: [{ collectionId: 42, tokenId: 1, spender: BOB, amount: 1 }],
    badAnswers: [{ collectionId: 42, tokenId: 1, spender: BOB, amount: '1' }],
  },
  'token.getApproved': {
    valid: [
      { query: `collectionId=42&tokenId=0&spender=${BOB}`, expect: { tokenId: 0 } },
      { query: `collectionId=42&tokenId=1&spender=${BOB}&sender=${ALICE}` },
    ],
    invalid: [
      { query: `collectionId=42&tokenId=-1&spender=${BOB}`, path: ['tokenId'] },
      { query: 'collectionId=42&tokenId=1', path: ['spender'] },
    ],
    answers: [{ isApproved: true, amount: '1' }],
    badAnswers: [{ isApproved: 'true', amount: '1' }],
  },
  'token.possibleActions': {
    valid: [
      {
        query: `sender=${ALICE}&collectionId=42&tokenId=1&nestTo%5BcollectionId%5D=3&nestTo%5BtokenId%5D=4&amount=1`,
        expect: { collectionId: 42, tokenId: 1, nestTo: { collectionId: 3, tokenId: 4 }, amount: 1 },
      },
      { query: `sender=${ALICE}&collectionId=0&tokenId=0`, expect: { amount: 1 } },
    ],
    invalid: [
      { query: `sender=${ALICE}&collectionId=${COLLECTION_42_ADDRESS}&tokenId=1`, path: ['collectionId'] },
      {
        query: `sender=${ALICE}&collectionId=42&tokenId=1&nestTo[tokenId]=x`,
        path: ['nestTo', 'collectionId'],
      },
    ],
    answers: [{ burn: true, nest: false, unnest: false, transfer: true, changeProperties: ['score'] }],
  },
};
