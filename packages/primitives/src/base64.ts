/** Standard base64 (RFC 4648, with padding) of any number of bytes. */
export const bytesToBase64 = (bytes: Uint8Array): string => {
  let binary = '';
  // In slices: String.fromCharCode takes its arguments on the stack, which a large array would overflow.
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
};
