import * as z from 'zod/mini';
import { extrinsicRoute, queryRoute } from '../route.js';
import { AddressSchema } from '../shapes/address.js';
import { CollectionIdOrAddressSchema } from '../shapes/ids.js';
import { WeiAmountSchema } from '../shapes/numbers.js';

const collectionId = CollectionIdOrAddressSchema;
const resultCollectionId = z.number().check(z.int(), z.positive());
/** Amounts of a fungible collection are integers in its smallest unit, sent as strings. */
const amount = WeiAmountSchema;
const numberOrString = z.union([z.number(), z.string()]);

export const fungibleRoutes = {
  totalSupply: queryRoute({
    path: '/fungible/total-supply',
    input: z.object({ collectionId }),
    output: z.object({ totalSupply: numberOrString }),
  }),
  getApproved: queryRoute({
    path: '/fungible/allowance',
    input: z.object({ collectionId, sender: AddressSchema, spender: AddressSchema }),
    output: z.object({
      allowance: numberOrString,
      address: z.optional(z.string()),
      collectionId: z.optional(resultCollectionId),
      sender: z.optional(z.string()),
    }),
  }),
  getAccountBalance: queryRoute({
    path: '/fungible/balance',
    input: z.object({ collectionId, address: AddressSchema }),
    output: z.object({
      address: z.string(),
      collectionId: resultCollectionId,
      balance: z.string(),
      decimals: z.number().check(z.int(), z.positive()),
      symbol: z.string(),
    }),
  }),
  mint: extrinsicRoute({
    path: '/fungible/mint',
    input: z.object({ collectionId, amount, recipient: z.optional(AddressSchema) }),
    output: z.object({
      collectionId: resultCollectionId,
      amount: z.string(),
      recipient: z.optional(z.string()),
    }),
    resultEvent: 'common.ItemCreated',
  }),
  transfer: extrinsicRoute({
    path: '/fungible/transfer-from',
    input: z.object({ collectionId, to: AddressSchema, amount, from: z.optional(AddressSchema) }),
    output: z.object({
      collectionId: resultCollectionId,
      to: z.string(),
      amount: z.string(),
      from: z.optional(z.string()),
    }),
    resultEvent: 'common.Transfer',
  }),
  // `from` is stripped on this route (zod drops unknown keys): burning someone else's tokens is burnFrom.
  burn: extrinsicRoute({
    path: '/fungible/burn',
    input: z.object({ collectionId, amount }),
    output: z.object({ collectionId: resultCollectionId, amount: z.string(), from: z.optional(z.string()) }),
    resultEvent: 'common.ItemDestroyed',
  }),
  burnFrom: extrinsicRoute({
    path: '/fungible/burn-from',
    input: z.object({ collectionId, amount, from: z.optional(AddressSchema) }),
    output: z.object({ collectionId: resultCollectionId, amount: z.string(), from: z.optional(z.string()) }),
    resultEvent: 'common.ItemDestroyed',
  }),
  approve: extrinsicRoute({
    path: '/fungible/approve',
    input: z.object({ collectionId, spender: AddressSchema, amount, sender: z.optional(AddressSchema) }),
    output: z.object({ collectionId: resultCollectionId, spender: z.string(), amount: z.string() }),
  }),
};
