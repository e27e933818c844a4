/**
 * A value worked out once per beat of the page's frame loop while `live` (BEAT_MS in
 * lib/client/stream/frame-loop.ts: four times a second, in the frame that lays out the
 * streams' text), for a store selector: the store changes every frame while replies
 * stream, and a selector given a sampler hands back its last value (the same object, so
 * a shallow or identity check sees no change) until the next beat. Worked out anew
 * whenever `key` changes (other replies, another race) or the race is not live: the end
 * of a race always shows its last figures (docs/decisions.md: "The race's picture four
 * times a second", "Streams fall in step, clocks on one beat").
 */
export class Sampler<T> {
  private last?: { beat: number; key: string; value: T };

  take(beat: number, key: string, live: boolean, work: () => T): T {
    const last = this.last;
    if (live && last && last.key === key && last.beat === beat) return last.value;
    const value = work();
    this.last = { beat, key, value };
    return value;
  }
}
