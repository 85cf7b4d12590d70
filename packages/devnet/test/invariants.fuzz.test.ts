import { nestingAddressFromIds } from '@nftkit/primitives';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { alice, bob, charlie } from './helpers/accounts.js';
import { makeChain, run } from './helpers/chain.js';
import { checkInvariants } from './helpers/invariants.js';

// Random sequences of (mostly plausible) calls by several signers: whatever succeeds or fails, the chain's
// invariants hold after every block and no call ever fails as an internal error.
const signers = [alice, bob, charlie];
const who = fc.constantFrom(...signers.map((s) => s.address), '0x1234567890123456789012345678901234567890');
const cid = fc.integer({ min: 1, max: 3 });
const tid = fc.integer({ min: 1, max: 6 });
const key = fc.constantFrom('a', 'b', 'score', 'bad key', '', 'x'.repeat(300));
const value = fc.constantFrom('0x', '0x01', `0x${'ab'.repeat(100)}`);
const perm = fc.record({ mutable: fc.boolean(), collectionAdmin: fc.boolean(), tokenOwner: fc.boolean() });

const op = fc.oneof(
  fc.record({
    m: fc.constant('createCollectionEx'),
    data: fc.record({
      permissions: fc.record({
        mintMode: fc.boolean(),
        nesting: fc.record({ tokenOwner: fc.boolean(), collectionAdmin: fc.boolean() }),
      }),
    }),
  }),
  fc.record({
    m: fc.constant('createMultipleItemsEx'),
    collectionId: cid,
    items: fc.array(
      fc.record({ owner: who, properties: fc.array(fc.record({ key, value }), { maxLength: 2 }) }),
      { maxLength: 3 },
    ),
  }),
  fc.record({
    m: fc.constant('transfer'),
    collectionId: cid,
    recipient: who,
    itemId: tid,
    value: fc.constantFrom('0', '1', '2'),
  }),
  fc.record({
    m: fc.constant('transferFrom'),
    collectionId: cid,
    from: who,
    recipient: who,
    itemId: tid,
    value: fc.constant('1'),
  }),
  fc.record({
    m: fc.constant('nest'),
    collectionId: cid,
    itemId: tid,
    parentCollection: cid,
    parentToken: tid,
  }),
  fc.record({
    m: fc.constant('approve'),
    collectionId: cid,
    spender: who,
    itemId: tid,
    amount: fc.constantFrom('0', '1'),
  }),
  fc.record({ m: fc.constant('burnItem'), collectionId: cid, itemId: tid, value: fc.constant('1') }),
  fc.record({
    m: fc.constant('setTokenProperties'),
    collectionId: cid,
    tokenId: tid,
    properties: fc.array(fc.record({ key, value }), { maxLength: 3 }),
  }),
  fc.record({
    m: fc.constant('setTokenPropertyPermissions'),
    collectionId: cid,
    propertyPermissions: fc.array(fc.record({ key, permission: perm }), { maxLength: 2 }),
  }),
  fc.record({ m: fc.constant('addCollectionAdmin'), collectionId: cid, newAdminId: who }),
  fc.record({ m: fc.constant('destroyCollection'), collectionId: cid }),
);

describe('invariants under random call sequences', () => {
  it('hold after every call, and nothing fails as an internal error', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 2 }), op), { minLength: 5, maxLength: 25 }),
        async (ops) => {
          const chain = makeChain();
          for (const [s, o] of ops) {
            const { m, ...args } = o as { m: string } & Record<string, unknown>;
            let method = m;
            let callArgs: Record<string, unknown> = args;
            if (m === 'createCollectionEx')
              callArgs = { data: { mode: 'NFT', name: 'n', tokenPrefix: 'P', ...(args.data as object) } };
            if (m === 'nest') {
              method = 'transfer';
              callArgs = {
                collectionId: args.collectionId,
                recipient: nestingAddressFromIds(args.parentCollection as number, args.parentToken as number),
                itemId: args.itemId,
                value: '1',
              };
            }
            let rec: Awaited<ReturnType<typeof run>>;
            try {
              rec = await run(chain, signers[s]!, 'unique', method, callArgs);
            } catch (e) {
              // Arguments outside the call's bounds do not decode: such a transaction never reaches a block.
              if ((e as { code?: string }).code === 'CALL_DECODE_ERROR') continue;
              throw e;
            }
            expect(rec.error?.section === 'system', JSON.stringify(rec.error)).toBe(false);
            checkInvariants(chain);
          }
        },
      ),
      { numRuns: 40 },
    );
  }, 300_000);
});
