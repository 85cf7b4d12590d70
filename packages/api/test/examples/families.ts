import { ALICE, BOB, COLLECTION_42_ADDRESS, ETH, HASH, RFT_ANSWER, TOKEN_ANSWER } from '../fixtures.js';
import type { RouteExamples } from './types.js';

const ABI = [
  {
    type: 'function',
    name: 'balanceOf',
    inputs: [{ name: 'owner', type: 'address' }],
    outputs: [{ name: '', type: 'uint256' }],
    stateMutability: 'view',
  },
  {
    type: 'event',
    name: 'Transfer',
    inputs: [
      { name: 'from', type: 'address', indexed: true },
      { name: 'pair', type: 'tuple', components: [{ name: 'a', type: 'uint8' }] },
    ],
  },
];

const sendExamples = (contract: unknown): RouteExamples => ({
  valid: [
    {
      input: {
        functionName: 'transfer',
        functionArgs: [ETH, 10n],
        value: 0,
        gasLimit: '300000',
        ...(contract ? { contract } : {}),
      },
      expect: { functionArgs: [ETH, '10'], value: '0', gasLimit: '300000' },
    },
  ],
  invalid: [
    {
      input: { functionName: 'x', functionArgs: [], maxFeePerGas: '1.5', ...(contract ? { contract } : {}) },
      path: ['maxFeePerGas'],
    },
    { input: { functionArgs: [], ...(contract ? { contract } : {}) }, path: ['functionName'] },
  ],
  answers: [{ isSuccessful: true }, { isSuccessful: null }],
  badAnswers: [{}],
});

const callExamples = (contract: unknown): RouteExamples => ({
  valid: [
    {
      input: {
        functionName: 'balanceOf',
        functionArgs: [ETH],
        gasLimit: 100000,
        blockNumber: 5n,
        ...(contract ? { contract } : {}),
      },
      expect: { gasLimit: '100000', blockNumber: '5' },
    },
  ],
  invalid: [
    {
      input: { functionName: 'balanceOf', functionArgs: 'x', ...(contract ? { contract } : {}) },
      path: ['functionArgs'],
    },
    {
      input: { functionName: 'f', functionArgs: [], value: 'ten', ...(contract ? { contract } : {}) },
      path: ['value'],
    },
  ],
  answers: ['1000', { a: 1 }, null],
});

export const familyExamples: Record<string, RouteExamples> = {
  'fungible.totalSupply': {
    valid: [{ query: 'collectionId=7', expect: { collectionId: 7 } }],
    invalid: [{ query: 'collectionId=', path: ['collectionId'] }],
    answers: [{ totalSupply: 1000 }],
    badAnswers: [{}],
  },
  'fungible.getApproved': {
    valid: [{ query: `collectionId=7&sender=${ALICE}&spender=${BOB}` }],
    invalid: [{ query: `collectionId=7&sender=${ALICE}`, path: ['spender'] }],
    answers: [{ allowance: 5, address: BOB, collectionId: 7, sender: ALICE }],
  },
  'fungible.getAccountBalance': {
    valid: [{ query: `collectionId=7&address=${ETH}` }],
    invalid: [{ query: 'collectionId=7&address=0x12', path: ['address'] }],
    answers: [{ address: ALICE, collectionId: 7, balance: '1000', decimals: 18, symbol: 'C' }],
    badAnswers: [{ address: ALICE, collectionId: 7, balance: '1000', decimals: 0, symbol: 'C' }],
  },
  'fungible.mint': {
    valid: [{ input: { collectionId: 7, amount: 1000, recipient: BOB }, expect: { amount: '1000' } }],
    invalid: [{ input: { collectionId: 7, amount: '1.5' }, path: ['amount'] }],
    answers: [{ collectionId: 7, amount: '1000', recipient: BOB }],
  },
  'fungible.transfer': {
    valid: [{ input: { collectionId: 7, to: BOB, amount: '5', from: ALICE } }],
    invalid: [{ input: { collectionId: 7, amount: '5' }, path: ['to'] }],
    answers: [{ collectionId: 7, to: BOB, amount: '5', from: ALICE }],
  },
  'fungible.burn': {
    valid: [{ input: { collectionId: 7, amount: '5', from: BOB }, expect: { amount: '5' } }],
    invalid: [{ input: { collectionId: 7 }, path: ['amount'] }],
    answers: [{ collectionId: 7, amount: '5', from: ALICE }],
  },
  'fungible.burnFrom': {
    valid: [{ input: { collectionId: 7, amount: '5', from: BOB } }],
    invalid: [{ input: { collectionId: 7, amount: '5', from: 'bob' }, path: ['from'] }],
    answers: [{ collectionId: 7, amount: '5', from: BOB }],
  },
  'fungible.approve': {
    valid: [{ input: { collectionId: 7, spender: BOB, amount: 0 }, expect: { amount: '0' } }],
    invalid: [{ input: { collectionId: 7, spender: BOB, amount: -5 }, path: ['amount'] }],
    answers: [{ collectionId: 7, spender: BOB, amount: '0' }],
  },
  'refungible.get': {
    valid: [{ query: 'collectionId=7&tokenId=1' }],
    invalid: [{ query: 'collectionId=7&tokenId=0', path: ['tokenId'] }],
    answers: [RFT_ANSWER],
    badAnswers: [{ ...RFT_ANSWER, pieces: 0 }],
  },
  'refungible.getAccountBalance': {
    valid: [{ query: `collectionId=7&tokenId=1&account=${ALICE}` }],
    invalid: [{ query: 'collectionId=7&tokenId=1', path: ['account'] }],
    answers: [{ collectionId: 7, tokenId: 1, account: ALICE, balance: 100 }],
  },
  'refungible.mint': {
    valid: [
      {
        input: {
          collectionId: 7,
          owners: [
            { address: ALICE, pieces: 60 },
            { address: BOB, pieces: 40 },
          ],
          data: { name: 'R' },
        },
        expect: { data: { schemaName: 'unique', name: 'R' } },
      },
    ],
    invalid: [
      { input: { collectionId: 7, owners: [{ address: ALICE, pieces: 0 }] }, path: ['owners', 0, 'pieces'] },
    ],
    answers: [RFT_ANSWER],
  },
  'refungible.mintMultiple': {
    valid: [
      {
        input: {
          collectionId: 7,
          tokens: [
            { owner: ALICE, pieces: 10 },
            { pieces: 1, URI: 'u' },
          ],
        },
      },
    ],
    invalid: [{ input: { collectionId: 7, tokens: [{ owner: ALICE }] }, path: ['tokens', 0, 'pieces'] }],
    answers: [[RFT_ANSWER]],
  },
  'evm.call': callExamples({ address: COLLECTION_42_ADDRESS, abi: ABI }),
  'evm.send': sendExamples({ address: COLLECTION_42_ADDRESS, abi: ABI }),
  'evm.logs': {
    valid: [
      {
        input: { hash: HASH.toUpperCase().replace('0X', '0x'), abi: ABI, isFinalized: true },
        expect: { hash: HASH },
      },
    ],
    invalid: [
      { input: { hash: '0x12', abi: ABI }, path: ['hash'] },
      { input: { hash: HASH, abi: [{ name: 'x' }] }, path: ['abi', 0, 'type'] },
    ],
    answers: [
      {
        logs: [
          {
            name: 'Transfer',
            signature: 'Transfer(address,address,uint256)',
            args: { from: ETH, value: '1' },
          },
        ],
      },
    ],
    badAnswers: [{ logs: [{ name: 'Transfer' }] }],
  },
  'evm.exists': {
    valid: [{ query: `address=${ETH}` }],
    invalid: [{ query: `address=${ALICE}`, path: ['address'] }],
    answers: [{ exists: false }],
  },
  'evm.deploy': {
    valid: [
      { input: { bytecode: '0x' } },
      {
        input: { bytecode: '0x6080', value: 1, gasLimit: '2500000', nonce: 1, accessList: [ETH] },
        expect: { value: '1' },
      },
    ],
    invalid: [
      { input: { bytecode: '6080' }, path: ['bytecode'] },
      { input: { bytecode: '0x60', accessList: [ALICE] }, path: ['accessList', 0] },
    ],
    answers: [{ contractAddress: ETH }],
  },
  'evm.collectionHelpers.call': callExamples(undefined),
  'evm.collectionHelpers.send': sendExamples(undefined),
  'evm.contractHelpers.call': callExamples(undefined),
  'evm.contractHelpers.send': sendExamples(undefined),
  'evm.uniqueNft.call': callExamples({ address: COLLECTION_42_ADDRESS }),
  'evm.uniqueNft.send': sendExamples({ address: COLLECTION_42_ADDRESS }),
  'evm.uniqueFungible.call': callExamples({ address: COLLECTION_42_ADDRESS }),
  'evm.uniqueFungible.send': sendExamples({ address: COLLECTION_42_ADDRESS }),
  'evm.uniqueRefungible.call': callExamples({ address: COLLECTION_42_ADDRESS }),
  'evm.uniqueRefungible.send': sendExamples({ address: COLLECTION_42_ADDRESS }),
  'evm.uniqueRefungibleToken.call': callExamples({ address: ETH }),
  'evm.uniqueRefungibleToken.send': sendExamples({ address: ETH }),
  'evm.uniqueNativeFungible.call': callExamples({ address: ETH }),
  'evm.uniqueNativeFungible.send': sendExamples({ address: ETH }),
  'utility.batchAll': {
    valid: [{ input: { calls: ['0x1c0401', '0x00'] } }],
    invalid: [
      { input: { calls: ['1c04'] }, path: ['calls', 0] },
      { input: { calls: ['0x1'] }, path: ['calls', 0] },
    ],
    answers: [
      { isSuccess: true, calls: [{ callIndex: '0x3d00', name: 'unique.setTokenProperties', args: {} }] },
    ],
    badAnswers: [{ calls: [] }],
  },
  'utility.getParsedMetadata': {
    valid: [
      { query: `collectionId=${COLLECTION_42_ADDRESS}&tokenId=1`, expect: { collectionId: 42, tokenId: 1 } },
    ],
    invalid: [{ query: 'collectionId=42&tokenId=0', path: ['tokenId'] }],
    answers: [
      { data: null, resolved: null, parsed: {} },
      { data: '{"name":"x"}', resolved: 'https://x', parsed: { name: 'x', image: TOKEN_ANSWER.image } },
    ],
    badAnswers: [{ data: null, parsed: {} }],
  },
};
