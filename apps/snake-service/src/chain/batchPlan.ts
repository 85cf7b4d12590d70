import { sameAddress } from '@nftkit/primitives';
import type { UniqueChain } from '@nftkit/sdk';
import type { TokenTotals } from '@nftkit/snake-protocol';
import { type AppliedGames, addGame, checkGame, EMPTY_APPLIED } from '../games/appliedGames.js';
import { mintProperties, recordProperties, type TokenRecord } from './tokenRecord.js';
import { type Call, chainError, type MintOp, type Op, type RecordOp, refusal } from './writerOps.js';

type Chain = ReturnType<typeof UniqueChain>;

export interface PlanContext {
  readonly chain: Chain;
  readonly collectionId: number;
  /** The token as the chain will hold it when the batch is sent (null: no such token). */
  current(tokenId: number): Promise<TokenRecord | null>;
  /** A write of the batch landed: the token now holds `record`. */
  wrote(tokenId: number, record: TokenRecord): void;
}

/**
 * The calls of a batch, and the answers its plan gives without a write (already applied, refused, unreadable).
 * The answers are handed back rather than given: they hold only if the state the plan read holds, which for a batch
 * planned while the previous one is in flight is known only once that one has landed (writer.ts).
 */
export interface Plan {
  readonly calls: Call[];
  readonly answers: (() => void)[];
}

export async function planBatch(ctx: PlanContext, ops: readonly Op[]): Promise<Plan> {
  const answers: (() => void)[] = [];
  const mints = ops.filter((op): op is MintOp => op.kind === 'mint');
  const byToken = new Map<number, RecordOp[]>();
  for (const op of ops)
    if (op.kind === 'record') {
      const group = byToken.get(op.ticket.tokenId);
      if (group) group.push(op);
      else byToken.set(op.ticket.tokenId, [op]);
    }
  const planned = await Promise.all([
    mintCall(ctx, mints, answers),
    ...[...byToken].map(([tokenId, group]) => recordCall(ctx, tokenId, group, answers)),
  ]);
  return { calls: planned.filter((call): call is Call => call !== null), answers };
}

async function mintCall(ctx: PlanContext, mints: readonly MintOp[], answers: (() => void)[]) {
  const needed: MintOp[] = [];
  await Promise.all(
    mints.map(async (m) => {
      try {
        if (await m.needed()) needed.push(m);
        else answers.push(() => m.resolve(false));
      } catch (error) {
        answers.push(() => m.reject(chainError('the tokens of address could not be read', error)));
      }
    }),
  );
  if (needed.length === 0) return null;
  // One token per address; the sign-ins of one address minted together are all recorded on it.
  const tokens: { owner: string; applied: AppliedGames }[] = [];
  for (const m of needed) {
    let token = tokens.find((t) => sameAddress(t.owner, m.address));
    if (!token) {
      token = { owner: m.address, applied: EMPTY_APPLIED };
      tokens.push(token);
    }
    if (m.spent) token.applied = addGame(token.applied, m.spent);
  }
  return {
    ops: needed,
    encode: () =>
      ctx.chain.token.mintNFTs.encode({
        collectionId: ctx.collectionId,
        tokens: tokens.map(({ owner, applied }) => ({ owner, properties: mintProperties(applied) })),
      }),
    landed: () => {
      for (const m of needed) m.resolve(true);
    },
    failed: (error: unknown) => {
      for (const m of needed) m.reject(error);
    },
  } satisfies Call;
}

/** The merged write of one token's results, or null when none of them changes the token. */
async function recordCall(
  ctx: PlanContext,
  tokenId: number,
  group: readonly RecordOp[],
  answers: (() => void)[],
): Promise<Call | null> {
  let current: TokenRecord | null;
  try {
    current = await ctx.current(tokenId);
  } catch (error) {
    for (const op of group)
      answers.push(() => op.reject(chainError(`token ${tokenId} could not be read`, error)));
    return null;
  }
  if (!current) {
    for (const op of group) answers.push(() => op.reject(refusal(op, 'gone')));
    return null;
  }
  const before = current.totals;
  let { totalScore, gamesPlayed } = before;
  let applied = current.applied ?? EMPTY_APPLIED;
  const applying: RecordOp[] = [];
  const duplicates: RecordOp[] = [];
  for (const op of group) {
    if (!sameAddress(before.owner, op.ticket.address)) {
      answers.push(() => op.reject(refusal(op, 'owner')));
      continue;
    }
    const check = checkGame(applied, op.ticket);
    if (check === 'too-old') {
      answers.push(() => op.reject(refusal(op, 'too-old')));
    } else if (check === 'applied') {
      // Sent twice in one batch: the second answers once the first has landed.
      if (applying.some((a) => a.ticket.key === op.ticket.key)) duplicates.push(op);
      else answers.push(() => op.resolve({ status: 'already', totals: before }));
    } else {
      applying.push(op);
      if (op.game) {
        totalScore += op.game.score;
        gamesPlayed += 1;
      }
      applied = addGame(applied, op.ticket);
    }
  }
  if (applying.length === 0) return null;
  const totals: TokenTotals = { ...before, totalScore, gamesPlayed };
  const record: TokenRecord = { totals, applied };
  const properties = recordProperties(totalScore, gamesPlayed, applied);
  return {
    ops: [...applying, ...duplicates],
    writes: { tokenId, record },
    encode: () =>
      ctx.chain.token.setProperties.encode({ collectionId: ctx.collectionId, tokenId, properties }),
    landed: () => {
      // The batch landed whole at our nonce: what it wrote is what the chain holds, so no re-read.
      ctx.wrote(tokenId, record);
      for (const op of applying) op.resolve({ status: 'applied', totals });
      for (const op of duplicates) op.resolve({ status: 'already', totals });
    },
    failed: (error) => {
      for (const op of [...applying, ...duplicates]) op.reject(error);
    },
  };
}
