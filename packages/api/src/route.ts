import type { z } from 'zod/mini';

/** A read: `GET path?query` (or `POST path` with the input as the JSON body). */
export type QueryRoute<I extends z.ZodMiniType = z.ZodMiniType, O extends z.ZodMiniType = z.ZodMiniType> = {
  kind: 'query';
  method: 'GET' | 'POST';
  /** Relative to the base URL; `:name` segments are filled from the input of the same name. */
  path: string;
  input: I;
  output: O;
};

/**
 * A write at `path` = R: `POST R/build`, `POST R/fee`, `POST R/encode`, `GET R/status/:hash`, plus the shared
 * `POST /extrinsics/submit`. `input` is the `args` object, `output` the `result` of the status answer.
 */
export type ExtrinsicRoute<
  I extends z.ZodMiniType = z.ZodMiniType,
  O extends z.ZodMiniType = z.ZodMiniType,
> = {
  kind: 'extrinsic';
  path: string;
  input: I;
  output: O;
  /**
   * The event the `result` is read from (`section.Method`, rest-api.md §5; the pairing is inferred there from names
   * and imports). A status answer whose extrinsic lacks it is a 503 `The extrinsic … has no <event> event`.
   */
  resultEvent?: string;
};

export type Route = QueryRoute | ExtrinsicRoute;

export type RouteInput<R extends Route> = z.input<R['input']>;
export type RouteParsedInput<R extends Route> = z.output<R['input']>;
export type RouteOutput<R extends Route> = z.output<R['output']>;

type QueryDefinition<I extends z.ZodMiniType, O extends z.ZodMiniType> = {
  method?: 'GET' | 'POST';
  path: string;
  input: I;
  output: O;
};

/** Declares a query route; `method` defaults to GET, as it does on the real API. */
export function queryRoute<I extends z.ZodMiniType, O extends z.ZodMiniType>(
  definition: QueryDefinition<I, O>,
): QueryRoute<I, O> {
  return {
    kind: 'query',
    method: definition.method ?? 'GET',
    path: definition.path,
    input: definition.input,
    output: definition.output,
  };
}

/** Declares an extrinsic route at R = `path`. */
export function extrinsicRoute<I extends z.ZodMiniType, O extends z.ZodMiniType>(definition: {
  path: string;
  input: I;
  output: O;
  resultEvent?: string;
}): ExtrinsicRoute<I, O> {
  const route: ExtrinsicRoute<I, O> = {
    kind: 'extrinsic',
    path: definition.path,
    input: definition.input,
    output: definition.output,
  };
  if (definition.resultEvent !== undefined) route.resultEvent = definition.resultEvent;
  return route;
}

/** The sub-paths every extrinsic route R expands to. */
export const EXTRINSIC_ACTIONS = ['build', 'fee', 'encode', 'status'] as const;
export type ExtrinsicAction = (typeof EXTRINSIC_ACTIONS)[number];

/** The shared submit route, not under any R. */
export const SUBMIT_PATH = '/extrinsics/submit';

/**
 * Long-poll status: `GET R/status/:hash?waitMs=N` lets the server hold the request up to N ms (capped at
 * {@link MAX_STATUS_WAIT_MS}) until the extrinsic is in a block. See the package README.
 */
export const STATUS_WAIT_QUERY = 'waitMs';
/** Sent (value `1`) on every status answer by a server that supports {@link STATUS_WAIT_QUERY}. */
export const LONG_POLL_HEADER = 'x-nftkit-long-poll';
export const MAX_STATUS_WAIT_MS = 30_000;
