import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alice, bob, charlie, type TestAccount } from './helpers/accounts.js';
import { BASE, makeApp, type TestApp, write, writeOk } from './helpers/http.js';
import { checkInvariants } from './helpers/invariants.js';
import { chainSnapshot } from './helpers/snapshot.js';

// The fungible and refungible routes under hostile and random input: never a 5xx, refusals change nothing, and a
// random sequence of fungible operations ends where a simple model of balances and allowances says it must.
let t: TestApp;
let ft: number;
let rft: number;
let nft: number;
beforeAll(async () => {
  t = await makeApp();
  const create = async (mode: string, extra: Record<string, unknown> = {}) =>
    (
      await writeOk(t, alice, '/collection/create', {
        mode,
        name: mode,
        description: 'd',
        symbol: 'S',
        ...extra,
      })
    ).collectionId as number;
  ft = await create('Fungible', { tokenDecimals: 2 });
  rft = await create('ReFungible');
  nft = await create('Nft');
  await writeOk(t, alice, '/fungible/mint', { collectionId: ft, amount: '1000', recipient: bob.address });
  await writeOk(t, alice, '/refungible/mint', {
    collectionId: rft,
    owners: [{ address: bob.address, pieces: 10 }],
  });
});
afterAll(async () => {
  await t.close();
});

const ETH = '0xd43593c715Fdd31c61141ABd04a99FD6822c8558';
const hostile = fc.oneof(
  fc.constantFrom(
    '0',
    '-1',
    '1.5',
    '1e3',
    '340282366920938463463374607431768211456',
    '',
    'abc',
    alice.address,
    ETH,
    '0x0000000000000000000000000000000000000000',
  ),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.string(),
);
const idLike = () => fc.oneof(fc.constantFrom(ft, rft, nft, 0, 999_999, -1), hostile);
const QUERIES = [
  '/fungible/balance',
  '/fungible/allowance',
  '/fungible/total-supply',
  '/refungible',
  '/refungible/account-balance',
];
const EXTRINSICS = [
  '/fungible/mint',
  '/fungible/transfer-from',
  '/fungible/burn',
  '/fungible/burn-from',
  '/fungible/approve',
  '/refungible/mint',
  '/refungible/mint-multiple',
];
const argsFor = fc.record(
  {
    collectionId: idLike(),
    tokenId: fc.oneof(fc.constantFrom(0, 1, 2), hostile),
    amount: fc.oneof(fc.constantFrom('1', '0', 5), hostile),
    to: fc.oneof(fc.constantFrom(bob.address, ETH), hostile),
    from: fc.oneof(fc.constantFrom(bob.address), hostile),
    recipient: fc.oneof(fc.constantFrom(charlie.address), hostile),
    spender: fc.oneof(fc.constantFrom(charlie.address), hostile),
    sender: fc.oneof(fc.constantFrom(bob.address), hostile),
    address: fc.oneof(fc.constantFrom(bob.address), hostile),
    account: fc.oneof(fc.constantFrom(bob.address), hostile),
    owners: fc.oneof(
      fc.array(
        fc.record({
          address: fc.oneof(fc.constant(bob.address), hostile),
          pieces: fc.oneof(fc.constant(1), hostile),
        }),
        {
          maxLength: 3,
        },
      ),
      hostile,
    ),
    tokens: fc.oneof(
      fc.array(
        fc.record({
          owner: fc.oneof(fc.constant(bob.address), hostile),
          pieces: fc.oneof(fc.constant(2), hostile),
        }),
        {
          maxLength: 3,
        },
      ),
      hostile,
    ),
  },
  { requiredKeys: [] },
);

const expectSafe = (status: number, where: string) => {
  if (status >= 500) throw new Error(`${where} answered ${status}`);
};

describe('fungible and refungible routes under bad input', () => {
  it('queries answer 200, 400 or 404 and never change state', async () => {
    const before = chainSnapshot(t.chain);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...QUERIES), argsFor, async (path, args) => {
        const qs = Object.entries(args)
          .filter(([, v]) => typeof v !== 'object' || v === null)
          .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
          .join('&');
        const res = await t.app.inject({ method: 'GET', url: `${BASE}${path}?${qs}` });
        expectSafe(res.statusCode, path);
        expect([200, 400, 404]).toContain(res.statusCode);
        if (res.statusCode !== 200) expect(typeof res.json().error).toBe('string');
      }),
      { numRuns: 200 },
    );
    expect(chainSnapshot(t.chain)).toEqual(before);
  });

  it('build and encode answer 200 or a 400 naming the problem, and never change state', async () => {
    const before = chainSnapshot(t.chain);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...EXTRINSICS),
        fc.constantFrom('build', 'encode'),
        argsFor,
        async (path, action, args) => {
          const res = await t.app.inject({
            method: 'POST',
            url: `${BASE}${path}/${action}`,
            payload: { args, options: { signerAddress: alice.address } },
          });
          expectSafe(res.statusCode, `${path}/${action}`);
          expect([200, 400]).toContain(res.statusCode);
          if (res.statusCode === 400) expect(res.json().error).toMatch(/\S/);
        },
      ),
      { numRuns: 300 },
    );
    expect(chainSnapshot(t.chain)).toEqual(before);
  });

  it('random writes end where a model of balances and allowances says', async () => {
    const accounts = [alice, bob, charlie];
    const account = fc.constantFrom(...accounts);
    const amount = fc.oneof(fc.bigInt({ min: 0n, max: 60n }), fc.constant(0n));
    const op = fc.oneof(
      fc.record({ kind: fc.constant('mint' as const), signer: account, other: account, amount }),
      fc.record({ kind: fc.constant('transfer' as const), signer: account, other: account, amount }),
      fc.record({ kind: fc.constant('approve' as const), signer: account, other: account, amount }),
      fc.record({ kind: fc.constant('transferFrom' as const), signer: account, other: account, amount }),
      fc.record({ kind: fc.constant('burn' as const), signer: account, other: account, amount }),
      fc.record({ kind: fc.constant('burnFrom' as const), signer: account, other: account, amount }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 8 }), async (ops) => {
        const collectionId = (
          await writeOk(t, alice, '/collection/create', {
            mode: 'Fungible',
            name: 'M',
            description: 'm',
            symbol: 'M',
          })
        ).collectionId as number;
        const bal = new Map<string, bigint>();
        const allow = new Map<string, bigint>();
        const b = (a: TestAccount) => bal.get(a.address) ?? 0n;
        const key = (o: TestAccount, s: TestAccount) => `${o.address}>${s.address}`;
        let supply = 0n;
        for (const o of ops) {
          const { signer: s, other: x, amount: n } = o;
          const amountStr = String(n);
          let route: string;
          let args: Record<string, unknown>;
          let expectOk: boolean;
          let apply = () => {};
          switch (o.kind) {
            case 'mint':
              route = '/fungible/mint';
              args = { collectionId, amount: amountStr, recipient: x.address };
              expectOk = s === alice;
              apply = () => {
                bal.set(x.address, b(x) + n);
                supply += n;
              };
              break;
            case 'transfer':
              route = '/fungible/transfer-from';
              args = { collectionId, amount: amountStr, to: x.address };
              expectOk = b(s) >= n;
              apply = () => {
                bal.set(s.address, b(s) - n);
                bal.set(x.address, b(x) + n);
              };
              break;
            case 'approve':
              route = '/fungible/approve';
              args = { collectionId, amount: amountStr, spender: x.address };
              expectOk = b(s) >= n;
              apply = () => allow.set(key(s, x), n);
              break;
            case 'transferFrom': {
              // The signer spends `x`'s tokens towards itself.
              route = '/fungible/transfer-from';
              args = { collectionId, amount: amountStr, from: x.address, to: s.address };
              const own = s === x;
              expectOk = (own || (allow.get(key(x, s)) ?? 0n) >= n) && b(x) >= n;
              apply = () => {
                if (!own) allow.set(key(x, s), (allow.get(key(x, s)) ?? 0n) - n);
                bal.set(x.address, b(x) - n);
                bal.set(s.address, b(s) + n);
              };
              break;
            }
            case 'burn':
              route = '/fungible/burn';
              args = { collectionId, amount: amountStr };
              expectOk = b(s) >= n;
              apply = () => {
                bal.set(s.address, b(s) - n);
                supply -= n;
              };
              break;
            default: {
              route = '/fungible/burn-from';
              args = { collectionId, amount: amountStr, from: x.address };
              const own = s === x;
              expectOk = (own || (allow.get(key(x, s)) ?? 0n) >= n) && b(x) >= n;
              apply = () => {
                if (!own) allow.set(key(x, s), (allow.get(key(x, s)) ?? 0n) - n);
                bal.set(x.address, b(x) - n);
                supply -= n;
              };
            }
          }
          const res = await write(t, s, route, args);
          expect(res.status, `${o.kind} ${JSON.stringify(args)}: ${JSON.stringify(res.body)}`).toBe(
            expectOk ? 200 : 400,
          );
          if (expectOk) apply();
        }
        for (const a of accounts)
          expect(t.chain.storage.fungible.balance(collectionId, a.address), a.address).toBe(b(a));
        for (const o of accounts)
          for (const s of accounts)
            if (o !== s)
              expect(t.chain.storage.fungible.allowance(collectionId, o.address, s.address)).toBe(
                allow.get(key(o, s)) ?? 0n,
              );
        expect(t.chain.storage.fungible.totalSupply(collectionId)).toBe(supply);
        checkInvariants(t.chain);
      }),
      { numRuns: 25 },
    );
  });
});
