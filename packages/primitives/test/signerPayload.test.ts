import { blake2b } from '@noble/hashes/blake2.js';
import { describe, expect, it } from 'vitest';
import {
  bytesToHex,
  type SignerPayloadJSON,
  signerPayloadToRaw,
  signerPayloadToRawBytes,
  signerPayloadToSignBytes,
} from '../src/index.js';
import { signerPayloadJson, thrown } from './helpers.js';

const genesis = `0x${'11'.repeat(32)}`;
const block = `0x${'22'.repeat(32)}`;
const method = '0x3d000a000000';

const payload = (overrides: Partial<SignerPayloadJSON> = {}): SignerPayloadJSON =>
  signerPayloadJson({ blockHash: block, genesisHash: genesis, method, ...overrides });

describe('signer payload', () => {
  it('lays out method ‖ era ‖ nonce ‖ tip ‖ specVersion ‖ txVersion ‖ genesis ‖ block (the documented trace)', () => {
    expect(bytesToHex(signerPayloadToRawBytes(payload()))).toBe(
      `${method}4502${'1c'}${'00'}28460f00${'03000000'}${genesis.slice(2)}${block.slice(2)}`,
    );
    expect(signerPayloadToRaw(payload())).toEqual({
      address: payload().address,
      data: bytesToHex(signerPayloadToRawBytes(payload())),
      type: 'payload',
    });
  });

  it('encodes nonce and tip as compacts, immortal era as one byte', () => {
    const bytes = signerPayloadToRawBytes(payload({ nonce: '0x0100', tip: '0x0a', era: '0x00' }));
    expect(bytesToHex(bytes.subarray(6, 11))).toBe('0x0001042828');
  });

  it('appends CheckMetadataHash mode and hash when the extension is listed', () => {
    const ext = [...payload().signedExtensions, 'CheckMetadataHash'];
    const off = bytesToHex(signerPayloadToRawBytes(payload({ signedExtensions: ext })));
    expect(off).toBe(
      `${method}4502${'1c'}${'00'}${'00'}28460f00${'03000000'}${genesis.slice(2)}${block.slice(2)}00`,
    );
    const hash = `0x${'33'.repeat(32)}`;
    const on = bytesToHex(
      signerPayloadToRawBytes(payload({ signedExtensions: ext, mode: 1, metadataHash: hash })),
    );
    expect(on.endsWith(`01${hash.slice(2)}`)).toBe(true);
  });

  it('signs the raw bytes up to 256 bytes, their blake2-256 hash beyond', () => {
    const short = payload();
    expect(signerPayloadToSignBytes(short)).toEqual(signerPayloadToRawBytes(short));
    const long = payload({ method: `0x${'ab'.repeat(200)}` });
    const raw = signerPayloadToRawBytes(long);
    expect(raw.length).toBeGreaterThan(256);
    expect(signerPayloadToSignBytes(long)).toEqual(blake2b(raw, { dkLen: 32 }));
    // Exactly 256 bytes is still signed raw.
    const exact = payload({ method: `0x${'ab'.repeat(256 - (raw.length - 200))}` });
    expect(signerPayloadToRawBytes(exact)).toHaveLength(256);
    expect(signerPayloadToSignBytes(exact)).toHaveLength(256);
  });

  it('refuses malformed fields, naming them', () => {
    const cases: [Partial<SignerPayloadJSON>, string][] = [
      [{ genesisHash: '0x11' }, 'genesisHash'],
      [{ blockHash: block.slice(0, -1) }, 'blockHash'],
      [{ method: 'abcd' }, 'method'],
      [{ method: '0x' }, 'method'],
      [{ nonce: '7' }, 'nonce'],
      [{ tip: `0x1${'0'.repeat(32)}` }, 'tip'],
      [{ specVersion: '0x100000000' }, 'specVersion'],
      [{ transactionVersion: 3 as never }, 'transactionVersion'],
      [{ era: '0x0045' }, 'era'],
      [{ signedExtensions: 'CheckNonce' as never }, 'signedExtensions'],
    ];
    for (const [override, field] of cases) {
      const error = thrown(() => signerPayloadToRawBytes(payload(override)));
      expect(error.code).toBe('INVALID_SIGNER_PAYLOAD');
      expect(error.message).toContain(field);
    }
    expect(thrown(() => signerPayloadToRawBytes(null as never)).code).toBe('INVALID_SIGNER_PAYLOAD');
  });
});
