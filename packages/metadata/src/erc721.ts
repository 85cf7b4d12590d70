import { type DecodeTokenOptions, decodeOldFamilyToken, planTokenDecoding } from './decodeToken.js';
import { decodeTokenDataText, decodeV2Token } from './decodeV2.js';
import { MetadataDecodingError } from './errors.js';
import type { PropertyInput } from './properties.js';
import type { TokenData } from './schemas/token.js';

/** Fetches a token URI; the global `fetch` fits, as does any function resolving to the body text. */
export type TokenUriFetch = (
  url: string,
) => Promise<string | { ok?: boolean; status?: number; text(): Promise<string> }>;

export type DecodeTokenAsyncOptions = DecodeTokenOptions & {
  /** Used only for ERC721 tokens without tokenData; without it such tokens fail to decode. Nothing else is fetched. */
  fetch?: TokenUriFetch;
};

/** Reads the metadata JSON behind an ERC-721 token URI through the caller's fetch function. */
export const fetchTokenUri = async (uri: string, fetchFn: TokenUriFetch): Promise<string> => {
  try {
    const answer = await fetchFn(uri);
    if (typeof answer === 'string') return answer;
    if (answer.ok === false) throw new Error(`HTTP status ${answer.status ?? 'error'}`);
    return await answer.text();
  } catch (err) {
    throw new MetadataDecodingError(
      'TOKEN_URI_FETCH_FAILED',
      `Unable to fetch token URI ${uri}: ${(err as Error)?.message ?? String(err)}`,
      { cause: err },
    );
  }
};

/**
 * `decodeTokenFromProperties`, plus ERC721 tokens: when a token has a URI (`URI`, or the collection's
 * `baseURI` + `URISuffix`) and no tokenData, its JSON is fetched through `options.fetch`.
 */
export const decodeTokenFromPropertiesAsync = async (
  tokenProperties: readonly PropertyInput[],
  options?: DecodeTokenAsyncOptions,
): Promise<TokenData> => {
  const plan = planTokenDecoding(tokenProperties, options);
  if (plan.kind === 'old') return decodeOldFamilyToken(plan.family, plan.token, plan.properties, options);
  if (plan.family === 'V2' || plan.token.has('tokenData') || !plan.tokenURI || !options?.fetch)
    return decodeV2Token(plan.token);
  const text = await fetchTokenUri(plan.tokenURI, options.fetch);
  return decodeTokenDataText(text, plan.token.hex('royalties'));
};
