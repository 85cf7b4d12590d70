import { expect } from 'vitest';
import { Chain, type ChainOptions } from '../../src/chain/chain.js';
import type { ExtrinsicRecord } from '../../src/chain/extrinsicStore.js';
import { openDb } from '../../src/database.js';
import { stateDigest } from '../../src/runtime/digest.js';
import { encodeCall } from '../../src/runtime/runtime.js';
import { signHex, type TestAccount } from './accounts.js';

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
 * Runs a call that must fail in dispatch with `section.name`, and asserts the call changed nothing but the
 * fee payment and the nonce (compared on a state digest taken with the signer's account data restored).
 */
export async function expectDispatchError(
  chain: Chain,
  who: TestAccount,
  section: string,
  method: string,
  args: Record<string, unknown>,
  error: string,
): Promise<ExtrinsicRecord> {
  const before = digestWithoutFees(chain, who.address);
  const rec = await run(chain, who, section, method, args);
  expect(rec.success).toBe(false);
  expect(`${rec.error?.section}.${rec.error?.name}`).toBe(error);
  expect(rec.events.filter((e) => e.section === 'common')).toEqual([]);
  expect(digestWithoutFees(chain, who.address)).toBe(before);
  return rec;
}

function digestWithoutFees(chain: Chain, signer: string): string {
  const db = chain.storage.db;
  const sp = 'digest_probe';
  db.exec(`SAVEPOINT ${sp}`);
  try {
    db.prepare('DELETE FROM accounts WHERE address = ? OR address = ?').run(signer, treasury());
    return stateDigest(db);
  } finally {
    db.exec(`ROLLBACK TO ${sp}`);
    db.exec(`RELEASE ${sp}`);
  }
}

import { indexChain } from '../../src/indexer/writer.js';
import { TREASURY_ADDRESS } from '../../src/runtime/treasury.js';

const treasury = () => TREASURY_ADDRESS;

/** A refused transaction changes nothing at all. */
export async function expectNoop(chain: Chain, action: () => Promise<unknown>): Promise<unknown> {
  const before = stateDigest(chain.storage.db);
  const head = chain.headNumber;
  let error: unknown;
  try {
    await action();
  } catch (e) {
    error = e;
  }
  expect(stateDigest(chain.storage.db)).toBe(before);
  expect(chain.headNumber === head || chain.instant).toBe(true);
  return error;
}
