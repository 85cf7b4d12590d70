import { PrimitivesError } from './errors.js';

// Own base58 (Bitcoin alphabet) codec, written for SS58 speed: it works on 16-bit limbs and
// base-58^5 digit groups, so a 35-byte payload costs a few hundred float operations instead of
// the byte-by-digit loop of a generic radix converter.
const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const DIGIT = new Int8Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) DIGIT[ALPHABET.charCodeAt(i)] = i;
const GROUP = 656356768; // 58^5
const POW58 = [1, 58, 3364, 195112, 11316496, GROUP];

export const base58Encode = (bytes: Uint8Array): string => {
  let zeros = 0;
  while (zeros < bytes.length && bytes[zeros] === 0) zeros++;
  // Little-endian limbs in base 58^5; the input is folded in two bytes at a time.
  const limbs: number[] = [];
  let i = zeros;
  if ((bytes.length - zeros) % 2 === 1) {
    limbs.push(bytes[i]!);
    i++;
  }
  for (; i < bytes.length; i += 2) {
    let carry = (bytes[i]! << 8) | bytes[i + 1]!;
    for (let j = 0; j < limbs.length; j++) {
      const x = limbs[j]! * 65536 + carry;
      carry = Math.floor(x / GROUP);
      limbs[j] = x - carry * GROUP;
    }
    while (carry > 0) {
      const q = Math.floor(carry / GROUP);
      limbs.push(carry - q * GROUP);
      carry = q;
    }
  }
  let out = '';
  for (let j = limbs.length - 1; j >= 0; j--) {
    let limb = limbs[j]!;
    let chunk = '';
    for (let k = 0; k < 5; k++) {
      const q = Math.floor(limb / 58);
      chunk = ALPHABET[limb - q * 58]! + chunk;
      limb = q;
    }
    out += chunk;
  }
  let skip = 0;
  while (skip < out.length && out.charCodeAt(skip) === 49 /* '1' */) skip++;
  return '1'.repeat(zeros) + out.slice(skip);
};

/** Decodes base58; throws a PrimitivesError naming the first character outside the alphabet. */
export const base58Decode = (text: string): Uint8Array => {
  let zeros = 0;
  while (zeros < text.length && text.charCodeAt(zeros) === 49) zeros++;
  // Little-endian 16-bit limbs, fed with up to five base58 digits at a time.
  const limbs: number[] = [];
  for (let i = zeros; i < text.length; ) {
    const take = Math.min(5, text.length - i);
    let value = 0;
    for (let k = 0; k < take; k++, i++) {
      const code = text.charCodeAt(i);
      const d = code < 128 ? DIGIT[code]! : -1;
      if (d < 0) throw new PrimitivesError('INVALID_SUBSTRATE_ADDRESS', `Non-base58 character in ${text}`);
      value = value * 58 + d;
    }
    const mul = POW58[take]!;
    let carry = value;
    for (let j = 0; j < limbs.length; j++) {
      const x = limbs[j]! * mul + carry;
      carry = Math.floor(x / 65536);
      limbs[j] = x - carry * 65536;
    }
    while (carry > 0) {
      limbs.push(carry & 0xffff);
      carry = Math.floor(carry / 65536);
    }
  }
  let size = limbs.length * 2;
  const top = limbs.length > 0 ? limbs[limbs.length - 1]! : 0;
  if (limbs.length > 0 && top < 256) size--;
  const out = new Uint8Array(zeros + size);
  let p = out.length - 1;
  for (let j = 0; j < limbs.length; j++) {
    const limb = limbs[j]!;
    out[p--] = limb & 0xff;
    if (p >= zeros) out[p--] = limb >> 8;
  }
  return out;
};
