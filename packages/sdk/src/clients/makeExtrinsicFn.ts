import type { BuildAnswer, EncodeAnswer, ExtrinsicRoute, FeeAnswer, SignerPayloadJSON } from '@nftkit/api';
import type { z } from 'zod/mini';
import type { Account, UnsignedPayload } from '../accounts/types.js';
import type { BuildOptionsInput } from '../actions/buildExtrinsic.js';
import { buildExtrinsic } from '../actions/buildExtrinsic.js';
import { encodeExtrinsic } from '../actions/encodeExtrinsic.js';
import { getExtrinsicFee } from '../actions/getExtrinsicFee.js';
import { type GetExtrinsicStatusReturnType, getExtrinsicStatus } from '../actions/getExtrinsicStatus.js';
import { signExtrinsic } from '../actions/signExtrinsic.js';
import { submitExtrinsic } from '../actions/submitExtrinsic.js';
import { writeExtrinsic } from '../actions/writeExtrinsic.js';
import type { Client, StatusOptions } from './createClient.js';

/** `(params, buildOptions?, account?, statusOptions?)`, params optional when `{}` is valid input. */
export type WriteArgs<P> =
  Record<never, never> extends P
    ? [params?: P, buildOptions?: BuildOptionsInput, account?: Account, statusOptions?: StatusOptions]
    : [params: P, buildOptions?: BuildOptionsInput, account?: Account, statusOptions?: StatusOptions];

export type SignalOption = { signal?: AbortSignal };

/**
 * A write method: calling it runs build → sign → submit → status and resolves to `{ result, extrinsicOutput }`.
 * The steps are attached for callers who sign elsewhere or batch: `.build`, `.fee`, `.encode`, `.sign`, `.submit`,
 * `.getStatus`, plus `.route`, `.schemaIn`, `.schemaOut` (the real client's surface). `build` and `fee` take the
 * same arguments as the call (the 4th one's `signal` aborts them).
 */
export type ExtrinsicFn<R extends ExtrinsicRoute, P = z.input<R['input']>> = ((
  ...args: WriteArgs<P>
) => Promise<GetExtrinsicStatusReturnType<z.output<R['output']>>>) & {
  route: string;
  schemaIn: R['input'];
  schemaOut: R['output'];
  buildAndSubmit(...args: WriteArgs<P>): Promise<GetExtrinsicStatusReturnType<z.output<R['output']>>>;
  build(...args: WriteArgs<P>): Promise<BuildAnswer>;
  fee(...args: WriteArgs<P>): Promise<FeeAnswer>;
  encode(params: P, options?: SignalOption): Promise<EncodeAnswer>;
  sign(payload: UnsignedPayload, account?: Account, options?: SignalOption): Promise<string>;
  submit(
    payload: UnsignedPayload | SignerPayloadJSON,
    signature: string,
    options?: SignalOption,
  ): Promise<string>;
  getStatus(
    route: string,
    hash: string,
    options?: StatusOptions,
  ): Promise<GetExtrinsicStatusReturnType<z.output<R['output']>>>;
};

/** Turns caller params into the route's input before validation (batchAll's array of promises → `{ calls }`). */
export type PrepareParams = (params: unknown) => unknown;

/** Attaches an extrinsic route to a client as a write method. */
export function makeExtrinsicFn<R extends ExtrinsicRoute, P = z.input<R['input']>>(
  client: Client,
  route: R,
  prepare?: PrepareParams,
): ExtrinsicFn<R, P> {
  const prepared = async (params: unknown) => (prepare ? prepare(params) : params) as z.input<R['input']>;
  const write = async (
    params?: P,
    buildOptions?: BuildOptionsInput,
    account?: Account,
    statusOptions?: StatusOptions,
  ) =>
    writeExtrinsic(client, {
      route,
      params: await prepared(params ?? {}),
      buildOptions,
      account,
      statusOptions,
    });
  const fn = write as unknown as ExtrinsicFn<R, P>;
  fn.route = route.path;
  fn.schemaIn = route.input;
  fn.schemaOut = route.output;
  fn.buildAndSubmit = write as ExtrinsicFn<R, P>['buildAndSubmit'];
  fn.build = (async (
    params?: P,
    buildOptions?: BuildOptionsInput,
    account?: Account,
    options?: StatusOptions,
  ) =>
    buildExtrinsic(client, {
      route,
      params: await prepared(params ?? {}),
      buildOptions,
      account,
      signal: options?.signal,
    })) as ExtrinsicFn<R, P>['build'];
  fn.fee = (async (
    params?: P,
    buildOptions?: BuildOptionsInput,
    account?: Account,
    options?: StatusOptions,
  ) =>
    getExtrinsicFee(client, {
      route,
      params: await prepared(params ?? {}),
      buildOptions,
      account,
      signal: options?.signal,
    })) as ExtrinsicFn<R, P>['fee'];
  fn.encode = async (params, options) =>
    encodeExtrinsic(client, { route, params: await prepared(params ?? {}), signal: options?.signal });
  fn.sign = (payload, account, options) =>
    signExtrinsic(client, { payload, account, signal: options?.signal });
  fn.submit = (payload, signature, options) =>
    submitExtrinsic(client, { payload, signature, signal: options?.signal });
  fn.getStatus = (statusRoute, hash, options) =>
    getExtrinsicStatus(client, { route: statusRoute, hash, options });
  return fn;
}
