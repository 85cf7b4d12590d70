import { describe, expect, it } from 'vitest';
import {
  bytesToHex,
  CHAINS,
  collectionAddressToId,
  collectionIdToAddress,
  crossAccountIdToAddress,
  decodeSubstrateAddress,
  encodeSubstrateAddress,
  ethereumToSubstrateMirror,
  findChainById,
  getChain,
  isAddress,
  isChainName,
  isEthereumAddress,
  isSubstrateAddress,
  nestingAddressFromIds,
  nestingAddressToIds,
  normalizeAddress,
  normalizeSubstrateAddress,
  substrateAccountOf,
  substrateAddressToPublicKey,
  substrateToEthereumMirror,
  toChecksumEthereumAddress,
  toCrossAccountId,
  toEthCrossAccountId,
} from '../src/index.js';
import addresses from './fixtures/addresses.json' with { type: 'json' };
import chains from './fixtures/chains.json' with { type: 'json' };
import { thrown } from './helpers.js';

const { accounts, invalid, errors } = addresses;

describe('address vectors', () => {
  it('decodes every network form of the test account to the same public key', () => {
    for (const address of [accounts.opal, accounts.quartz, accounts.unique]) {
      expect(bytesToHex(decodeSubstrateAddress(address))).toBe(accounts.substratePublicKey);
      expect(normalizeSubstrateAddress(address)).toBe(accounts.opal);
    }
    expect(decodeSubstrateAddress(accounts.quartz, 255)).toHaveLength(32);
    expect(decodeSubstrateAddress(accounts.unique, 7391)).toHaveLength(32);
  });

  it('encodes the public key with one- and two-byte prefixes', () => {
    expect(encodeSubstrateAddress(accounts.substratePublicKey)).toBe(accounts.opal);
    expect(encodeSubstrateAddress(accounts.substratePublicKey, 255)).toBe(accounts.quartz);
    expect(encodeSubstrateAddress(accounts.substratePublicKey, 7391)).toBe(accounts.unique);
    const [address, extra] = Object.entries(addresses.extra)[0]!;
    expect(substrateAddressToPublicKey(address)).toBe(extra.publicKey);
    expect(encodeSubstrateAddress(extra.publicKey, 7391)).toBe(extra.prefix7391_unique);
    expect(encodeSubstrateAddress(extra.publicKey, 255)).toBe(extra.prefix255_quartz);
    expect(encodeSubstrateAddress(extra.publicKey, 0)).toBe(extra.prefix0_polkadot);
    expect(encodeSubstrateAddress(extra.publicKey, 2)).toBe(extra.prefix2_kusama);
    expect(substrateToEthereumMirror(address)).toBe(extra.ethMirror);
    expect(ethereumToSubstrateMirror(extra.ethMirror)).toBe(extra.ethMirrorBackToSubstrate_isNOTtheOriginal);
  });

  it('computes both mirrors, which are not inverses', () => {
    expect(substrateToEthereumMirror(accounts.quartz)).toBe(accounts.ethMirror);
    expect(substrateToEthereumMirror(accounts.substratePublicKey)).toBe(accounts.ethMirror);
    expect(ethereumToSubstrateMirror(accounts.ethMirror)).toBe(accounts.doubleMirror);
    expect(ethereumToSubstrateMirror(accounts.ethAddressLowercase)).toBe(accounts.subMirrorOfEthAddress);
    expect(ethereumToSubstrateMirror(accounts.ethAddress, 255)).toBe(accounts.subMirrorOfEthAddressPrefix255);
    const readme = addresses.readmeExamples;
    expect(substrateToEthereumMirror('5HgvUDiRm5yjRSrrG9B6q6km7KLzkXMxvFLHPZpA13pmwCJQ')).toBe(
      readme['5HgvUDiRm5yjRSrrG9B6q6km7KLzkXMxvFLHPZpA13pmwCJQ -> eth mirror'],
    );
    expect(substrateAccountOf(readme['5HgvUDiRm5yjRSrrG9B6q6km7KLzkXMxvFLHPZpA13pmwCJQ -> eth mirror'])).toBe(
      readme['substrateOrMirrorIfEthereum 0xf8cC..'],
    );
  });

  it('checksums Ethereum addresses (EIP-55)', () => {
    expect(toChecksumEthereumAddress(accounts.ethAddressLowercase)).toBe(accounts.ethAddress);
    expect(isEthereumAddress(accounts.ethAddress)).toBe(true);
    expect(isEthereumAddress(invalid.ethAddressMangled)).toBe(false);
    expect(thrown(() => toChecksumEthereumAddress(invalid.ethAddressMangled)).message).toBe(
      errors['validate.ethereumAddress(ethAddressMangled)'],
    );
  });

  it('maps collection ids and addresses', () => {
    for (const { collectionId, address } of addresses.collectionAddresses) {
      expect(collectionIdToAddress(collectionId)).toBe(address);
      expect(collectionAddressToId(address)).toBe(collectionId);
      expect(collectionAddressToId(address.toLowerCase())).toBe(collectionId);
    }
    expect(collectionIdToAddress(105)).toBe(addresses.readmeExamples['collection 105']);
  });

  it('maps nesting addresses and ids', () => {
    for (const { collectionId, tokenId, address } of addresses.nestingAddresses) {
      expect(nestingAddressFromIds(collectionId, tokenId)).toBe(address);
      expect(nestingAddressToIds(address)).toEqual({ collectionId, tokenId });
    }
    expect(nestingAddressFromIds(10, 5)).toBe(addresses.readmeExamples['nesting 10,5']);
  });

  it('normalizes accounts like addressForScanNormalized and ethCrossAccountId', () => {
    const readme = addresses.readmeExamples;
    expect(normalizeAddress('yGJMj5z32dpBUigGVFgatC382Ti3FNVSKyfgi87UF7f786MJL')).toBe(
      readme['addressForScanNormalized yGJMj..'],
    );
    expect(normalizeAddress(readme['addressForScanNormalized 0xf8cC..']).toLowerCase()).toBe(
      readme['addressForScanNormalized 0xf8cC..'],
    );
    for (const [input, expected] of Object.entries(addresses.ethCrossAccountId))
      expect(toEthCrossAccountId(input)).toEqual(expected);
    for (const { input, address } of addresses.fromEthCrossAccountId)
      expect(crossAccountIdToAddress(input)).toBe(address);
  });

  it('matches the enhancedCrossAccountId vectors field by field', () => {
    const e = addresses.enhancedCrossAccountId;
    const sub = toCrossAccountId(e.input_substrate);
    expect(sub).toEqual({ Substrate: e.output_substrate.address });
    expect(substrateAddressToPublicKey(e.output_substrate.Substrate)).toBe(
      e.output_substrate.substratePublicKey,
    );
    expect(toCrossAccountId(e.input_ethereum)).toEqual({ Ethereum: e.output_ethereum.address });
  });

  it('rejects the mangled inputs with the reference messages', () => {
    expect(thrown(() => decodeSubstrateAddress(invalid.quartzMangled)).message).toBe(
      errors['substrate.decode(quartzMangled)'],
    );
    expect(thrown(() => decodeSubstrateAddress(invalid.opalMangled)).message).toBe(
      errors['substrate.decode(opalMangled)'],
    );
    expect(thrown(() => decodeSubstrateAddress(invalid.substratePublicKeyMangled1)).message).toBe(
      errors['substrate.decode(substratePublicKeyMangled1)'],
    );
    expect(thrown(() => decodeSubstrateAddress('123')).message).toBe(errors['substrate.decode("123")']);
    expect(thrown(() => decodeSubstrateAddress(accounts.opal, 7391)).message).toBe(
      errors['substrate.decode(opal, false, 7391)'],
    );
    expect(thrown(() => encodeSubstrateAddress(accounts.substratePublicKey, 46)).message).toBe(
      errors['substrate.encode(pk, 46)'],
    );
    expect(thrown(() => encodeSubstrateAddress(new Uint8Array(3))).message).toBe(
      errors['substrate.encode(3 bytes)'],
    );
    expect(thrown(() => encodeSubstrateAddress(invalid.substratePublicKeyMangled2.slice(1))).code).toBe(
      'INVALID_HEX',
    );
    for (const bad of Object.values(invalid)) expect(isAddress(bad)).toBe(false);
    expect(isSubstrateAddress(invalid.substratePublicKeyMangled2)).toBe(false);
  });

  it('rejects bad ids and foreign addresses with the reference messages', () => {
    expect(thrown(() => collectionIdToAddress(2 ** 32)).message).toBe(
      errors['collection.idToAddress(2**32)'],
    );
    expect(thrown(() => nestingAddressFromIds(-1, 0)).message).toBe(errors['nesting.idsToAddress(-1,0)']);
    // Deliberate difference: the reference names collectionId when the token id is wrong.
    expect(thrown(() => nestingAddressFromIds(0, 2 ** 32)).message).toBe(
      'tokenId should be a number between 0 and 0xffffffff',
    );
    expect(thrown(() => collectionAddressToId('0x17c4E6453CC49AAAAEAca894E6D9683e000000f')).message).toBe(
      errors['collection.addressToId(short)'],
    );
    expect(thrown(() => nestingAddressToIds('0xF8238CCFfF8ed887463fd5E0000000fE0000007')).message).toBe(
      errors['nesting.addressToIds(short)'],
    );
    expect(thrown(() => nestingAddressToIds(accounts.ethAddress)).message).toBe(
      errors['validate.nestingAddress(eth)'],
    );
  });

  it('rejects bad cross-account inputs with the reference messages', () => {
    expect(thrown(() => toCrossAccountId(invalid.quartzMangled)).message).toBe(
      errors['extract.address(quartzMangled)'],
    );
    expect(thrown(() => toCrossAccountId({} as never)).message).toBe(errors['extract.address({})']);
    expect(thrown(() => toCrossAccountId(0 as never)).message).toBe(errors['extract.address(0)']);
    expect(thrown(() => toCrossAccountId({ Ethereum: accounts.quartz })).message).toBe(
      errors['extract.address({Ethereum: quartz})'],
    );
    expect(thrown(() => toCrossAccountId({ Substrate: accounts.ethAddress })).message).toBe(
      errors['extract.address({Substrate: ethAddress})'],
    );
    expect(
      thrown(() => toCrossAccountId({ sub: accounts.substratePublicKey, eth: accounts.ethAddressLowercase }))
        .message,
    ).toBe(errors['extract.address({sub: pk, eth: eth})']);
    expect(
      thrown(() => toCrossAccountId({ sub: '0x00', eth: '0x0000000000000000000000000000000000000000' }))
        .message,
    ).toBe(errors['extract.address({sub: 0x00, eth: zero})']);
  });
});

describe('chain vectors', () => {
  it('has every chain with its id, hex id, currency and ss58 prefix', () => {
    for (const [name, chainId] of Object.entries(chains.chainNameToChainId)) {
      const chain = getChain(name);
      const ext = chains.UNIQUE_CHAINS_DATA_FOR_EXTENSIONS[name as keyof typeof CHAINS];
      expect(chain.chainId).toBe(chainId);
      expect(chain.chainIdHex).toBe(ext.chainId);
      expect(chain.displayName).toBe(ext.chainName);
      expect(chain.symbol).toBe(ext.nativeCurrency.symbol);
      expect(chain.currencyName).toBe(ext.nativeCurrency.name);
      expect(chain.decimals).toBe(ext.nativeCurrency.decimals);
      expect(chain.ethRpcUrl).toBe(ext.rpcUrls[0]);
      expect(chain.blockExplorerUrl).toBe(ext.blockExplorerUrls[0]);
    }
    expect(Object.keys(CHAINS)).toEqual(chains.UNIQUE_CHAINS);
    expect(Object.values(CHAINS).map((c) => c.chainId)).toEqual(chains.UNIQUE_CHAIN_IDS);
    expect(getChain('opal').ss58Prefix).toBe(chains.ss58Prefixes_fromTests.opal_generic);
    expect(getChain('quartz').ss58Prefix).toBe(chains.ss58Prefixes_fromTests.quartz);
    expect(getChain('unique').ss58Prefix).toBe(chains.ss58Prefixes_fromTests.unique);
  });

  it('finds chains by id and recognizes names', () => {
    expect(findChainById(8882)?.name).toBe('opal');
    expect(findChainById('0x22b0')?.name).toBe('unique');
    expect(findChainById(1)).toBeUndefined();
    expect(isChainName('opal')).toBe(true);
    expect(isChainName('Opal')).toBe(false);
    for (const [id, name] of Object.entries(chains.chainIdToChainName))
      expect(findChainById(Number(id))?.name).toBe(name);
  });

  it('refuses an unknown chain name', () => {
    const error = thrown(() => getChain('polkadot'));
    expect(error.message).toBe('Invalid chain name: polkadot');
    expect(error.code).toBe('INVALID_CHAIN');
  });
});
