import { AddressSchema } from '@nftkit/api';
import { parseCoins } from '@nftkit/primitives';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Chain } from '../../chain/chain.js';
import { FAUCET_DEFAULT, FAUCET_MAX } from '../../chain/config.js';
import { CHAIN } from '../../runtime/identity.js';
import { balanceView } from '../../views/balance.js';
import { badRequest, forbidden } from '../errors.js';
import { toAccountId } from '../extrinsics/helpers.js';
import { parseWith } from './validate.js';

const FaucetSchema = z.object({
  address: AddressSchema,
  /** Coins (decimal, e.g. "100" or "0.5"); default 1000. */
  amount: z.union([z.string(), z.number()]).optional(),
});

/** Devnet-only routes: the faucet and chain info. */
export function registerDevnetRoutes(
  app: FastifyInstance,
  chain: Chain,
  basePath: string,
  faucet: boolean,
): void {
  app.post(`${basePath}/devnet/faucet`, async (request) => {
    if (!faucet) throw forbidden('The faucet is disabled on this devnet (started with --no-faucet)');
    const body = parseWith(FaucetSchema, request.body);
    let amount = FAUCET_DEFAULT;
    if (body.amount !== undefined) {
      try {
        amount = parseCoins(String(body.amount), CHAIN.decimals);
      } catch (e) {
        throw badRequest(`Validation Error: amount: ${(e as Error).message}`);
      }
      if (amount <= 0n || amount > FAUCET_MAX)
        throw badRequest(
          `Validation Error: amount: must be more than 0 and at most ${FAUCET_MAX / 10n ** 18n} coins`,
        );
    }
    const address = toAccountId(body.address);
    chain.faucet(address, amount);
    return { address, amount: String(amount), balance: balanceView(chain.storage, address) };
  });

  app.get(`${basePath}/devnet/info`, async () => ({
    chain: CHAIN.name,
    symbol: CHAIN.symbol,
    decimals: CHAIN.decimals,
    ss58Format: CHAIN.ss58Format,
    genesisHash: chain.genesisHash,
    head: { number: chain.headNumber, hash: chain.headHash },
    instant: chain.instant,
    blockTimeMs: chain.blockTimeMs,
    finalityDepth: chain.finalityDepth,
    faucet,
    evmRuns: chain.evm.runs,
  }));
}
