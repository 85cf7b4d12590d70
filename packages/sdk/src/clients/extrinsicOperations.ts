import type { ExtrinsicRoute, SignerPayloadJSON } from '@nftkit/api';
import type { z } from 'zod/mini';
import type { Account, UnsignedPayload } from '../accounts/types.js';
import { type BuildOptionsInput, buildExtrinsic } from '../actions/buildExtrinsic.js';
import { encodeExtrinsic } from '../actions/encodeExtrinsic.js';
import { getExtrinsicFee } from '../actions/getExtrinsicFee.js';
import { getExtrinsicStatus } from '../actions/getExtrinsicStatus.js';
import { signExtrinsic } from '../actions/signExtrinsic.js';
import { submitExtrinsic } from '../actions/submitExtrinsic.js';
import { writeExtrinsic } from '../actions/writeExtrinsic.js';
import type { Client, StatusOptions } from './createClient.js';

function adHocRoute(path: string, schema: z.ZodMiniType): ExtrinsicRoute {
  return { kind: 'extrinsic', path, input: schema, output: schema };
}

/**
 * The real client's `sdk.extrinsic` object: the write-flow steps for any route path and input schema, for routes
 * the table does not have.
 *
 * @example
 * const built = await sdk.extrinsic.build('/token/properties/set', schema, params);
 */
export function extrinsicOperations(client: Client) {
  return {
    build: (path: string, schema: z.ZodMiniType, params: unknown, buildOptions?: BuildOptionsInput) =>
      buildExtrinsic(client, { route: adHocRoute(path, schema), params, buildOptions }),
    encode: (path: string, schema: z.ZodMiniType, params: unknown) =>
      encodeExtrinsic(client, { route: adHocRoute(path, schema), params }),
    fee: (path: string, schema: z.ZodMiniType, params: unknown, buildOptions?: BuildOptionsInput) =>
      getExtrinsicFee(client, { route: adHocRoute(path, schema), params, buildOptions }),
    sign: (payload: UnsignedPayload, account?: Account) => signExtrinsic(client, { payload, account }),
    submit: (payload: UnsignedPayload | SignerPayloadJSON, signature: string) =>
      submitExtrinsic(client, { payload, signature }),
    getStatus: <R = unknown>(path: string, hash: string, options?: StatusOptions) =>
      getExtrinsicStatus<R>(client, { route: path, hash, options }),
    invoke: (
      path: string,
      schema: z.ZodMiniType,
      params: unknown,
      buildOptions?: BuildOptionsInput,
      account?: Account,
      statusOptions?: StatusOptions,
    ) =>
      writeExtrinsic(client, {
        route: adHocRoute(path, schema),
        params,
        buildOptions,
        account,
        statusOptions,
      }),
  };
}
