/** Spec §2: addresses longer than 10 characters show the first 6 and last 4, joined by `...`. */
export function truncateAddress(address: string): string {
  return address.length > 10 ? `${address.slice(0, 6)}...${address.slice(-4)}` : address;
}
