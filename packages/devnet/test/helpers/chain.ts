import { expect } from 'vitest';
import { Chain, type ChainOptions } from '../../src/chain/chain.js';
import { type TxRefusalCode, TxRefusedError } from '../../src/chain/errors.js';
import type { ExtrinsicRecord } from '../../src/chain/extrinsicStore.js';
import { openDb } from '../../src/database.js';
import { indexChain } from '../../src/indexer/writer.js';
import { encodeCall } from '../../src/runtime/runtime.js';
import { STATE_TABLES } from '../../src/runtime/schema.js';
import type { AccountInfo } from '../../src/runtime/system/storage.js';
import { TREASURY_ADDRESS } from '../../src/runtime/treasury.js';
import { signHex, type TestAccount } from './accounts.js';
import { chainSnapshot, tableDigests } from './snapshot.js';

export function makeChain(options: Partial<ChainOptions> = {}): Chain {
  return new Chain({ index: indexChain, db: openDb({ path: ':memory:' }), instant: true, ...options });
}

export type SignOptions = { nonce?: number; mortalLength?: number };

/** Builds, signs and submits a call the way a wallet would; returns the hash. */
export async function submit(
  chain: Chain,
  who: TestAccount,
  section: string,
  method: string,
  args: Record<string, unknown>,
  options: SignOptions = {},
): Promise<string> {
  const call = encodeCall(section, method, args);
  const built = chain.build(call, { signerAddress: who.address, ...options });
  const signature = await signHex(who, built.signerPayloadHex);
  return chain.submit(built.signerPayloadJSON, signature);
}

/** Submits in instant mode and returns the included record. */
export async function run(
  chain: Chain,
  who: TestAccount,
  section: string,
  method: string,
  args: Record<string, unknown>,
): Promise<ExtrinsicRecord> {
  const hash = await submit(chain, who, section, method, args);
  const rec = chain.history.get(hash);
  if (!rec) throw new Error(`extrinsic ${hash} not included`);
  return rec;
}

export async function ok(...a: Parameters<typeof run>): Promise<ExtrinsicRecord> {
  const rec = await run(...a);
  if (!rec.success) throw new Error(`expected success, got ${rec.error?.section}.${rec.error?.name}`);
  return rec;
}

/**
 * Runs a call that must fail in dispatch with `section.name`, and asserts that the failure did what a failed
 * extrinsic does and nothing more: its payer (the signer, or a sponsor) paid exactly the fee and the treasury got it,
 * the signer's nonce moved on by one, its events are the fee's and `ExtrinsicFailed` only, and every other account and
 * every other state table is as it was.
 */
export async function expectDispatchError(
  chain: Chain,
  who: TestAccount,
  section: string,
  method: string,
  args: Record<string, unknown>,
  error: string,
): Promise<ExtrinsicRecord> {
  const accountsBefore = accounts(chain);
  const tablesBefore = stateTablesBesideAccounts(chain);
  const rec = await run(chain, who, section, method, args);
  expect(rec.success).toBe(false);
  expect(`${rec.error?.section}.${rec.error?.name}`).toBe(error);
  const fee = BigInt(rec.fee);
  const payer = rec.events[0]?.data.who ?? '';
  expect(rec.events).toEqual([
    { section: 'balances', method: 'Withdraw', data: { who: payer, amount: String(fee) } },
    { section: 'balances', method: 'Deposit', data: { who: TREASURY_ADDRESS, amount: String(fee) } },
    { section: 'treasury', method: 'Deposit', data: { value: String(fee) } },
    expect.objectContaining({ section: 'system', method: 'ExtrinsicFailed' }),
  ]);
  const expected = new Map(accountsBefore);
  const change = (address: string, f: (a: AccountInfo) => AccountInfo) =>
    expected.set(address, f(expected.get(address) ?? NO_ACCOUNT));
  change(payer, (a) => ({ ...a, free: a.free - fee }));
  change(TREASURY_ADDRESS, (a) => ({ ...a, free: a.free + fee }));
  change(who.address, (a) => ({ ...a, nonce: a.nonce + 1 }));
  expect(accounts(chain)).toEqual(expected);
  // A sponsored call also counts against its sponsor's rate limit, whatever the call did.
  const tablesAfter = stateTablesBesideAccounts(chain);
  if (payer !== who.address) {
    delete tablesAfter['main.sponsor_baskets'];
    delete tablesBefore['main.sponsor_baskets'];
  }
  expect(tablesAfter).toEqual(tablesBefore);
  return rec;
}

/** An account without a row: what `system.account` answers for it. */
const NO_ACCOUNT: AccountInfo = { nonce: 0, free: 0n, reserved: 0n, frozen: 0n };

function accounts(chain: Chain): Map<string, AccountInfo> {
  return new Map(chain.storage.system.allAccounts().map(({ address, ...info }) => [address, info]));
}

function stateTablesBesideAccounts(chain: Chain): Record<string, string> {
  const all = tableDigests(chain.storage.db);
  return Object.fromEntries(
    STATE_TABLES.filter((t) => t !== 'accounts').map((t) => [`main.${t}`, all[`main.${t}`] ?? '']),
  );
}

/** A refusal as a test expects it: a `TxRefusedError` by code, or another error class (an Ethereum refusal). */
export type ExpectedRefusal =
  | { code: TxRefusalCode; message?: string | RegExp; status?: number }
  | { error: abstract new (...args: never[]) => Error; message: string | RegExp };

const CHAIN_ANNOUNCEMENTS = ['block', 'dropped', 'stateChanged'] as const;

/**
 * Runs `action`, which the chain must refuse before inclusion, and asserts both halves of a refusal: it threw the
 * error expected (class, code, message and status as given; a string message is compared whole) and nothing at all
 * changed: every table (state, blocks, extrinsics, events, the indexer's rows), the head, the pool, and no block,
 * drop or state change was announced. An action that succeeds, or fails otherwise, fails the test.
 */
export async function expectNoop(
  chain: Chain,
  action: () => unknown,
  expected: ExpectedRefusal,
): Promise<Error> {
  // Blocks produced before the action are committed and announced first, so what follows is the action's alone.
  await chain.whenCommitted();
  const before = chainSnapshot(chain);
  const announced: string[] = [];
  const listeners = CHAIN_ANNOUNCEMENTS.map((name) => [name, () => announced.push(name)] as const);
  for (const [name, listener] of listeners) chain.on(name, listener);
  let outcome: { threw: true; error: unknown } | { threw: false; value: unknown };
  try {
    try {
      outcome = { threw: false, value: await action() };
    } catch (error) {
      outcome = { threw: true, error };
    }
    await chain.whenCommitted();
  } finally {
    for (const [name, listener] of listeners) chain.off(name, listener);
  }
  if (!outcome.threw) expect.fail(`expected a refusal, the chain accepted it (${String(outcome.value)})`);
  const error = outcome.error;
  if ('code' in expected) {
    expect(error).toBeInstanceOf(TxRefusedError);
    const refused = error as TxRefusedError;
    expect(refused.code, refused.message).toBe(expected.code);
    if (expected.status !== undefined) expect(refused.status).toBe(expected.status);
  } else {
    expect(error).toBeInstanceOf(expected.error);
  }
  if (expected.message !== undefined) {
    const message = (error as Error).message;
    if (typeof expected.message === 'string') expect(message).toBe(expected.message);
    else expect(message).toMatch(expected.message);
  }
  expect(chainSnapshot(chain)).toEqual(before);
  expect(announced).toEqual([]);
  return error as Error;
}
