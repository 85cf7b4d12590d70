import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { ContractFactory, JsonRpcProvider, NonceManager, Wallet } from 'ethers';
import { decodeFunctionResult, encodeFunctionData, type Hex, keccak256, pad, toHex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ETH_DEV_ACCOUNTS } from '../src/chain/ethDevAccounts.js';
import { stateDigest } from '../src/runtime/digest.js';
import { devnetForFile } from './helpers/devnet.js';
import { devKey, expectRpcRefusal, rpc, rpcOrigin } from './helpers/ethRpc.js';
import { contract } from './helpers/evm.js';

const devnet = devnetForFile();
let origin: string;
beforeAll(async () => {
  origin = rpcOrigin(devnet.url);
});
afterAll(async () => devnet.stop());

const t20 = contract('Token20');
const balanceOfCall = (token: string, who: string) => ({
  to: token,
  data: encodeFunctionData({ abi: t20.abi, functionName: 'balanceOf', args: [who as Hex] }),
});
const decodeBalance = (data: unknown) =>
  decodeFunctionResult({ abi: t20.abi, functionName: 'balanceOf', data: data as Hex }) as bigint;
/** Runtime code that returns 42 (as a 32-byte word), and one that returns the block number. */
const RETURNS_42 = '0x602a60005260206000f3';
const RETURNS_NUMBER = '0x4360005260206000f3';
const EMPTY = '0x1000000000000000000000000000000000000001';

async function deployToken(signer: number): Promise<string> {
  const provider = new JsonRpcProvider(origin, undefined, { staticNetwork: true });
  const token = await new ContractFactory(
    t20.abi as never,
    t20.bytecode,
    new Wallet(devKey(signer), provider),
  ).deploy('R', 1000n);
  await token.waitForDeployment();
  provider.destroy();
  return token.getAddress();
}

const refused = (fn: () => Promise<unknown>, error: { code: number; message: RegExp | string }) =>
  expectRpcRefusal(devnet, fn, error);

describe('eth_call and eth_estimateGas overrides', () => {
  it('a state override is applied (it was silently ignored: 0x where Hardhat answers 42) and leaves nothing', async () => {
    const before = stateDigest(devnet.chain.storage.db);
    const word42 = pad(toHex(42));
    expect(await rpc(origin, 'eth_call', [{ to: EMPTY }, 'latest', { [EMPTY]: { code: RETURNS_42 } }])).toBe(
      word42,
    );
    expect(await rpc(origin, 'eth_call', [{ to: EMPTY }, 'latest'])).toBe('0x');
    expect(await rpc(origin, 'eth_getCode', [EMPTY, 'latest'])).toBe('0x');
    // balance and nonce as the EVM sees them (BALANCE of the caller: `CALLER BALANCE`).
    const balanceCode = '0x333160005260206000f3';
    const rich = '0x2000000000000000000000000000000000000002';
    expect(
      await rpc(origin, 'eth_call', [
        { from: rich, to: EMPTY },
        'latest',
        { [EMPTY]: { code: balanceCode }, [rich]: { balance: '0x1234', nonce: '0x9' } },
      ]),
    ).toBe(pad('0x1234'));
    expect(stateDigest(devnet.chain.storage.db)).toBe(before);
  });

  it('state and stateDiff change a contract storage as geth does', async () => {
    const token = await deployToken(1);
    const holder = ETH_DEV_ACCOUNTS[1]![0];
    // balanceOf is mapping slot 2: keccak(holder ‖ 2).
    const slot = keccak256(
      `0x${holder.slice(2).toLowerCase().padStart(64, '0')}${'2'.padStart(64, '0')}` as Hex,
    );
    const call = balanceOfCall(token, holder);
    expect(decodeBalance(await rpc(origin, 'eth_call', [call, 'latest']))).toBe(1000n);
    const diff = { [token]: { stateDiff: { [slot]: pad(toHex(77)) } } };
    expect(decodeBalance(await rpc(origin, 'eth_call', [call, 'latest', diff]))).toBe(77n);
    // `state` replaces the whole storage: the name (slot 0) is gone with it.
    const nameCall = { to: token, data: encodeFunctionData({ abi: t20.abi, functionName: 'name' }) };
    expect(
      await rpc(origin, 'eth_call', [nameCall, 'latest', { [token]: { state: { [slot]: pad('0x5') } } }]),
    ).toBe(`0x${'20'.padStart(64, '0')}${'0'.repeat(64)}`);
    expect(decodeBalance(await rpc(origin, 'eth_call', [call, 'latest']))).toBe(1000n);
    // The estimate runs over the override too: a transfer of more than the real balance succeeds there.
    const transfer = {
      from: holder,
      to: token,
      data: encodeFunctionData({
        abi: t20.abi,
        functionName: 'transfer',
        args: [ETH_DEV_ACCOUNTS[2]![0] as Hex, 5000n],
      }),
    };
    await expect(rpc(origin, 'eth_estimateGas', [transfer, 'latest'])).rejects.toMatchObject({ code: 3 });
    const gas = BigInt(
      (await rpc(origin, 'eth_estimateGas', [
        transfer,
        'latest',
        { [token]: { stateDiff: { [slot]: pad(toHex(9999)) } } },
      ])) as string,
    );
    expect(gas).toBeGreaterThan(21_000n);
  });

  it('a block override sets the number the EVM sees; fields it cannot model are refused by name', async () => {
    const code = { [EMPTY]: { code: RETURNS_NUMBER } };
    const head = devnet.chain.headNumber;
    expect(BigInt((await rpc(origin, 'eth_call', [{ to: EMPTY }, 'latest', code])) as string)).toBe(
      BigInt(head),
    );
    expect(await rpc(origin, 'eth_call', [{ to: EMPTY }, 'latest', code, { number: '0x1234' }])).toBe(
      pad('0x1234'),
    );
    await refused(() => rpc(origin, 'eth_call', [{ to: EMPTY }, 'latest', code, { coinbase: EMPTY }]), {
      code: -32602,
      message: /^invalid argument 3 \(blockOverride\): coinbase: not supported by the devnet/,
    });
  });

  it('bad overrides are -32602 naming the argument, the account and the field; huge sets are bounded', async () => {
    const call = [{ to: EMPTY }, 'latest'];
    const cases: [unknown, RegExp][] = [
      [
        { [EMPTY]: { balance: '12' } },
        /^invalid argument 2 \(stateOverride\): 0x1000000000000000000000000000000000000001: balance: /,
      ],
      [{ [EMPTY]: { balance: '0xzz' } }, /balance: expected a 0x hex quantity/],
      [{ [EMPTY]: { nonce: `0x${'f'.repeat(17)}` } }, /nonce: exceeds 64 bits/],
      [{ [EMPTY]: { code: '0x123' } }, /code: expected 0x hex data of an even length/],
      [{ [EMPTY]: { state: { '0x01': pad('0x1') } } }, /state: slot 0x01: expected a 32-byte 0x hex key/],
      [
        { [EMPTY]: { stateDiff: { [pad('0x1')]: 5 } } },
        /stateDiff: value of .*: expected a 32-byte 0x hex value/,
      ],
      [{ [EMPTY]: { balanse: '0x1' } }, /balanse: unknown field/],
      [{ '0x12': {} }, /0x12: expected a 20-byte 0x hex address/],
      [{ [EMPTY]: 'x' }, /expected an object of balance, nonce, code, state, stateDiff/],
      [[1], /^invalid argument 2 \(stateOverride\): expected an object/],
      [
        Object.fromEntries(
          Array.from({ length: 1001 }, (_, i) => [`0x${i.toString(16).padStart(40, '0')}`, {}]),
        ),
        /more than 1000 accounts/,
      ],
      [
        {
          [EMPTY]: {
            stateDiff: Object.fromEntries(
              Array.from({ length: 10_001 }, (_, i) => [pad(toHex(i)), pad('0x1')]),
            ),
          },
        },
        /more than 10000 storage slots in all/,
      ],
      [{ '0x17c4e6453cc49aaaaeaca894e6d9683e00000001': { code: RETURNS_42 } }, /native contract/],
    ];
    await refused(() => rpc(origin, 'eth_call', [...call, { [EMPTY]: { state: {}, stateDiff: {} } }]), {
      code: -32000,
      message: `invalid argument 2 (stateOverride): account ${EMPTY} has both 'state' and 'stateDiff'`,
    });
    for (const [override, message] of cases) {
      await refused(() => rpc(origin, 'eth_call', [...call, override]), { code: -32602, message });
      await refused(() => rpc(origin, 'eth_estimateGas', [...call, override]), { code: -32602, message });
    }
  });
});

describe('state at an older block', () => {
  it('balances, nonces, code, storage and eth_call answer as they were at each of the last blocks', async () => {
    // No cache: ethers answers an identical request from the last 250 ms otherwise.
    const provider = new JsonRpcProvider(origin, undefined, { staticNetwork: true, cacheTimeout: -1 });
    const wallet = new NonceManager(new Wallet(devKey(6), provider));
    const me = ETH_DEV_ACCOUNTS[6]![0];
    const to = '0x3000000000000000000000000000000000000003';
    const beforeDeploy = devnet.chain.headNumber;
    const token = await deployToken(6);
    const deployed = devnet.chain.headNumber;
    const seen: { block: number; balance: bigint; nonce: bigint; tokens: bigint }[] = [];
    const tokenAs = new ContractFactory(t20.abi as never, t20.bytecode, wallet).attach(token);
    for (let i = 1n; i <= 4n; i++) {
      await (await wallet.sendTransaction({ to, value: i })).wait();
      await (await tokenAs.getFunction('transfer')(to, i)).wait();
      seen.push({
        block: devnet.chain.headNumber,
        balance: await provider.getBalance(to),
        nonce: BigInt(await provider.getTransactionCount(me)),
        tokens: decodeBalance(await rpc(origin, 'eth_call', [balanceOfCall(token, to), 'latest'])),
      });
    }
    provider.destroy();
    for (const s of seen) {
      const at = `0x${s.block.toString(16)}`;
      expect(BigInt((await rpc(origin, 'eth_getBalance', [to, at])) as string)).toBe(s.balance);
      expect(BigInt((await rpc(origin, 'eth_getTransactionCount', [me, at])) as string)).toBe(s.nonce);
      expect(decodeBalance(await rpc(origin, 'eth_call', [balanceOfCall(token, to), at]))).toBe(s.tokens);
      const hash = devnet.chain.blockHash(s.block)!;
      expect(BigInt((await rpc(origin, 'eth_getBalance', [to, { blockHash: hash }])) as string)).toBe(
        s.balance,
      );
    }
    expect(await rpc(origin, 'eth_getCode', [token, `0x${beforeDeploy.toString(16)}`])).toBe('0x');
    expect(
      ((await rpc(origin, 'eth_getCode', [token, `0x${deployed.toString(16)}`])) as string).length,
    ).toBeGreaterThan(100);
    expect(await rpc(origin, 'eth_getStorageAt', [token, '0x1', `0x${beforeDeploy.toString(16)}`])).toBe(
      pad('0x0'),
    );
    expect(await rpc(origin, 'eth_getStorageAt', [token, '0x1', `0x${deployed.toString(16)}`])).toBe(
      pad(toHex(1000)),
    );
    // An older block's state put back for a read is gone again: the head answers as before.
    expect(BigInt((await rpc(origin, 'eth_getBalance', [to, 'latest'])) as string)).toBe(10n);
  });

  it('a run after a rolled-back simulation reads the head, not the older block or the override it ran over', async () => {
    const token = await deployToken(7);
    const holder = ETH_DEV_ACCOUNTS[7]![0];
    const deployed = `0x${devnet.chain.headNumber.toString(16)}`;
    const provider = new JsonRpcProvider(origin, undefined, { staticNetwork: true });
    const tokenAs = new ContractFactory(
      t20.abi as never,
      t20.bytecode,
      new Wallet(devKey(7), provider),
    ).attach(token);
    await (await tokenAs.getFunction('transfer')(ETH_DEV_ACCOUNTS[8]![0], 300n)).wait();
    provider.destroy();
    // An access list sends the run to the library, whose read cache outlives a run while the database is unchanged.
    const call = { ...balanceOfCall(token, holder), accessList: [{ address: token, storageKeys: [] }] };
    const slot = keccak256(
      `0x${holder.slice(2).toLowerCase().padStart(64, '0')}${'2'.padStart(64, '0')}` as Hex,
    );
    const runs = () => devnet.chain.evm.runs.library;
    const library0 = runs();
    expect(decodeBalance(await rpc(origin, 'eth_call', [call, 'latest']))).toBe(700n);
    // Each simulation writes (the older block's rows put back, the override) and rolls back: no later write moves
    // SQLite's total_changes(), so only the rollback tells the cache that what it read is gone.
    expect(decodeBalance(await rpc(origin, 'eth_call', [call, deployed]))).toBe(1000n);
    expect(decodeBalance(await rpc(origin, 'eth_call', [call, 'latest']))).toBe(700n);
    const diff = { [token]: { stateDiff: { [slot]: pad(toHex(77)) } } };
    expect(decodeBalance(await rpc(origin, 'eth_call', [call, 'latest', diff]))).toBe(77n);
    expect(decodeBalance(await rpc(origin, 'eth_call', [call, 'latest']))).toBe(700n);
    expect(runs() - library0).toBe(5);
  });

  it('the fast interpreter reads the head after simulations, overrides, writes and test helpers (its slots are cached)', async () => {
    const token = await deployToken(9);
    const holder = ETH_DEV_ACCOUNTS[9]![0];
    const deployed = `0x${devnet.chain.headNumber.toString(16)}`;
    // Two sends from one wallet: ethers answers a repeated request from its cache for 250 ms, so the second
    // would reuse the first one's nonce on a fast machine.
    const provider = new JsonRpcProvider(origin, undefined, { staticNetwork: true, cacheTimeout: -1 });
    const tokenAs = new ContractFactory(
      t20.abi as never,
      t20.bytecode,
      new Wallet(devKey(9), provider),
    ).attach(token);
    await (await tokenAs.getFunction('transfer')(ETH_DEV_ACCOUNTS[8]![0], 300n)).wait();
    const call = balanceOfCall(token, holder);
    const slot = keccak256(
      `0x${holder.slice(2).toLowerCase().padStart(64, '0')}${'2'.padStart(64, '0')}` as Hex,
    );
    const balance = async (block: string = 'latest', override?: object) =>
      decodeBalance(await rpc(origin, 'eth_call', override ? [call, block, override] : [call, block]));
    const { fastInterpreter: fast0, library: library0 } = devnet.chain.evm.runs;
    expect(await balance()).toBe(700n);
    expect(await balance()).toBe(700n);
    // Rolled-back simulations: an older block's state, a stateDiff, a whole `state` (every slot cleared).
    expect(await balance(deployed)).toBe(1000n);
    expect(await balance()).toBe(700n);
    expect(await balance('latest', { [token]: { stateDiff: { [slot]: pad(toHex(77)) } } })).toBe(77n);
    expect(await balance()).toBe(700n);
    expect(await balance('latest', { [token]: { state: {} } })).toBe(0n);
    expect(await balance()).toBe(700n);
    // A transfer simulated writes nothing (the interpreter runs it dry): the state and the next read are the head's.
    const digest = stateDigest(devnet.chain.storage.db);
    const transfer = {
      from: holder,
      to: token,
      data: encodeFunctionData({ abi: t20.abi, functionName: 'transfer', args: [EMPTY, 5n] }),
    };
    expect(await rpc(origin, 'eth_call', [transfer, 'latest'])).toBe(pad(toHex(1)));
    expect(await rpc(origin, 'eth_estimateGas', [transfer, 'latest'])).toMatch(/^0x[0-9a-f]+$/);
    expect(stateDigest(devnet.chain.storage.db)).toBe(digest);
    expect(await balance()).toBe(700n);
    // A mined transaction and a test helper write the slot: the next call reads what they wrote; a snapshot's
    // revert puts it back.
    const snapshot = await rpc(origin, 'evm_snapshot');
    await (await tokenAs.getFunction('transfer')(ETH_DEV_ACCOUNTS[8]![0], 50n)).wait();
    provider.destroy();
    expect(await balance()).toBe(650n);
    await rpc(origin, 'hardhat_setStorageAt', [token, slot, pad(toHex(12))]);
    expect(await balance()).toBe(12n);
    expect(await rpc(origin, 'evm_revert', [snapshot])).toBe(true);
    expect(await balance()).toBe(700n);
    // Every run above went to the interpreter (two ran the mined transfer).
    expect(devnet.chain.evm.runs.library).toBe(library0);
    expect(devnet.chain.evm.runs.fastInterpreter - fast0).toBeGreaterThanOrEqual(13);
  });

  it("a block beyond the kept window is refused in geth's words", async () => {
    const first = devnet.chain.headNumber;
    for (let i = 0; i < 258; i++) devnet.chain.produceBlock();
    devnet.chain.commit();
    const head = devnet.chain.headNumber;
    const kept = head - 256;
    await expect(
      rpc(origin, 'eth_getBalance', [ETH_DEV_ACCOUNTS[0]![0], `0x${kept.toString(16)}`]),
    ).resolves.toBeDefined();
    for (const method of ['eth_getBalance', 'eth_getCode', 'eth_getTransactionCount'])
      await refused(() => rpc(origin, method, [ETH_DEV_ACCOUNTS[0]![0], `0x${first.toString(16)}`]), {
        code: -32000,
        message: new RegExp(
          `^historical state ${devnet.chain.blockHash(first)!.slice(2)} is not available: the devnet keeps the state of the last 256 blocks`,
        ),
      });
    await refused(() => rpc(origin, 'eth_call', [{ to: EMPTY }, `0x${first.toString(16)}`]), {
      code: -32000,
      message: /^historical state [0-9a-f]{64} is not available/,
    });
    await refused(
      () => rpc(origin, 'eth_getBalance', [ETH_DEV_ACCOUNTS[0]![0], `0x${(head + 1).toString(16)}`]),
      {
        code: -32000,
        message: 'header not found',
      },
    );
  });
});

describe('the missing reads', () => {
  it('receipts of a block, transactions by block and index, counts by hash', async () => {
    const from = ETH_DEV_ACCOUNTS[0]![0];
    const hash = (await rpc(origin, 'eth_sendTransaction', [{ from, to: from, value: '0x1' }])) as string;
    const receipt = (await rpc(origin, 'eth_getTransactionReceipt', [hash])) as {
      blockNumber: string;
      blockHash: string;
    };
    expect(await rpc(origin, 'eth_getBlockReceipts', [receipt.blockNumber])).toEqual([receipt]);
    expect(await rpc(origin, 'eth_getBlockReceipts', [{ blockHash: receipt.blockHash }])).toEqual([receipt]);
    expect(await rpc(origin, 'eth_getBlockReceipts', ['0xffffff'])).toBeNull();
    const tx = await rpc(origin, 'eth_getTransactionByHash', [hash]);
    expect(
      await rpc(origin, 'eth_getTransactionByBlockNumberAndIndex', [receipt.blockNumber, '0x0']),
    ).toEqual(tx);
    expect(await rpc(origin, 'eth_getTransactionByBlockHashAndIndex', [receipt.blockHash, '0x0'])).toEqual(
      tx,
    );
    expect(await rpc(origin, 'eth_getTransactionByBlockHashAndIndex', [receipt.blockHash, '0x1'])).toBeNull();
    expect(await rpc(origin, 'eth_getBlockTransactionCountByHash', [receipt.blockHash])).toBe('0x1');
    expect(await rpc(origin, 'eth_getBlockTransactionCountByHash', [`0x${'ab'.repeat(32)}`])).toBeNull();
    await expect(
      rpc(origin, 'eth_getTransactionByBlockHashAndIndex', [receipt.blockHash, 'x']),
    ).rejects.toMatchObject({
      code: -32602,
      message: /^invalid argument 1 \(index\)/,
    });
  });

  it('uncles: none in a block the chain has, null for one it has not (as geth and anvil)', async () => {
    const head = (await rpc(origin, 'eth_getBlockByNumber', ['latest', false])) as { hash: string };
    const unknown = `0x${'ab'.repeat(32)}`;
    expect(await rpc(origin, 'eth_getUncleCountByBlockNumber', ['latest'])).toBe('0x0');
    expect(await rpc(origin, 'eth_getUncleCountByBlockNumber', ['0xffffff'])).toBeNull();
    expect(await rpc(origin, 'eth_getUncleCountByBlockHash', [head.hash])).toBe('0x0');
    expect(await rpc(origin, 'eth_getUncleCountByBlockHash', [unknown])).toBeNull();
    expect(await rpc(origin, 'eth_getUncleByBlockNumberAndIndex', ['latest', '0x0'])).toBeNull();
    expect(await rpc(origin, 'eth_getUncleByBlockHashAndIndex', [head.hash, '0x0'])).toBeNull();
    await expect(rpc(origin, 'eth_getUncleCountByBlockHash', ['latest'])).rejects.toMatchObject({
      code: -32602,
      message: /^invalid argument 0 \(hash\)/,
    });
  });

  it('eth_getLogs with two block numbers the wrong way round is geth’s refusal; tags are no match', async () => {
    await rpc(origin, 'evm_mine');
    await rpc(origin, 'evm_mine');
    const head = Number(await rpc(origin, 'eth_blockNumber'));
    await expect(
      rpc(origin, 'eth_getLogs', [{ fromBlock: `0x${head.toString(16)}`, toBlock: '0x1' }]),
    ).rejects.toMatchObject({
      code: -32000,
      message: 'invalid block range params',
    });
    expect(
      await rpc(origin, 'eth_getLogs', [{ fromBlock: `0x${(head + 5).toString(16)}`, toBlock: 'latest' }]),
    ).toEqual([]);
    expect(await rpc(origin, 'eth_getLogs', [{ fromBlock: 'latest', toBlock: '0x1' }])).toEqual([]);
  });

  it('txpool_status and txpool_content: ready transactions are pending, one behind a nonce gap is queued', async () => {
    const from = ETH_DEV_ACCOUNTS[8]![0];
    const nonce = Number(await rpc(origin, 'eth_getTransactionCount', [from, 'pending']));
    expect(await rpc(origin, 'txpool_status')).toEqual({ pending: '0x0', queued: '0x0' });
    const gapped = (await rpc(origin, 'eth_sendTransaction', [
      { from, to: from, nonce: `0x${(nonce + 1).toString(16)}`, gas: '0x5208' },
    ])) as string;
    expect(await rpc(origin, 'txpool_status')).toEqual({ pending: '0x0', queued: '0x1' });
    const content = (await rpc(origin, 'txpool_content')) as {
      queued: Record<string, Record<string, { hash: string; blockHash: null }>>;
    };
    expect(content.queued[from]?.[String(nonce + 1)]).toMatchObject({
      hash: gapped,
      blockHash: null,
      blockNumber: null,
    });
    // Filling the gap includes both (instant blocks).
    await rpc(origin, 'eth_sendTransaction', [{ from, to: from }]);
    expect(await rpc(origin, 'txpool_status')).toEqual({ pending: '0x0', queued: '0x0' });
    expect(await rpc(origin, 'eth_getTransactionReceipt', [gapped])).toMatchObject({ status: '0x1' });
  });

  it('eth_call straight to a precompile answers what Ethereum answers', async () => {
    const data = toHex(new TextEncoder().encode('abc'));
    expect(
      await rpc(origin, 'eth_call', [{ to: '0x0000000000000000000000000000000000000002', data }, 'latest']),
    ).toBe(`0x${bytesToHex(sha256(new TextEncoder().encode('abc')))}`);
    // identity (0x04) echoes its input.
    expect(
      await rpc(origin, 'eth_call', [
        { to: '0x0000000000000000000000000000000000000004', data: '0xc0ffee' },
        'latest',
      ]),
    ).toBe('0xc0ffee');
    // ecrecover (0x01) of a signature made by dev account 0.
    const key = new Wallet(devKey(0));
    const digest = keccak256('0x1234');
    const sig = key.signingKey.sign(digest);
    const input = `${digest}${pad(toHex(sig.v)).slice(2)}${sig.r.slice(2)}${sig.s.slice(2)}`;
    expect(
      await rpc(origin, 'eth_call', [
        { to: '0x0000000000000000000000000000000000000001', data: input },
        'latest',
      ]),
    ).toBe(pad(key.address.toLowerCase() as Hex));
  });

  it('eth_getProof is refused with why, never answered with a made-up proof', async () => {
    await refused(() => rpc(origin, 'eth_getProof', [ETH_DEV_ACCOUNTS[0]![0], [], 'latest']), {
      code: -32004,
      message:
        /^eth_getProof is not supported by the devnet: its state is not kept in a Merkle-Patricia trie/,
    });
    await refused(() => rpc(origin, 'eth_getProof', ['0x12', [], 'latest']), {
      code: -32602,
      message: /address/,
    });
  });
});
