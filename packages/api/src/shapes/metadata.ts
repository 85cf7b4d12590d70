import { CollectionInfoSchema, TokenDataSchema } from '@nftkit/metadata';
import { meta } from './meta.js';

// The metadata package's schemas, named for the OpenAPI document (`meta` returns a registered copy).
export const TokenDataInputSchema = meta(TokenDataSchema, { id: 'TokenData' });
export const CollectionInfoInputSchema = meta(CollectionInfoSchema, { id: 'CollectionInfo' });
