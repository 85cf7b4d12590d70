import type { QueryRoute } from '@nftkit/api';
import type { z } from 'zod/mini';
import { type QueryOptions, query } from '../actions/query.js';
import type { Client } from './createClient.js';

/** `{}`-accepting inputs make the argument optional, as in the real client. */
export type ParamsArg<P> = Record<never, never> extends P ? [params?: P] : [params: P];

/** A query method: `fn(params, { signal }?)` → the answer body; `route`, `schemaIn` and `schemaOut` attached. */
export type QueryFn<R extends QueryRoute> = ((
  ...args: [...ParamsArg<z.input<R['input']>>, options?: QueryOptions]
) => Promise<z.output<R['output']>>) & {
  route: string;
  schemaIn: R['input'];
  schemaOut: R['output'];
};

/** Attaches a query route to a client as a method. */
export function makeQueryFn<R extends QueryRoute>(client: Client, route: R): QueryFn<R> {
  const fn = ((params?: z.input<R['input']>, options?: QueryOptions) =>
    query(client, route, params as z.input<R['input']>, options)) as unknown as QueryFn<R>;
  fn.route = route.path;
  fn.schemaIn = route.input;
  fn.schemaOut = route.output;
  return fn;
}
