// Run: npx tsx --conditions=source packages/primitives/examples/quickstart.ts
// (or build first with `npx tsc -b packages/primitives` and drop the flag).
import { pathToFileURL } from 'node:url';
import {
  collectionIdToAddress,
  encodeSubstrateAddress,
  formatCoins,
  formatNumber,
  getChain,
  nestingAddressToIds,
  normalizeAddress,
  PrimitivesError,
  parseCoins,
  substrateToEthereumMirror,
  toCrossAccountId,
} from '@nftkit/primitives';

export const quickstart = (): string[] => {
  const lines: string[] = [];
  const log = (label: string, value: unknown) => lines.push(`${label}: ${String(value)}`);

  // One account, three networks: the same public key with different SS58 prefixes.
  const publicKey = '0xd43593c715fdd31c61141abd04a99fd6822c8558854ccde39a5684e7a56da27d';
  const unique = encodeSubstrateAddress(publicKey, getChain('unique').ss58Prefix);
  log('Alice on Unique', unique);
  log('normalized', normalizeAddress(unique));
  log('Ethereum mirror', substrateToEthereumMirror(unique));
  log('CrossAccountId', JSON.stringify(toCrossAccountId({ substrate: unique })));

  // Collections and nested tokens have EVM addresses.
  log('collection 42', collectionIdToAddress(42));
  log(
    'nesting address → ids',
    JSON.stringify(nestingAddressToIds('0xF8238cCFfF8ed887463fd5e00000002A00000001')),
  );

  // Amounts are exact bigints in wei; coins are decimal strings.
  const wei = parseCoins('1.5');
  log('1.5 UNQ in wei', wei);
  log('back to coins', formatCoins(wei + 1n));
  log('display', formatNumber('1234567.891'));

  // Bad input throws a typed error with a stable code.
  try {
    parseCoins('-1');
  } catch (error) {
    if (error instanceof PrimitivesError) log('error', `${error.code}: ${error.message}`);
  }
  return lines;
};

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const line of quickstart()) console.log(line);
}
