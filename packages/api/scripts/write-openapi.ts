// Writes packages/api/openapi.json from the zod schemas: `npm run openapi -w @nftkit/api`.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildOpenApiDocument } from '../src/openapi.js';

const target = fileURLToPath(new URL('../openapi.json', import.meta.url));
const basePath = process.env.OPENAPI_BASE_PATH ?? '/v2/devnet';
const indexerBasePath = process.env.OPENAPI_INDEXER_BASE_PATH ?? '/indexer';
const doc = buildOpenApiDocument({ basePath, indexerBasePath });
writeFileSync(target, `${JSON.stringify(doc, null, 2)}\n`);
console.log(`wrote ${target}: ${Object.keys(doc.paths).length} paths`);
