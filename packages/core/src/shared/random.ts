/**
 * A deterministic pseudo-random sequence (mulberry32) in [0, 1): the same seed gives the same
 * numbers, so a test's generated data or the scale seed's marketplace can be made again exactly.
 * Not for anything secret.
 */
export function seededRandom(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
