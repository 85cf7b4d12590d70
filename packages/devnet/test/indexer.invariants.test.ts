import { bytesToHex, nestingAddressFromIds } from '@nftkit/primitives';
import { describe, expect, it } from 'vitest';
import { encodeCall } from '../src/runtime/runtime.js';
import { alice, bob, charlie, dave, eve, signHex, type TestAccount } from './helpers/accounts.js';
import { makeChain } from './helpers/chain.js';
import { checkIndexerAgrees } from './helpers/indexerInvariants.js';
import { checkInvariants } from './helpers/invariants.js';

// A burst of random writes, many per block and many failing (charged, reverted), then the indexer's rows must say
// exactly what the chain state says. Deterministic: a seeded generator picks the calls.
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const people = [alice, bob, charlie, dave, eve];
const utf8 = (s: string) => bytesToHex(new TextEncoder().encode(s));

describe('indexer invariants after a burst of writes', () => {
  for (const seed of [1, 7, 42]) {
    it(`seed ${seed}: rows agree with the chain state`, async () => {
      const chain = makeChain({ instant: false });
      const random = rng(seed);
      const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
      // Two collections owned by alice: nesting by token owners allowed, a token property anyone may write.
      const setup = async (who: TestAccount, method: string, args: Record<string, unknown>) => {
        await submitAs(who, 'unique', method, args);
        chain.produceBlock();
      };
      const submitAs = async (
        who: TestAccount,
        section: string,
        method: string,
        args: Record<string, unknown>,
      ) => {
        const built = chain.build(encodeCall(section, method, args), { signerAddress: who.address });
        chain.submit(built.signerPayloadJSON, await signHex(who, built.signerPayloadHex));
      };
      for (const name of ['A', 'B'])
        await setup(alice, 'createCollectionEx', {
          data: {
            mode: 'NFT',
            name,
            description: name,
            tokenPrefix: name,
            permissions: { nesting: { tokenOwner: true, collectionAdmin: false } },
            tokenPropertyPermissions: [
              { key: 'score', permission: { mutable: true, collectionAdmin: true, tokenOwner: true } },
            ],
          },
        });
      let minted = 0;
      for (let round = 0; round < 12; round++) {
        for (let i = 0; i < 15; i++) {
          const who = pick(people);
          const c = pick([1, 2]);
          const token = 1 + Math.floor(random() * Math.max(1, minted));
          const target = pick(people).address;
          const r = random();
          if (r < 0.25) {
            await submitAs(pick([alice, alice, bob]), 'unique', 'createMultipleItemsEx', {
              collectionId: c,
              items: Array.from({ length: 1 + Math.floor(random() * 3) }, () => ({
                owner: pick(people).address,
                properties: [{ key: 'score', value: utf8(String(Math.floor(random() * 100))) }],
              })),
            });
            minted += 2;
          } else if (r < 0.45)
            await submitAs(who, 'unique', 'transfer', {
              recipient: target,
              collectionId: c,
              itemId: token,
              value: '1',
            });
          else if (r < 0.55)
            await submitAs(who, 'unique', 'transfer', {
              recipient: nestingAddressFromIds(pick([1, 2]), 1 + Math.floor(random() * Math.max(1, minted))),
              collectionId: c,
              itemId: token,
              value: '1',
            });
          else if (r < 0.62)
            await submitAs(who, 'unique', 'burnItem', { collectionId: c, itemId: token, value: '1' });
          else if (r < 0.72)
            await submitAs(who, 'unique', 'setTokenProperties', {
              collectionId: c,
              tokenId: token,
              properties: [{ key: 'score', value: utf8(String(round)) }],
            });
          else if (r < 0.77)
            await submitAs(alice, 'unique', 'setTransfersEnabledFlag', {
              collectionId: c,
              value: random() < 0.8,
            });
          else if (r < 0.82) {
            // Each call with its own argument name (an admin change that failed to encode was skipped before).
            const [method, args] = pick([
              ['addCollectionAdmin', { collectionId: c, newAdminId: target }],
              ['removeCollectionAdmin', { collectionId: c, accountId: target }],
            ] as const);
            await submitAs(alice, 'unique', method, args);
          } else
            await submitAs(who, 'balances', 'transferKeepAlive', {
              dest: target,
              value: String(1 + Math.floor(random() * 1e6)),
            });
        }
        // Deliberate nesting: an owner of two tokens nests one under the other, or hands a bundle to someone else
        // (its nested tokens' topmost owner moves with it), or takes a nested token back out.
        const db = chain.storage.db;
        const pair = db
          .prepare(
            `SELECT a.collection_id AS c1, a.token_id AS t1, b.collection_id AS c2, b.token_id AS t2, a.owner AS owner
             FROM tokens a JOIN tokens b ON a.owner = b.owner AND (a.collection_id, a.token_id) < (b.collection_id, b.token_id)
             WHERE a.owner NOT LIKE '0x%' ORDER BY a.token_id DESC LIMIT 1`,
          )
          .get() as { c1: number; t1: number; c2: number; t2: number; owner: string } | undefined;
        const owner = (address: string) => people.find((p) => p.address === address)!;
        if (pair && round % 3 !== 2)
          await submitAs(owner(pair.owner), 'unique', 'transfer', {
            recipient: nestingAddressFromIds(pair.c2, pair.t2),
            collectionId: pair.c1,
            itemId: pair.t1,
            value: '1',
          });
        const bundle = db
          .prepare(
            `SELECT p.collection_id AS c, p.token_id AS t, p.owner AS owner FROM tokens p
             WHERE p.owner NOT LIKE '0x%' AND EXISTS (SELECT 1 FROM ix_nfts n WHERE n.collection_id = p.collection_id
               AND n.token_id = p.token_id AND n.is_bundle = 1) LIMIT 1`,
          )
          .get() as { c: number; t: number; owner: string } | undefined;
        if (bundle && round % 3 === 1)
          await submitAs(owner(bundle.owner), 'unique', 'transfer', {
            recipient: pick(people).address,
            collectionId: bundle.c,
            itemId: bundle.t,
            value: '1',
          });
        chain.produceBlock();
      }
      const failed = chain.storage.db
        .prepare('SELECT COUNT(*) FROM extrinsics WHERE success = 0')
        .pluck()
        .get() as number;
      expect(failed).toBeGreaterThan(0); // the burst included refused calls
      checkInvariants(chain);
      checkIndexerAgrees(chain);
      // Nesting happened, so topmost owners and bundles were exercised.
      const nested = chain.storage.db
        .prepare('SELECT COUNT(*) FROM ix_nfts WHERE is_bundle = 1 AND is_burned = 0')
        .pluck()
        .get();
      expect(nested).toBeGreaterThan(0);
      // One more block keeps them in step.
      await submitAs(alice, 'balances', 'transferKeepAlive', { dest: bob.address, value: '1' });
      chain.produceBlock();
      checkIndexerAgrees(chain);
      chain.storage.db.close();
    }, 120_000);
  }
});
