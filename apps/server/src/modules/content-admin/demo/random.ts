// The demo's one source of chance, seeded from a string, so that seeding twice makes the same demo:
// the catalogue's sample episodes draw on it, and so do the other modules' demo steps (the demo
// readers, the reels' watchers).

/** A small deterministic random source (mulberry32), seeded from a string. */
export function randomFrom(seed: string): () => number {
  let state = 0;
  for (const char of seed) state = (Math.imul(state, 31) + char.charCodeAt(0)) | 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}
