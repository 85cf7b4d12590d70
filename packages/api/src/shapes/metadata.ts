import { CollectionInfoSchema, TokenDataSchema } from '@nftkit/metadata';

// The metadata package's schemas, named for the OpenAPI document (`.meta` returns a registered copy).
export const TokenDataInputSchema = TokenDataSchema.meta({ id: 'TokenData' });
export const CollectionInfoInputSchema = CollectionInfoSchema.meta({ id: 'CollectionInfo' });
