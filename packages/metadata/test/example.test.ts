import { describe, expect, it } from 'vitest';
import { quickstart } from '../examples/quickstart.js';

describe('README example', () => {
  it('runs and prints what the README shows', () => {
    expect(quickstart()).toEqual([
      'collection keys: schemaName,schemaVersion,collectionInfo',
      'token property keys: 8',
      'flags: 64',
      'family: V2',
      'collection info: {"schemaName":"unique","schemaVersion":"2.0.0","cover_image":{"url":"https://example.com/cover.png"}}',
      'token keys: schemaName,schemaVersion,tokenData,royalties,URI',
      'token: {"name":"Snake #1","attributes":[{"trait_type":"score","value":120}],"royalties":2}',
      'resale royalties: 5Gus5r7HSZv9ScdaTNVbFMBEsxMtc4cZBPTLfJJbLXQK8m9d 25000000000000000000',
      'error: INVALID_METADATA: royalties.0.percent: Royalty percent value must has maximum 2 decimal places',
    ]);
  });
});
