/**
 * String hashing for seeds and identifiers (alert ids, tracking numbers, minute
 * offsets). Deterministic on every machine and run: nothing here may use
 * Math.random or clocks. The noise lattice has its own, faster integer hash.
 */

/** murmur3's finaliser: cheap, with good avalanche. */
function fmix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** FNV-1a over UTF-16 code units, finalised; turns names and ids into seeds. */
export function hashString(text: string, seed = 0): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return fmix(h);
}

/** Lower-case hex digest of `length` characters, built from independent 32-bit hashes of `text`. */
export function hexDigest(text: string, length: number): string {
  let out = '';
  for (let block = 0; out.length < length; block++) {
    out += hashString(text, Math.imul(block + 1, 0x9e3779b1))
      .toString(16)
      .padStart(8, '0');
  }
  return out.slice(0, length);
}
