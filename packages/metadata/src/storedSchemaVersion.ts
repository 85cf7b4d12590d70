import { unquote } from './detectSchema.js';
import type { PropertyBag } from './properties.js';
import { Semver2Schema } from './schemas/common.js';

/**
 * The 2.x version a v2 token or collection carries in its own `schemaVersion` property: that property is what the
 * chain (and every explorer) shows, so it wins over the copy in `tokenData`/`collectionInfo` and over the default.
 */
export const storedSchemaVersion = (bag: PropertyBag): string | undefined => {
  const version = unquote(bag.text('schemaVersion'));
  return version !== undefined && Semver2Schema.safeParse(version).success ? version : undefined;
};
