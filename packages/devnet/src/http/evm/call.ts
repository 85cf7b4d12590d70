import { isEthereumAddress, isSubstrateAddress, ZERO_ETHEREUM_ADDRESS } from '@nftkit/primitives';
import { type Abi, decodeAbiParameters } from 'viem';
import type { Chain } from '../../chain/chain.js';
import { SimulationAbortedError } from '../../chain/simulationTurns.js';
import { EvmUnavailableError } from '../../runtime/evm/engine/engine.js';
import { checksum, ethMirror } from '../../runtime/evm/memo.js';
import { MAX_GAS_LIMIT } from '../../runtime/evm/pallet.js';
import { simulateMessage } from '../../runtime/evm/simulate.js';
import { badRequest, HttpError } from '../errors.js';
import { encodeCall, toJson } from './abiArgs.js';

export type EvmCallInput = {
  functionName: string;
  functionArgs: unknown[];
  senderAddress?: string | undefined;
  gasLimit?: string | undefined;
  value?: string | undefined;
};

/** `senderAddress` as the caller: an Ethereum address, a substrate address's mirror, or the zero address. */
function callerOf(sender: string | undefined): string {
  if (sender === undefined) return ZERO_ETHEREUM_ADDRESS;
  if (isEthereumAddress(sender)) return checksum(sender);
  if (isSubstrateAddress(sender)) return ethMirror(sender);
  throw badRequest('Validation Error: senderAddress: expected an Ethereum or substrate address');
}

/**
 * The answer as a JSON body whatever its type: a bare string would otherwise go out as text/plain, and a client
 * would read `"1000"` as the number 1000.
 */
const jsonBody = (value: unknown) => ({ toJSON: () => value });

/**
 * `eth_call` through REST: the message runs at the head and its writes are thrown away (runtime/evm/simulate.ts),
 * in its turn among the node's simulations and under their deadline, as JSON-RPC's `eth_call` (one stopped there is a
 * 503 with geth's words). A revert is a 400 with its reason; the answer is the decoded return value (one output
 * alone, several as an array).
 */
export async function evmCall(chain: Chain, abi: Abi, address: string, q: EvmCallInput): Promise<unknown> {
  const { fn, data } = encodeCall(abi, q.functionName, q.functionArgs);
  const asked = q.gasLimit === undefined ? MAX_GAS_LIMIT : BigInt(q.gasLimit);
  const gasLimit = asked > MAX_GAS_LIMIT ? MAX_GAS_LIMIT : asked;
  const caller = callerOf(q.senderAddress);
  const msg = { caller, to: checksum(address), data, value: BigInt(q.value ?? 0), isStatic: false };
  let outcome: ReturnType<typeof simulateMessage>;
  try {
    outcome = await chain.simulations.run((deadline) =>
      simulateMessage(
        chain.storage,
        chain.evm,
        deadline === undefined ? chain.headBlock : { ...chain.headBlock, deadline },
        msg,
        gasLimit,
      ),
    );
  } catch (e) {
    if (e instanceof EvmUnavailableError || e instanceof SimulationAbortedError)
      throw new HttpError(503, e.message);
    throw e;
  }
  if (!outcome.ok) throw badRequest(`Execution reverted: ${outcome.reason}`, { data: outcome.returnData });
  if (fn.outputs.length === 0) return jsonBody(null);
  try {
    const values = decodeAbiParameters(fn.outputs, outcome.returnData);
    return jsonBody(toJson(values.length === 1 ? values[0] : values));
  } catch (e) {
    throw badRequest(`Cannot decode the result of ${fn.name}: ${(e as Error).message.split('\n')[0]}`);
  }
}
