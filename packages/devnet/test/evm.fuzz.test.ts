import { collectionIdToAddress, nestingAddressFromIds, substrateToEthereumMirror } from '@nftkit/primitives';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRACT_HELPERS_ABI } from '../src/runtime/evm/contracts/contractHelpers.abi.js';
import { UNIQUE_NATIVE_FUNGIBLE_ABI } from '../src/runtime/evm/contracts/uniqueNativeFungible.abi.js';
import { UNIQUE_NFT_ABI } from '../src/runtime/evm/contracts/uniqueNft.abi.js';
import { UNIQUE_REFUNGIBLE_TOKEN_ABI } from '../src/runtime/evm/contracts/uniqueRefungibleToken.abi.js';
import { alice, bob } from './helpers/accounts.js';
import { jsonValues, scalars } from './helpers/arbitraries.js';
import { contract, fundEvmCaller } from './helpers/evm.js';
import { BASE, makeApp, type TestApp, write, writeOk } from './helpers/http.js';
import { checkInvariants } from './helpers/invariants.js';
import { chainSnapshot } from './helpers/snapshot.js';

// Hostile input on the EVM routes: never a 5xx, never a crash; queries and builds change nothing; whatever
// bytecode a user deploys and calls, the chain's books still balance.
let t: TestApp;
let collection: string;
let token: string;
let rftCollection: string;
let rftToken: string;
beforeAll(async () => {
  t = await makeApp();
  await fundEvmCaller(t, alice.address, '10000');
  const c = await writeOk(t, alice, '/collection/create', {
    mode: 'Nft',
    name: 'F',
    description: 'f',
    symbol: 'F',
  });
  collection = collectionIdToAddress(Number(c.collectionId));
  await writeOk(t, alice, '/token/nfts/mint', {
    collectionId: c.collectionId,
    tokens: [{ owner: bob.address }],
  });
  const r = await writeOk(t, alice, '/collection/create', {
    mode: 'ReFungible',
    name: 'R',
    description: 'r',
    symbol: 'R',
  });
  rftCollection = collectionIdToAddress(Number(r.collectionId));
  await writeOk(t, alice, '/refungible/mint', {
    collectionId: r.collectionId,
    owners: [{ address: bob.address, pieces: 10 }],
  });
  rftToken = nestingAddressFromIds(Number(r.collectionId), 1);
  const deployed = await writeOk(t, alice, '/evm/contract/deploy', {
    bytecode: contract('Token721').bytecode,
  });
  token = String(deployed.contractAddress);
});
afterAll(async () => {
  await t.close();
});

const scalar = scalars(
  fc.bigInt({ min: -(1n << 260n), max: 1n << 260n }).map(String),
  fc.constantFrom('0x', '0x00', alice.address, substrateToEthereumMirror(bob.address), '-1', '1e3', ''),
);
const value = jsonValues(scalar, { maxLength: 3, maxKeys: 3 });
const abiType = fc.constantFrom(
  'uint256',
  'uint8',
  'int',
  'address',
  'bool',
  'string',
  'bytes',
  'bytes32',
  'uint256[]',
  'tuple',
  'tuple[]',
  'foo',
  '',
);
const abiParam = fc.record(
  {
    type: abiType,
    name: fc.constantFrom('a', 'b', ''),
    components: fc.constant([{ type: 'uint256', name: 'x' }]),
  },
  { requiredKeys: ['type'] },
);
const abiItem = fc.record(
  {
    type: fc.constantFrom('function', 'event', 'error', 'constructor', 'x'),
    name: fc.constantFrom('f', 'Transfer', 'ownerOf', 'name'),
    inputs: fc.array(abiParam, { maxLength: 3 }),
    outputs: fc.array(abiParam, { maxLength: 2 }),
    stateMutability: fc.constantFrom('view', 'nonpayable', 'payable'),
  },
  { requiredKeys: ['type'] },
);
const functionName = fc.oneof(
  fc.constantFrom(
    ...[
      ...UNIQUE_NFT_ABI,
      ...UNIQUE_REFUNGIBLE_TOKEN_ABI,
      ...UNIQUE_NATIVE_FUNGIBLE_ABI,
      ...CONTRACT_HELPERS_ABI,
    ].flatMap((i) => (i.type === 'function' ? [i.name] : [])),
  ),
  fc.string(),
);
const address = () =>
  fc.oneof(
    fc.constant(collection),
    fc.constant(token),
    fc.constant(rftCollection),
    fc.constant(rftToken),
    fc.constant(collectionIdToAddress(0)),
    fc.constantFrom(`0x${'00'.repeat(20)}`, 'nope', alice.address),
  );

const post = async (path: string, body: unknown) => {
  const res = await t.app.inject({
    method: 'POST',
    url: `${BASE}${path}`,
    payload: JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  });
  if (res.statusCode >= 500) throw new Error(`${path} answered ${res.statusCode}: ${res.body}`);
  return res;
};

describe('EVM bad-input fuzzing', () => {
  it('calls with random functions, arguments, ABIs and addresses change nothing and never 5xx', async () => {
    const digest = chainSnapshot(t.chain);
    await fc.assert(
      fc.asyncProperty(
        functionName,
        fc.array(value, { maxLength: 4 }),
        fc.array(abiItem, { maxLength: 3 }),
        address(),
        async (fn, args, abi, to) => {
          await post('/evm/unique-nft/call', {
            functionName: fn,
            functionArgs: args,
            contract: { address: to },
          });
          await post('/evm/contract/call', {
            functionName: fn,
            functionArgs: args,
            contract: { address: to, abi },
          });
          await post('/evm/collection-helpers/call', { functionName: fn, functionArgs: args });
          await post('/evm/contract-helpers/call', { functionName: fn, functionArgs: args });
          for (const family of ['unique-refungible', 'unique-refungible-token', 'unique-native-fungible'])
            await post(`/evm/${family}/call`, {
              functionName: fn,
              functionArgs: args,
              contract: { address: to },
            });
          await post('/evm/contract/logs', { hash: `0x${'00'.repeat(32)}`, abi });
        },
      ),
      { numRuns: 120 },
    );
    expect(chainSnapshot(t.chain)).toEqual(digest);
  });

  it('builds of sends and deploys with random bodies never 5xx and change nothing', async () => {
    const digest = chainSnapshot(t.chain);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          '/evm/contract/send',
          '/evm/unique-nft/send',
          '/evm/collection-helpers/send',
          '/evm/contract-helpers/send',
          '/evm/unique-refungible/send',
          '/evm/unique-refungible-token/send',
          '/evm/unique-native-fungible/send',
          '/evm/contract/deploy',
        ),
        functionName,
        fc.array(value, { maxLength: 3 }),
        fc.oneof(fc.string(), fc.constant('0x'), fc.constant('0x6080'), fc.constant('0x123')),
        value,
        async (route, fn, args, bytecode, extra) => {
          await post(`${route}/build`, {
            args: {
              functionName: fn,
              functionArgs: args,
              bytecode,
              value: extra,
              contract: { address: collection, abi: [] },
            },
            options: { signerAddress: alice.address },
          });
        },
      ),
      { numRuns: 120 },
    );
    expect(chainSnapshot(t.chain)).toEqual(digest);
  });

  it('random bytecode deployed and called keeps the books balanced', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 48 }),
        fc.uint8Array({ maxLength: 40 }),
        async (code, data) => {
          const hex = (b: Uint8Array) => `0x${Buffer.from(b).toString('hex')}`;
          const deployed = await write(t, alice, '/evm/contract/deploy', {
            bytecode: hex(code),
            gasLimit: '200000',
          });
          expect([200, 400]).toContain(deployed.status);
          await write(t, alice, '/evm/contract/send', {
            functionName: 'f',
            functionArgs: [hex(data)],
            gasLimit: '200000',
            contract: {
              address: token,
              abi: [{ type: 'function', name: 'f', inputs: [{ type: 'bytes' }], outputs: [] }],
            },
          });
        },
      ),
      { numRuns: 15 },
    );
    checkInvariants(t.chain);
  });

  it('random sends to the refungible, native-coin and helper contracts answer 200 or 4xx and keep the books', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          ['/evm/unique-refungible/send', () => rftCollection],
          ['/evm/unique-refungible-token/send', () => rftToken],
          ['/evm/unique-native-fungible/send', () => collectionIdToAddress(0)],
          ['/evm/contract-helpers/send', () => undefined],
        ),
        functionName,
        fc.array(value, { maxLength: 3 }),
        async ([route, at], fn, args) => {
          const address = at();
          const a = await write(t, alice, route, {
            functionName: fn,
            functionArgs: args,
            ...(address ? { contract: { address } } : {}),
          });
          expect(a.status).toBeLessThan(500);
        },
      ),
      { numRuns: 40 },
    );
    checkInvariants(t.chain);
  });
});
