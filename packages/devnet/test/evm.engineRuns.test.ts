import { encodeDeployData, encodeFunctionData, type Hex } from 'viem';
import { expect, it } from 'vitest';
import type { Chain } from '../src/chain/chain.js';
import { ETH_DEV_ACCOUNTS } from '../src/chain/ethDevAccounts.js';
import type { DispatchContext } from '../src/runtime/context.js';
import { EvmEngine } from '../src/runtime/evm/engine/engine.js';
import { alice } from './helpers/accounts.js';
import { makeChain } from './helpers/chain.js';
import { contract } from './helpers/evm.js';
import { get, makeApp } from './helpers/http.js';

// The engine counts which side ran each call or create, and /devnet/info gives the chain's counts: the JSON-RPC
// bench reads them to say when its figures were not the fast interpreter's.

const [deployer, holder] = ETH_DEV_ACCOUNTS.map(([address]) => address as Hex);
const t20 = contract('Token20');

function deployToken(chain: Chain, engine: EvmEngine): { ctx: DispatchContext; token: Hex } {
  const ctx: DispatchContext = {
    storage: chain.storage,
    origin: alice.address,
    blockNumber: 1,
    timestamp: 1_700_000_000_000,
    events: [],
    evm: engine,
  };
  const created = engine.create(
    ctx,
    deployer!,
    encodeDeployData({ abi: t20.abi, bytecode: t20.bytecode, args: ['Runs', 10n ** 24n] }),
    0n,
    5_000_000n,
  );
  if (!created.ok) throw new Error('deploy failed');
  return { ctx, token: created.address as Hex };
}

const transfer = encodeFunctionData({ abi: t20.abi, functionName: 'transfer', args: [holder!, 5n] });
const balanceOf = encodeFunctionData({ abi: t20.abi, functionName: 'balanceOf', args: [holder!] });

it('counts a create and a call with value for the library, calls that stay in their contract for the interpreter', () => {
  const chain = makeChain();
  const engine = chain.evm;
  expect(engine.runs).toEqual({ fastInterpreter: 0, library: 0 });
  const { ctx, token } = deployToken(chain, engine);
  expect(engine.runs).toEqual({ fastInterpreter: 0, library: 1 });
  const call = (data: Hex, value = 0n) =>
    engine.call(ctx, { caller: deployer!, to: token, data, value, isStatic: false }, 1_000_000n);
  expect(call(transfer).ok).toBe(true);
  expect(call(balanceOf).ok).toBe(true);
  expect(engine.runs).toEqual({ fastInterpreter: 2, library: 1 });
  // Token20 is not payable: the library runs it and it reverts; it still counts.
  expect(call(transfer, 1n).ok).toBe(false);
  expect(engine.runs).toEqual({ fastInterpreter: 2, library: 2 });
  // The answer is a copy: changing it changes nothing.
  const runs = engine.runs;
  runs.library = 100;
  expect(engine.runs.library).toBe(2);
});

it('counts every run for the library on an engine without the fast interpreter', () => {
  const chain = makeChain();
  const engine = new EvmEngine({ fastInterpreter: false });
  const { ctx, token } = deployToken(chain, engine);
  engine.call(ctx, { caller: deployer!, to: token, data: balanceOf, value: 0n, isStatic: false }, 1_000_000n);
  expect(engine.runs).toEqual({ fastInterpreter: 0, library: 2 });
});

it("gives the chain's counts in /devnet/info, eth_call included", async () => {
  const t = await makeApp();
  try {
    const { token } = deployToken(t.chain, t.chain.evm);
    const info = async () => (await get(t, '/devnet/info')).body as { evmRuns: unknown };
    expect((await info()).evmRuns).toEqual({ fastInterpreter: 0, library: 1 });
    const res = await t.app.inject({
      method: 'POST',
      url: '/',
      payload: {
        jsonrpc: '2.0',
        id: 1,
        method: 'eth_call',
        params: [{ to: token, data: balanceOf }, 'latest'],
      },
    });
    expect(res.json()).toMatchObject({ result: expect.stringMatching(/^0x[0-9a-f]{64}$/) });
    expect((await info()).evmRuns).toEqual({ fastInterpreter: 1, library: 1 });
  } finally {
    await t.close();
  }
});
