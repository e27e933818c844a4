/**
 * How often the race's picture (its chart and its bars) is drawn again while replies
 * stream: four times a second. The text streams at the frame loop's pace; the picture
 * beside it reads as live at this rate, and each redraw of the chart, the bars and their
 * layout and paint was about a tenth of a four-pane race's main-thread time at every frame
 * (docs/decisions.md: "The race's picture four times a second").
 */
export const RACE_REDRAW_MS = 250;

/**
 * A value worked out at most once per `everyMs` while `live`, for a store selector: the
 * store changes every frame while replies stream, and a selector given a sampler hands
 * back its last value (the same object, so a shallow or identity check sees no change)
 * until the time is up. Worked out anew whenever `key` changes (other replies, another
 * race) or the race is not live: the end of a race always shows its last figures.
 */
export class Sampler<T> {
  private last?: { at: number; key: string; value: T };

  constructor(private readonly everyMs = RACE_REDRAW_MS) {}

  take(now: number, key: string, live: boolean, work: () => T): T {
    const last = this.last;
    if (live && last && last.key === key && now - last.at < this.everyMs) return last.value;
    const value = work();
    this.last = { at: now, key, value };
    return value;
  }
}
