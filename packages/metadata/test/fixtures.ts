import { readFileSync } from 'node:fs';

export const loadFixture = <T = Record<string, unknown>>(name: string): T =>
  JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8')) as T;

export const hexOf = (props: readonly { key: string; valueHex: string }[]) =>
  props.map(({ key, valueHex }) => ({ key, valueHex }));
