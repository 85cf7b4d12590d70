// "One voice": a message the player reads is in the page's language (Chinese) from end to end; the raw error, often
// English, is only in the notice's detail line. Names of things are allowed (NFT, MetaMask, Polkadot, the spec's
// English button labels).
const NAMES = /\b(NFT|MetaMask|Polkadot|Start Play|DEV|ID)\b/g;

/** The Latin words of a message besides the allowed names: none in one voice. */
export function foreignWords(text: string): string[] {
  return text.replace(NAMES, '').match(/[A-Za-z]{2,}/g) ?? [];
}
