// A token or collection keeps the schema version it carries on chain: `2.1.0` must not decode as the default `2.0.0`.
import { describe, expect, it } from 'vitest';
import {
  decodeCollectionFromProperties,
  decodeTokenFromProperties,
  encodeCollectionToProperties,
  encodeTokenToProperties,
} from '../src/index.js';

const v2Token = (schemaVersion: string, tokenData: object) => [
  { key: 'schemaName', value: 'unique' },
  { key: 'schemaVersion', value: schemaVersion },
  { key: 'tokenData', value: JSON.stringify(tokenData) },
];

describe('schema versions survive decoding', () => {
  it('a token whose schemaVersion property is 2.1.0 decodes as 2.1.0', () => {
    expect(decodeTokenFromProperties(v2Token('2.1.0', { name: 'Snake #1' }))).toMatchObject({
      schemaVersion: '2.1.0',
      name: 'Snake #1',
    });
  });

  it('the property wins over the copy inside tokenData, as the chain shows it', () => {
    expect(decodeTokenFromProperties(v2Token('2.1.0', { schemaVersion: '2.0.0' })).schemaVersion).toBe(
      '2.1.0',
    );
  });

  it('a quoted property value is read like the schema detection reads it', () => {
    expect(decodeTokenFromProperties(v2Token('"2.3.1"', {})).schemaVersion).toBe('2.3.1');
  });

  it('encode → decode keeps the version written', () => {
    const properties = encodeTokenToProperties({ schemaVersion: '2.1.0', name: 'x' });
    expect(decodeTokenFromProperties(properties).schemaVersion).toBe('2.1.0');
  });

  it('a token without a version property of its own decodes as 2.0.0', () => {
    const token = [
      { key: 'schemaName', value: 'unique' },
      { key: 'tokenData', value: '{}' },
    ];
    const collectionProperties = [
      { key: 'schemaName', value: 'unique' },
      { key: 'schemaVersion', value: '2.0.0' },
    ];
    expect(decodeTokenFromProperties(token, { collectionProperties }).schemaVersion).toBe('2.0.0');
  });

  it('a collection whose schemaVersion property is 2.1.0 decodes as 2.1.0', () => {
    const { properties } = encodeCollectionToProperties({ schemaVersion: '2.1.0' });
    expect(decodeCollectionFromProperties(properties).schemaVersion).toBe('2.1.0');
    const raw = [
      { key: 'schemaName', value: 'unique' },
      { key: 'schemaVersion', value: '2.1.0' },
      { key: 'collectionInfo', value: '{}' },
    ];
    expect(decodeCollectionFromProperties(raw).schemaVersion).toBe('2.1.0');
  });
});
