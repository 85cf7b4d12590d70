import type { UniqueChain } from '@nftkit/sdk';
import type { TokenTotals } from '@nftkit/snake-protocol';
import { SnakeHttpError } from '../errors.js';
import { type AppliedGames, addGame, checkGame, EMPTY_APPLIED } from '../games/appliedGames.js';
import { normalizeKey, sameAccount } from './addressKey.js';
import { mintProperties, recordProperties, type TokenRecord } from './tokenRecord.js';
import { type Call, chainError, type Op, type RecordOp, refusal } from './writerOps.js';

type Chain = ReturnType<typeof UniqueChain>;

export interface PlanContext {
  readonly chain: Chain;
  readonly collectionId: number;
  /** The token as the chain will hold it when the batch is sent (null: no such token). */
  current(tokenId: number): Promise<TokenRecord | null>;
  /** The player's token as the chain holds it now (asked for games started without one), or null. */
  tokenOf(address: string): Promise<TokenRecord | null>;
  /** Why `count` new tokens may not be minted now (the day's budget, the operator's floor), or null. */
  mintPause(count: number): string | null;
  /** A write of the batch landed: the token now holds `record`. */
  wrote(tokenId: number, record: TokenRecord): void;
  /** A mint of the batch landed. */
  minted(count: number): void;
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
  const byToken = new Map<number, RecordOp[]>();
  const add = (tokenId: number, op: RecordOp) => {
    const group = byToken.get(tokenId);
    if (group) group.push(op);
    else byToken.set(tokenId, [op]);
  };
  // Games started without a token go on the token the player holds now; those who still hold none get one minted.
  const unbound = new Map<string, RecordOp[]>();
  for (const op of ops) {
    if (op.ticket.tokenId !== 0) add(op.ticket.tokenId, op);
    else {
      const key = normalizeKey(op.ticket.address);
      unbound.set(key, [...(unbound.get(key) ?? []), op]);
    }
  }
  const toMint: RecordOp[][] = [];
  await Promise.all(
    [...unbound.values()].map(async (group) => {
      try {
        const token = await ctx.tokenOf(group[0]?.ticket.address ?? '');
        if (token) for (const op of group) add(token.totals.tokenId, op);
        else toMint.push(group);
      } catch (error) {
        for (const op of group)
          answers.push(() => op.reject(chainError('the tokens of address could not be read', error)));
      }
    }),
  );
  const planned = await Promise.all([
    Promise.resolve(mintCall(ctx, toMint, answers)),
    ...[...byToken].map(([tokenId, group]) => recordCall(ctx, tokenId, group, answers)),
  ]);
  return { calls: planned.filter((call): call is Call => call !== null), answers };
}

/** One mint for every player whose first game this is: the token carries the game from the start. */
function mintCall(ctx: PlanContext, players: readonly RecordOp[][], answers: (() => void)[]): Call | null {
  const minting: { first: RecordOp; again: RecordOp[]; properties: ReturnType<typeof mintProperties> }[] = [];
  for (const group of players) {
    const [first, ...rest] = group;
    if (!first) continue;
    const pause = ctx.mintPause(minting.length + 1);
    if (pause) {
      for (const op of group)
        answers.push(() =>
          op.reject(new SnakeHttpError('SnakeMintsPaused', `no token was minted: ${pause}`)),
        );
      continue;
    }
    // One game at a time: of the player's games sent together, the first is recorded; the same game sent twice
    // answers once it landed; the others overlapped it (the token does not exist yet to say so later).
    const again = rest.filter((op) => op.ticket.key === first.ticket.key);
    for (const op of rest)
      if (op.ticket.key !== first.ticket.key) answers.push(() => op.reject(refusal(op, 'forfeited')));
    const applied = addGame(EMPTY_APPLIED, first.ticket, first.game.endedAt);
    const properties = mintProperties(first.game.score, 1, applied, first.game.best());
    minting.push({ first, again, properties });
  }
  if (minting.length === 0) return null;
  return {
    ops: minting.flatMap((m) => [m.first, ...m.again]),
    mints: true,
    encode: () =>
      ctx.chain.token.mintNFTs.encode({
        collectionId: ctx.collectionId,
        tokens: minting.map((m) => ({ owner: m.first.ticket.address, properties: m.properties })),
      }),
    landed: () => {
      ctx.minted(minting.length);
      for (const m of minting) {
        m.first.resolve({ status: 'applied', totals: null });
        for (const op of m.again) op.resolve({ status: 'already', totals: null });
      }
    },
    failed: (error: unknown) => {
      for (const m of minting) for (const op of [m.first, ...m.again]) op.reject(error);
    },
  };
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
  let applied: AppliedGames = current.applied;
  let { bestScore } = current;
  let bestGame: string | null = null;
  const applying: RecordOp[] = [];
  const duplicates: RecordOp[] = [];
  for (const op of group) {
    if (!sameAccount(before.owner, op.ticket.address)) {
      answers.push(() => op.reject(refusal(op, 'owner')));
      continue;
    }
    const check = checkGame(applied, op.ticket);
    if (check === 'too-old' || check === 'forfeited') {
      answers.push(() => op.reject(refusal(op, check)));
    } else if (check === 'applied') {
      // Sent twice in one batch: the second answers once the first has landed.
      if (applying.some((a) => a.ticket.key === op.ticket.key)) duplicates.push(op);
      else answers.push(() => op.resolve({ status: 'already', totals: before }));
    } else {
      applying.push(op);
      totalScore += op.game.score;
      gamesPlayed += 1;
      applied = addGame(applied, op.ticket, op.game.endedAt);
      if (bestScore === null || op.game.score > bestScore) {
        // A best game too long for the token leaves the best that fits.
        const encoded = op.game.best();
        if (encoded !== null) {
          bestGame = encoded;
          bestScore = op.game.score;
        }
      }
    }
  }
  if (applying.length === 0) return null;
  const totals: TokenTotals = { ...before, totalScore, gamesPlayed };
  const record: TokenRecord = { totals, applied, bestScore };
  const properties = recordProperties(totalScore, gamesPlayed, applied, bestGame);
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
