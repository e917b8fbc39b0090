/**
 * Whether a base64url segment (no padding) ends the one way its bytes can be written. The last character
 * of a segment whose length is 2 or 3 mod 4 carries bits no byte uses (4 or 2 of them); decoders, jose's
 * included, ignore them, so up to 16 spellings decode to the same signature. A token verifier that accepts
 * them all accepts a changed token (`…g` and `…h`) as the one issued. Canonical form: those bits are zero,
 * and the length is never 1 mod 4 (no byte count encodes to that).
 *
 * Only the length and the last character are read: it runs on every authenticated request, before the
 * HMAC, and a character outside the alphabet elsewhere already fails the decoder.
 */
export function isCanonicalBase64url(segment: string): boolean {
  const rest = segment.length % 4;
  if (rest === 0) return true;
  if (rest === 1) return false;
  const value = base64urlValue(segment.charCodeAt(segment.length - 1));
  // 2 mod 4: one byte, 4 unused bits; 3 mod 4: two bytes, 2 unused bits.
  return value >= 0 && (value & (rest === 2 ? 0b1111 : 0b11)) === 0;
}

/** The 6-bit value of a base64url character, or -1 for any other. */
function base64urlValue(code: number): number {
  if (code >= 65 && code <= 90) return code - 65; // A-Z
  if (code >= 97 && code <= 122) return code - 71; // a-z: 26-51
  if (code >= 48 && code <= 57) return code + 4; // 0-9: 52-61
  if (code === 45) return 62; // -
  if (code === 95) return 63; // _
  return -1;
}
