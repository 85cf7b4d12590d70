import { isEthereumAddress } from './schemas.js';

/**
 * The sign-in challenge: an EIP-4361 ("Sign-In with Ethereum") text, also signed by Polkadot-family wallets. Naming
 * the site (domain, URI), the chain, a one-time nonce and the validity window keeps a signature made for another site,
 * chain or time from being replayed. MetaMask recognises the format and checks the domain against the page's origin.
 */
export interface ChallengeFields {
  /** The page's host (`127.0.0.1:5173`), as in its origin. */
  readonly domain: string;
  readonly address: string;
  readonly statement: string;
  /** The page's origin (`http://127.0.0.1:5173`). */
  readonly uri: string;
  /** The network's Ethereum chain id (devnet 8884, Opal 8882, …). */
  readonly chainId: number;
  /** Alphanumeric, at least 8 characters (EIP-4361). */
  readonly nonce: string;
  readonly issuedAt: string;
  readonly expiresAt: string;
}

export const SIGN_IN_STATEMENT = 'Sign in to Snake to play for your snake token. Signing costs no fee.';

const accountKind = (address: string) => (isEthereumAddress(address) ? 'Ethereum' : 'Substrate');

/** The text the wallet shows and signs (UTF-8 bytes; Polkadot extensions wrap them in `<Bytes>…</Bytes>`). */
export function buildChallengeMessage(fields: ChallengeFields): string {
  return [
    `${fields.domain} wants you to sign in with your ${accountKind(fields.address)} account:`,
    fields.address,
    '',
    fields.statement,
    '',
    `URI: ${fields.uri}`,
    'Version: 1',
    `Chain ID: ${fields.chainId}`,
    `Nonce: ${fields.nonce}`,
    `Issued At: ${fields.issuedAt}`,
    `Expiration Time: ${fields.expiresAt}`,
  ].join('\n');
}

const HEADER = /^(\S+) wants you to sign in with your (Ethereum|Substrate) account:$/;
const FIELD = (name: string) => new RegExp(`^${name}: (.+)$`);

/** Reads a challenge back; `null` for any text that is not exactly what `buildChallengeMessage` writes. */
export function parseChallengeMessage(message: string): ChallengeFields | null {
  const lines = message.split('\n');
  if (lines.length !== 11 || lines[2] !== '' || lines[4] !== '' || lines[6] !== 'Version: 1') return null;
  const header = HEADER.exec(lines[0] ?? '');
  const address = lines[1] ?? '';
  const statement = lines[3] ?? '';
  const uri = FIELD('URI').exec(lines[5] ?? '')?.[1];
  const chainId = FIELD('Chain ID').exec(lines[7] ?? '')?.[1];
  const nonce = FIELD('Nonce').exec(lines[8] ?? '')?.[1];
  const issuedAt = FIELD('Issued At').exec(lines[9] ?? '')?.[1];
  const expiresAt = FIELD('Expiration Time').exec(lines[10] ?? '')?.[1];
  if (!header?.[1] || !uri || !chainId || !nonce || !issuedAt || !expiresAt) return null;
  if (!/^\d{1,10}$/.test(chainId) || !/^[A-Za-z0-9]{8,}$/.test(nonce)) return null;
  if (header[2] !== accountKind(address)) return null;
  const fields = {
    domain: header[1],
    address,
    statement,
    uri,
    chainId: Number(chainId),
    nonce,
    issuedAt,
    expiresAt,
  };
  // Only the canonical text counts, so two different texts can never carry the same nonce.
  return buildChallengeMessage(fields) === message ? fields : null;
}
