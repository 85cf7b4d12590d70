/**
 * A query the indexer cannot answer because of its input: a 400 (a bad filter) or a 404 (no such item). The faces
 * answer it with its status and message (`{error}`), like any other client error.
 */
export class QueryError extends Error {
  constructor(
    readonly statusCode: 400 | 404,
    message: string,
  ) {
    super(message);
    this.name = 'QueryError';
  }
}

export const badQuery = (message: string) => new QueryError(400, message);
export const notFound = (message: string) => new QueryError(404, message);
