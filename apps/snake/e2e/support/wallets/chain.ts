import { UniqueChain } from './kit';

/** The token's `TotalScore` and `GamesPlayed` as the devnet holds them, read through the sdk. */
export async function tokenTotals(baseUrl: string, collectionId: number, tokenId: number) {
  const sdk = UniqueChain({ baseUrl });
  const token = (await sdk.token.get({ collectionId, tokenId })) as {
    owner: string;
    properties: { key: string; value: string }[];
  };
  const read = (key: string) => token.properties.find((p) => p.key === key)?.value;
  return { owner: token.owner, totalScore: read('TotalScore'), gamesPlayed: read('GamesPlayed') };
}

/** `{collectionId}/{tokenId}` as the token panel shows it. */
export function parseTokenId(text: string): { collectionId: number; tokenId: number } {
  const match = /^(\d+)\/(\d+)$/.exec(text.trim());
  if (!match) throw new Error(`not a token id: ${text}`);
  return { collectionId: Number(match[1]), tokenId: Number(match[2]) };
}
