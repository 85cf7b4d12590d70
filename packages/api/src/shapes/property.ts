import { STRING_LIMITS } from '@nftkit/primitives';
import * as z from 'zod/mini';
import { meta } from './meta.js';
import { maxBytesString } from './text.js';

/** A property to write: a key (≤ 64 bytes) and a value and/or valueHex (≤ 32768 bytes each); one of them is required. */
export const PropertySchema = meta(
  z
    .object({
      key: maxBytesString(STRING_LIMITS.propertyKey),
      value: z.optional(maxBytesString(STRING_LIMITS.propertyValue)),
      valueHex: z.optional(maxBytesString(STRING_LIMITS.propertyValue)),
    })
    .check(
      z.refine((property) => property.value !== undefined || property.valueHex !== undefined, {
        message: 'A property needs a value or a valueHex',
        path: ['value'],
      }),
    ),
  { id: 'Property' },
);
export type Property = z.infer<typeof PropertySchema>;

/** A property in an answer: the value as UTF-8 text and as hex. */
export const DecodedPropertySchema = meta(
  z.object({
    key: z.string(),
    value: z.string(),
    valueHex: z.string(),
  }),
  { id: 'DecodedProperty' },
);
export type DecodedProperty = z.infer<typeof DecodedPropertySchema>;

export const PropertyPermissionSchema = z.object({
  mutable: z.boolean(),
  collectionAdmin: z.boolean(),
  tokenOwner: z.boolean(),
});
export type PropertyPermission = z.infer<typeof PropertyPermissionSchema>;

/** A token property permission; its key limit (256 bytes) differs from a property key's (64). */
export const TokenPropertyPermissionSchema = meta(
  z.object({
    key: maxBytesString(STRING_LIMITS.permissionKey),
    permission: PropertyPermissionSchema,
  }),
  { id: 'TokenPropertyPermission' },
);
export type TokenPropertyPermission = z.infer<typeof TokenPropertyPermissionSchema>;

/** A token property permission in an answer (no byte check: the chain already holds it). */
export const TokenPropertyPermissionAnswerSchema = z.object({
  key: z.string(),
  permission: PropertyPermissionSchema,
});

/** `keys` for a properties/delete: at least one. */
export const PropertyKeysSchema = z
  .array(z.string())
  .check(z.minLength(1, { message: 'At least one key is required' }));
