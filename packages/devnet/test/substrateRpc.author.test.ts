import { ethereumToSubstrateMirror } from '@nftkit/primitives';
import { ApiPromise, HttpProvider, Keyring } from '@polkadot/api';
import type { SubmittableExtrinsic } from '@polkadot/api/types';
import type { KeyringPair } from '@polkadot/keyring/types';
import { compactFromU8a, u8aToHex } from '@polkadot/util';
import { cryptoWaitReady } from '@polkadot/util-crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ETH_DEV_ACCOUNTS } from '../src/chain/ethDevAccounts.js';
import { MAX_RPC_BODY } from '../src/ethRpc/route.js';
import { CHAIN } from '../src/runtime/identity.js';
import { type Devnet, startDevnet } from '../src/server.js';
import { devnetForFile, TIMED_BLOCKS } from './helpers/devnet.js';
import { chainSnapshot } from './helpers/snapshot.js';
import { connectApi, nodeAnswer } from './helpers/substrate.js';

// A @polkadot/api script written for Opal, pointed at the devnet: sign, submit, watch, read back — and the refusals a
// Substrate node gives, each leaving the chain as it was.

type Num = { toBigInt(): bigint; toNumber(): number };
type AccountInfo = { nonce: Num; data: { free: Num } };
type Tx = SubmittableExtrinsic<'promise'>;

let keyring: Keyring;
let alice: KeyringPair;
let bob: KeyringPair;

beforeAll(async () => {
  await cryptoWaitReady();
  keyring = new Keyring({ type: 'sr25519', ss58Format: CHAIN.ss58Format });
  alice = keyring.addFromUri('//Alice');
  bob = keyring.addFromUri('//Bob');
});

const transferKeepAlive = (api: ApiPromise, to: string, value: bigint | number): Tx =>
  api.tx.balances!.transferKeepAlive!(to, value) as Tx;
const account = async (api: ApiPromise, who: string) =>
  (await api.query.system!.account!(who)) as unknown as AccountInfo;

describe('signAndSend over WebSocket, on a chain with block times', () => {
  const devnet = devnetForFile(TIMED_BLOCKS);
  let origin: string;
  let api: ApiPromise;
  beforeAll(async () => {
    origin = new URL(devnet.url).origin;
    api = await connectApi(origin);
  });
  afterAll(async () => {
    await api.disconnect();
  });

  it('transferKeepAlive with a mortal era goes Ready → InBlock → Finalized with its events, read back every way', async () => {
    const ethAddress = ETH_DEV_ACCOUNTS[5]![0];
    // The Ethereum face shows an Ethereum address's coins, which its substrate mirror holds.
    const dest = ethereumToSubstrateMirror(ethAddress);
    const value = 1_234_567_890_000n;
    const before = {
      alice: (await account(api, alice.address)).data.free.toBigInt(),
      dest: (await account(api, dest)).data.free.toBigInt(),
      eth: BigInt((await nodeAnswer(origin, 'eth_getBalance', [ethAddress, 'latest'])).result as string),
    };
    const tx = transferKeepAlive(api, dest, value);
    // What polkadot-js estimates (TransactionPaymentApi_query_info over state_call) is what the chain charges.
    const estimate = await tx.paymentInfo(alice);
    const statuses: string[] = [];
    const done = new Promise<{
      events: { event: { section: string; method: string; data: unknown[] } }[];
      blockHash: string;
    }>((resolve, reject) => {
      void tx
        .signAndSend(alice, (result) => {
          statuses.push(result.status.type);
          if (result.dispatchError) reject(new Error(result.dispatchError.toString()));
          if (result.status.isFinalized)
            resolve({
              events: result.events as never,
              blockHash: result.status.asFinalized.toHex(),
            });
        })
        .catch(reject);
    });
    const { events, blockHash } = await done;
    expect(tx.era.isMortalEra).toBe(true);
    expect(statuses).toEqual(['Ready', 'InBlock', 'Finalized']);
    const names = events.map((e) => `${e.event.section}.${e.event.method}`);
    expect(names).toContain('balances.Transfer');
    expect(names.at(-1)).toBe('system.ExtrinsicSuccess');
    const transfer = events.find((e) => e.event.method === 'Transfer')!.event.data.map(String);
    expect(transfer).toEqual([alice.address, dest, String(value)]);
    // The chain has the extrinsic at that block, by the hash polkadot-js computed.
    const rec = devnet.chain.history.get(tx.hash.toHex())!;
    expect(rec.blockHash).toBe(blockHash);
    expect(rec.success).toBe(true);
    const fee = BigInt(rec.fee);
    expect(estimate.partialFee.toBigInt()).toBe(fee);
    const withdraw = events.find((e) => e.event.section === 'balances' && e.event.method === 'Withdraw')!;
    expect(BigInt(String(withdraw.event.data[1]))).toBe(fee);

    // Read back: @polkadot/api, the REST API and the Ethereum face show one chain.
    const after = await account(api, alice.address);
    expect(after.data.free.toBigInt()).toBe(before.alice - value - fee);
    expect((await account(api, dest)).data.free.toBigInt()).toBe(before.dest + value);
    const rest = (await (await fetch(`${devnet.url}/balances/get?address=${dest}`)).json()) as {
      free: string;
    };
    expect(BigInt(rest.free)).toBe(before.dest + value);
    const restAlice = (await (await fetch(`${devnet.url}/balances/get?address=${alice.address}`)).json()) as {
      free: string;
    };
    expect(BigInt(restAlice.free)).toBe(after.data.free.toBigInt());
    const eth = BigInt((await nodeAnswer(origin, 'eth_getBalance', [ethAddress, 'latest'])).result as string);
    expect(eth).toBe(before.eth + value);
  });

  it('answers author_pendingExtrinsics with the pooled bytes, and counts them in system_accountNextIndex', async () => {
    const nonce = (await account(api, bob.address)).nonce.toNumber();
    // Two transactions from one account in one block interval: the second nonce comes from the pool.
    const first = await transferKeepAlive(api, alice.address, 1).signAsync(bob, { nonce });
    const second = await transferKeepAlive(api, alice.address, 2).signAsync(bob, { nonce: nonce + 1 });
    const pending = new Set<string>();
    await api.rpc.author.submitExtrinsic(first);
    // The pool may already have been emptied into a block: either way the next index counts both.
    for (const x of (await api.rpc.author.pendingExtrinsics()) as unknown as Tx[]) pending.add(x.toHex());
    if (pending.size > 0) expect(pending).toContain(first.toHex());
    await api.rpc.author.submitExtrinsic(second);
    const next = await api.rpc.system.accountNextIndex(bob.address);
    expect(next.toNumber()).toBe(nonce + 2);
    const rec = await devnet.chain.waitForExtrinsic(second.hash.toHex(), 60_000);
    expect(rec?.success).toBe(true);
  });
});

describe('submitting over HTTP', () => {
  it('author_submitExtrinsic answers the hash and the extrinsic is included', async () => {
    const devnet = await startDevnet({ port: 0, dbPath: ':memory:', instant: true, logLevel: 'silent' });
    const origin = new URL(devnet.url).origin;
    const api = await ApiPromise.create({ provider: new HttpProvider(`${origin}/`), noInitWarn: true });
    try {
      const tx = await transferKeepAlive(api, bob.address, 99).signAsync(alice);
      const hash = await api.rpc.author.submitExtrinsic(tx);
      expect(hash.toHex()).toBe(tx.hash.toHex());
      const rec = await devnet.chain.waitForExtrinsic(hash.toHex(), 60_000);
      expect(rec?.success).toBe(true);
      // A watch needs a connection to notify on.
      const watched = await nodeAnswer(origin, 'author_submitAndWatchExtrinsic', [
        (await transferKeepAlive(api, bob.address, 98).signAsync(alice)).toHex(),
      ]);
      expect(watched.error?.message).toMatch(/WebSocket/);
      expect(devnet.chain.pool.size).toBe(0);
    } finally {
      await api.disconnect();
      await devnet.stop();
    }
  });
});

describe('runtime APIs through state_call, and the payment RPC', () => {
  let devnet: Devnet;
  let origin: string;
  let api: ApiPromise;
  beforeAll(async () => {
    devnet = await startDevnet({ port: 0, dbPath: ':memory:', instant: true, logLevel: 'silent' });
    origin = new URL(devnet.url).origin;
    api = await ApiPromise.create({ provider: new HttpProvider(`${origin}/`), noInitWarn: true });
  });
  afterAll(async () => {
    await api.disconnect();
    await devnet.stop();
  });

  type Call = Record<
    string,
    Record<string, (...a: unknown[]) => Promise<{ toJSON(): unknown; toBigInt?(): bigint }>>
  >;
  const call = () => api.call as unknown as Call;

  it('Core_version, Metadata_metadata_versions and _at_version answer what the RPC does', async () => {
    const version = (await call().core!.version!()).toJSON() as Record<string, unknown>;
    expect(version.specVersion).toBe(CHAIN.specVersion);
    expect(version.transactionVersion).toBe(CHAIN.transactionVersion);
    expect(version.apis).toEqual(api.runtimeVersion.apis.toJSON());
    expect((await call().metadata!.metadataVersions!()).toJSON()).toEqual([14]);
    const at14 = await nodeAnswer(origin, 'state_call', ['Metadata_metadata_at_version', '0x0e000000']);
    const metadata = (await nodeAnswer(origin, 'state_getMetadata', [])).result as string;
    // Option::Some ‖ compact length ‖ the metadata.
    expect((at14.result as string).endsWith(metadata.slice(2))).toBe(true);
    expect((at14.result as string).slice(0, 4)).toBe('0x01');
    expect(
      (await nodeAnswer(origin, 'state_call', ['Metadata_metadata_at_version', '0x0f000000'])).result,
    ).toBe('0x00');
  });

  it('AccountNonceApi_account_nonce answers the account nonce', async () => {
    await api.rpc.author.submitExtrinsic(await transferKeepAlive(api, bob.address, 1).signAsync(alice));
    const nonce = (await call().accountNonceApi!.accountNonce!(alice.address)).toJSON();
    expect(nonce).toBe((await account(api, alice.address)).nonce.toNumber());
    expect(nonce).toBeGreaterThan(0);
  });

  it('query_info, query_fee_details and payment_queryInfo give the fee the chain then charges', async () => {
    const tx = await transferKeepAlive(api, bob.address, 10n ** 15n).signAsync(alice);
    const info = (await call().transactionPaymentApi!.queryInfo!(tx, tx.encodedLength)).toJSON() as {
      partialFee: number | string;
      weight: { refTime: number };
    };
    const details = (await call().transactionPaymentApi!.queryFeeDetails!(tx, tx.encodedLength)).toJSON() as {
      inclusionFee: { baseFee: string; lenFee: string; adjustedWeightFee: string };
    };
    const rpcInfo = (await nodeAnswer(origin, 'payment_queryInfo', [tx.toHex()])).result as {
      partialFee: string;
    };
    const decoded = await api.rpc.payment.queryInfo(tx.toHex());
    await api.rpc.author.submitExtrinsic(tx);
    const rec = (await devnet.chain.waitForExtrinsic(tx.hash.toHex(), 60_000))!;
    const fee = BigInt(rec.fee);
    expect(BigInt(info.partialFee)).toBe(fee);
    expect(BigInt(rpcInfo.partialFee)).toBe(fee);
    expect(decoded.partialFee.toBigInt()).toBe(fee);
    const i = details.inclusionFee;
    expect(BigInt(i.baseFee) + BigInt(i.lenFee) + BigInt(i.adjustedWeightFee)).toBe(fee);
    expect(BigInt(info.weight.refTime)).toBeGreaterThan(0n);
  });

  it('a watch in instant mode, where the block comes before the answer: ready, inBlock, finalized, in order', async () => {
    const tx = await transferKeepAlive(api, bob.address, 3).signAsync(alice);
    const sock = new WebSocket(`${origin.replace(/^http/, 'ws')}/`);
    await new Promise((r) => sock.once('open', r));
    const messages: { id?: number; result?: unknown; params?: { subscription: string; result: unknown } }[] =
      [];
    sock.on('message', (data) => messages.push(JSON.parse(String(data))));
    sock.send(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'author_submitAndWatchExtrinsic',
        params: [tx.toHex()],
      }),
    );
    const deadline = Date.now() + 60_000;
    while (!messages.some((m) => JSON.stringify(m.params?.result ?? '').includes('finalized'))) {
      if (Date.now() > deadline) throw new Error(`no finalized status: ${JSON.stringify(messages)}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    sock.close();
    const [answer, ...updates] = messages;
    expect(answer!.id).toBe(1);
    const rec = devnet.chain.history.get(tx.hash.toHex())!;
    expect(updates.map((u) => u.params!.result)).toEqual([
      'ready',
      { inBlock: rec.blockHash },
      { finalized: rec.blockHash },
    ]);
    expect(updates.every((u) => u.params!.subscription === answer!.result)).toBe(true);
  });

  it('refuses an API it does not have as a node does, and malformed input', async () => {
    const unknown = await nodeAnswer(origin, 'state_call', ['NoSuchApi_nothing', '0x']);
    expect(unknown.error?.code).toBe(4003);
    expect(unknown.error?.message).toMatch(/Exported method NoSuchApi_nothing is not found/);
    const short = await nodeAnswer(origin, 'state_call', ['AccountNonceApi_account_nonce', '0x1234']);
    expect(short.error?.code).toBe(4003);
    expect(short.error?.message).toMatch(/Bad input data/);
    const trailing = await nodeAnswer(origin, 'state_call', ['Core_version', '0x00']);
    expect(trailing.error?.code).toBe(4003);
    const notHex = await nodeAnswer(origin, 'state_call', ['Core_version', 'zz']);
    expect(notHex.error?.code).toBe(-32602);
    const badXt = await nodeAnswer(origin, 'payment_queryInfo', ['0x0c840000']);
    expect(badXt.error?.code).toBe(4003);
  });
});

describe('refusals, as a Substrate node answers them, each leaving the chain as it was', () => {
  let devnet: Devnet;
  let origin: string;
  let api: ApiPromise;
  beforeAll(async () => {
    // Blocks only when the test makes them, so nothing moves between a refusal and the check that it left no trace.
    devnet = await startDevnet({
      port: 0,
      dbPath: ':memory:',
      blockTimeMs: 3_600_000,
      finalityDepth: 0,
      logLevel: 'silent',
    });
    origin = new URL(devnet.url).origin;
    api = await ApiPromise.create({ provider: new HttpProvider(`${origin}/`), noInitWarn: true });
  });
  afterAll(async () => {
    await api.disconnect();
    await devnet.stop();
  });

  const block = () => {
    devnet.chain.produceBlock();
    devnet.chain.commit();
  };

  /** Submits `hex` and expects the node's error; the chain's tables, head and pool are as before. */
  async function refused(
    hex: string,
    code: number,
    data: RegExp | string | undefined,
    method = 'author_submitExtrinsic',
  ) {
    const before = chainSnapshot(devnet.chain);
    const answer = await nodeAnswer(origin, method, [hex]);
    expect(answer.error, JSON.stringify(answer)).toBeDefined();
    expect(answer.error!.code).toBe(code);
    if (data !== undefined) expect(`${answer.error!.message}: ${String(answer.error!.data)}`).toMatch(data);
    expect(chainSnapshot(devnet.chain)).toEqual(before);
    return answer.error!;
  }

  it('bad params: -32602', async () => {
    for (const bad of ['nothex', '0x123', 12, null]) {
      const before = chainSnapshot(devnet.chain);
      const answer = await nodeAnswer(origin, 'author_submitExtrinsic', [bad]);
      expect(answer.error?.code).toBe(-32602);
      expect(chainSnapshot(devnet.chain)).toEqual(before);
    }
  });

  it('truncated or malformed SCALE, unknown pallet or call, unsigned, another address: 1001/1002/1011', async () => {
    const good = await transferKeepAlive(api, bob.address, 5).signAsync(alice);
    const bytes = good.toU8a();
    const hex = u8aToHex(bytes);
    // The outer Vec<u8> says more bytes than follow.
    await refused(hex.slice(0, -2), 1001, /invalid format/);
    // A well-formed Vec<u8> whose content stops short.
    await refused(u8aToHex(Uint8Array.of(2 << 2, 0x84, 0x00)), 1002, /Verification Error/);
    // The call's pallet and call indices (after length 2, version, 0x00 + 32-byte id, 0x01 + 64-byte signature, era 2, nonce, tip).
    const callAt = bytes.length - good.method.toU8a().length;
    const withCall = (pallet: number, call: number) => {
      const b = bytes.slice();
      b[callAt] = pallet;
      b[callAt + 1] = call;
      return u8aToHex(b);
    };
    await refused(withCall(0xfe, 3), 1002, /Verification Error/);
    await refused(withCall(30, 0xfe), 1002, /Verification Error/);
    // The call's arguments cut short (the length prefix still right).
    const short = bytes.slice(0, -1);
    short[0]! -= 4;
    await refused(u8aToHex(short), 1002, /Verification Error/);
    // An unsigned extrinsic: no unsigned validator.
    const call = good.method.toU8a();
    const unsigned = Uint8Array.of((call.length + 1) << 2, 0x04, ...call);
    await refused(u8aToHex(unsigned), 1011, /unsigned validator/);
    // A signer given as MultiAddress::Address32 rather than ::Id: nothing to look it up with.
    const address32 = bytes.slice();
    address32[compactFromU8a(bytes)[0] + 1] = 3;
    await refused(u8aToHex(address32), 1011, /lookup/);
  });

  it('a bad signature, an expired era, another genesis, spec or transaction version: 1010 bad signature', async () => {
    const good = await transferKeepAlive(api, bob.address, 5).signAsync(alice);
    const bytes = good.toU8a();
    const flipped = bytes.slice();
    flipped[40]! ^= 1;
    await refused(u8aToHex(flipped), 1010, 'Invalid Transaction: Transaction has a bad signature');

    const header = await api.rpc.chain.getHeader();
    const shortEra = await transferKeepAlive(api, bob.address, 5).signAsync(alice, {
      era: api.createType('ExtrinsicEra', { current: header.number.toNumber(), period: 4 }),
      blockHash: header.hash,
    });
    for (let i = 0; i < 5; i++) block();
    await refused(shortEra.toHex(), 1010, 'Invalid Transaction: Transaction has a bad signature');

    const wrongGenesis = await transferKeepAlive(api, bob.address, 5).signAsync(alice, {
      genesisHash: api.createType('Hash', `0x${'11'.repeat(32)}`),
      era: 0,
    } as never);
    await refused(wrongGenesis.toHex(), 1010, 'Invalid Transaction: Transaction has a bad signature');
    for (const version of [
      { specVersion: CHAIN.specVersion + 1, transactionVersion: CHAIN.transactionVersion },
      { specVersion: CHAIN.specVersion, transactionVersion: CHAIN.transactionVersion + 1 },
    ]) {
      // polkadot-js signs with the connected runtime's versions: a payload with others is made and signed by hand.
      const tx = transferKeepAlive(api, bob.address, 5);
      const nonce = (await account(api, alice.address)).nonce.toNumber();
      const payload = api.registry.createType('SignerPayload', {
        address: alice.address,
        blockHash: api.genesisHash,
        genesisHash: api.genesisHash,
        era: api.registry.createType('ExtrinsicEra'),
        method: tx.method.toHex(),
        nonce,
        tip: 0,
        signedExtensions: api.registry.signedExtensions,
        version: 4,
        ...version,
      });
      const { signature } = api.registry
        .createType('ExtrinsicPayload', payload.toPayload(), { version: 4 })
        .sign(alice);
      tx.addSignature(alice.address, signature, payload.toPayload());
      await refused(tx.toHex(), 1010, 'Invalid Transaction: Transaction has a bad signature');
    }
    // The same extrinsic as signed: taken.
    const taken = await nodeAnswer(origin, 'author_submitExtrinsic', [good.toHex()]);
    expect(taken.result).toBe(good.hash.toHex());
    block();
  });

  it('a stale nonce, a duplicate, a fee the signer cannot pay, an ed25519 signature: 1010/1013', async () => {
    const nonce = (await account(api, alice.address)).nonce.toNumber();
    expect(nonce).toBeGreaterThan(0);
    const stale = await transferKeepAlive(api, bob.address, 7).signAsync(alice, { nonce: nonce - 1 });
    await refused(stale.toHex(), 1010, 'Invalid Transaction: Transaction is outdated');

    const fresh = await transferKeepAlive(api, bob.address, 7).signAsync(alice, { nonce });
    expect((await nodeAnswer(origin, 'author_submitExtrinsic', [fresh.toHex()])).result).toBe(
      fresh.hash.toHex(),
    );
    await refused(fresh.toHex(), 1013, /Already Imported/);
    block();

    const pauper = keyring.addFromUri('//NobodyFundedThis');
    const poor = await transferKeepAlive(api, bob.address, 1).signAsync(pauper);
    await refused(poor.toHex(), 1010, /Inability to pay some fees/);

    const ed = new Keyring({ type: 'ed25519' }).addFromUri('//Alice');
    const edTx = await transferKeepAlive(api, bob.address, 1).signAsync(ed);
    await refused(edTx.toHex(), 1010, /sr25519 signatures only/);
  });

  it('an oversized body is refused before it is read (HTTP 413), over a WebSocket the connection is closed', async () => {
    const before = chainSnapshot(devnet.chain);
    const big = `0x${'00'.repeat(MAX_RPC_BODY / 2 + 16)}`;
    const res = await fetch(`${origin}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'author_submitExtrinsic', params: [big] }),
    });
    expect(res.status).toBe(413);
    const sock = new WebSocket(`${origin.replace(/^http/, 'ws')}/`);
    await new Promise((r) => sock.once('open', r));
    const closed = new Promise((r) => sock.once('close', r));
    sock.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'author_submitExtrinsic', params: [big] }));
    await closed;
    expect(chainSnapshot(devnet.chain)).toEqual(before);
    // The node still answers.
    expect((await nodeAnswer(origin, 'system_chain', [])).result).toBe(CHAIN.name);
  });
});
