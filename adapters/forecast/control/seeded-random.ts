/**
 * A small deterministic PRNG (mulberry32): the same seed gives the same numbers on every machine and run, so
 * a scenario's probabilistic faults fire on the same requests each time (and a benchmark asks for the same
 * places). Not for anything that must be unpredictable.
 */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
