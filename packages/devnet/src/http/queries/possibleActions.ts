import { isNestingAddress, nestingAddressFromIds } from '@nftkit/primitives';
import type { Chain } from '../../chain/chain.js';
import type { DispatchContext } from '../../runtime/context.js';
import { writeTokenProperties } from '../../runtime/nonfungible/properties.js';
import { writeRftProperties } from '../../runtime/refungible/token.js';
import { topmostOwnerOf } from '../../runtime/structure/nesting.js';
import { burn as doBurn, transfer as doTransfer } from '../../runtime/unique/modes.js';
import { rolledBack } from '../../storage/savepoint.js';

/** Runs `fn` against the live state inside a savepoint that is always rolled back: would the call succeed? */
function dryRun(chain: Chain, origin: string, fn: (ctx: DispatchContext) => void): boolean {
  const next = {
    blockNumber: chain.headNumber + 1,
    timestamp: chain.clock.nextBlockTimestamp(chain.headTimestamp),
  };
  return rolledBack(chain.storage.db, () => {
    try {
      fn({ storage: chain.storage, origin, ...next, events: [], evm: chain.evm });
      return true;
    } catch {
      return false;
    }
  });
}

/**
 * `/token/possible-actions`: each action is answered by dry-running the runtime's own check on the current state,
 * so the answer can never disagree with what the chain would do. Transfers and burns go through the unique pallet's
 * mode dispatch, so refungible pieces (the sender's own) and fungible amounts are answered too.
 */
export function possibleActions(
  chain: Chain,
  q: {
    sender: string;
    collectionId: number;
    tokenId: number;
    transferTo?: string | undefined;
    nestTo?: { collectionId: number; tokenId: number } | undefined;
    amount: number;
  },
) {
  const { sender, collectionId, tokenId } = q;
  const amount = BigInt(q.amount);
  const token = chain.storage.nonfungible.token(collectionId, tokenId);
  const owner = token?.owner ?? sender;
  const nested = token !== undefined && isNestingAddress(token.owner);
  const burn = dryRun(chain, sender, (ctx) =>
    owner === sender
      ? doBurn(ctx, collectionId, tokenId, sender, amount)
      : doBurn(ctx, collectionId, tokenId, owner, amount, sender),
  );
  const transferTo = q.transferTo ?? sender;
  const transfer = dryRun(chain, sender, (ctx) =>
    owner === sender
      ? doTransfer(ctx, collectionId, tokenId, sender, transferTo, amount)
      : doTransfer(ctx, collectionId, tokenId, owner, transferTo, amount, sender),
  );
  const nest =
    q.nestTo !== undefined &&
    dryRun(chain, sender, (ctx) => {
      const to = nestingAddressFromIds(q.nestTo!.collectionId, q.nestTo!.tokenId);
      if (owner === sender) doTransfer(ctx, collectionId, tokenId, sender, to, amount);
      else doTransfer(ctx, collectionId, tokenId, owner, to, amount, sender);
    });
  const unnest =
    nested &&
    dryRun(chain, sender, (ctx) => {
      doTransfer(ctx, collectionId, tokenId, owner, topmostOwnerOf(ctx.storage, owner), amount, sender);
    });
  const collection = chain.storage.common.collection(collectionId);
  // A refungible token (its pieces are the sender's own) keeps its properties in its own pallet.
  const rft = collection?.mode === 'ReFungible';
  const exists = rft
    ? chain.storage.refungible.token(collectionId, tokenId) !== undefined
    : token !== undefined;
  const changeProperties =
    collection && exists
      ? chain.storage.common
          .propertyPermissions(collectionId)
          .map((p) => p.key)
          .filter((key) =>
            dryRun(chain, sender, (ctx) => {
              const pallet = rft ? ctx.storage.refungible : ctx.storage.nonfungible;
              const change = {
                key,
                value: pallet.properties.get(collectionId, tokenId, key)?.value ?? new Uint8Array(),
              };
              if (rft) writeRftProperties(ctx, collection, tokenId, [change]);
              else writeTokenProperties(ctx, collection, tokenId, [change]);
            }),
          )
      : [];
  return { burn, nest, unnest, transfer, changeProperties };
}
