/**
 * A small seeded PRNG (mulberry32): what draws from it is reproducible per seed (the
 * simulator's replies, the leaderboard's bootstrap, the tests' generated inputs).
 */
export type Random = () => number;

export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

export function randomId(
  random: Random,
  length: number,
  alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789',
): string {
  let id = '';
  for (let i = 0; i < length; i++) id += alphabet[Math.floor(random() * alphabet.length)];
  return id;
}
