/*
 * How a model's text may arrive (test code only): one character at a time, or in random chunks of
 * 1-12 characters from a seeded PRNG, the same run after run. For the tutor's answer guard tests.
 */

/** A seeded PRNG (mulberry32). */
export function prng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function randomChunks(text: string, seed: number): string[] {
  const next = prng(seed);
  const chunks: string[] = [];
  for (let at = 0; at < text.length; ) {
    const size = 1 + Math.floor(next() * 12);
    chunks.push(text.slice(at, at + size));
    at += size;
  }
  return chunks;
}

export type Split = [name: string, split: (text: string) => string[]];

/** One character at a time, then random chunks for each seed. */
export function splits(seeds: number[]): Split[] {
  return [["one character at a time", (text) => [...text]], ...seeds.map((seed): Split => [`random chunks (seed ${seed})`, (text) => randomChunks(text, seed)])];
}
