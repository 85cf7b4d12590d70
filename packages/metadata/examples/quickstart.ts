// Run: npx tsx --conditions=source packages/metadata/examples/quickstart.ts
// (or build first with `npx tsc -b packages/metadata` and drop the flag).
import { pathToFileURL } from 'node:url';
import {
  calculateRoyalties,
  decodeCollectionFromProperties,
  decodeTokenFromProperties,
  detectSchemaFamily,
  encodeCollectionToProperties,
  encodeTokenToProperties,
  MetadataError,
} from '@nftkit/metadata';

export const quickstart = (): string[] => {
  const lines: string[] = [];
  const log = (label: string, value: unknown) =>
    lines.push(`${label}: ${typeof value === 'string' ? value : JSON.stringify(value)}`);

  // A collection: its properties, the permissions its tokens' properties get, and its flags.
  const collection = encodeCollectionToProperties(
    { cover_image: { url: 'https://example.com/cover.png' } },
    { defaultPermission: 'REWRITEABLE_FOR_COLLECTION_ADMIN' },
  );
  log('collection keys', collection.properties.map((p) => p.key).join(','));
  log('token property keys', collection.tokenPropertyPermissions.length);
  log('flags', collection.flags);
  log('family', detectSchemaFamily(collection.properties));
  log('collection info', decodeCollectionFromProperties(collection.properties));

  // A token with royalties: 2.5% to the creator on every resale, 10% of the first sale to the studio.
  const properties = encodeTokenToProperties(
    {
      name: 'Snake #1',
      image: 'https://example.com/snake.png',
      attributes: [{ trait_type: 'score', value: 120 }],
      royalties: [
        { address: '5Gus5r7HSZv9ScdaTNVbFMBEsxMtc4cZBPTLfJJbLXQK8m9d', percent: 2.5 },
        { address: '0xd47b259722f314bd4ec2f26524e34b8a0172e49a', percent: 10, isPrimaryOnly: true },
      ],
    },
    { URI: 'https://example.com/1.json' },
  );
  log('token keys', properties.map((p) => p.key).join(','));
  const token = decodeTokenFromProperties(properties);
  log('token', { name: token.name, attributes: token.attributes, royalties: token.royalties?.length });

  // What a 1000 UNQ (in wei) resale pays in royalties.
  const resale = calculateRoyalties(token.royalties ?? [], false, 1000n * 10n ** 18n);
  log('resale royalties', resale.map((r) => `${r.address} ${r.amount}`).join(', '));

  // Bad input is a typed error with a stable code and the spec's message.
  try {
    encodeTokenToProperties({
      royalties: [{ address: '5Gus5r7HSZv9ScdaTNVbFMBEsxMtc4cZBPTLfJJbLXQK8m9d', percent: 0.001 }],
    });
  } catch (error) {
    if (error instanceof MetadataError) log('error', `${error.code}: ${error.message}`);
  }
  return lines;
};

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const line of quickstart()) console.log(line);
}
