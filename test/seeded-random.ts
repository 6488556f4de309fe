/**
 * mulberry32: a small generator whose sequence a seed fixes, so a randomised test's failure names
 * a case that replays (fast-check is not a dependency). Numbers in [0, 1), each a 32-bit integer
 * over 2^32.
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
