import 'server-only';
import type { Attributes } from '@opentelemetry/api';

interface Series {
  attributes: Attributes;
  counts: number[];
  sum: number;
  count: number;
  min: number;
  max: number;
  /** Epoch ms of its first record: the cumulative series' start. */
  start: number;
}

/** A histogram's data point as the SDK's readers take it (sdk-metrics' `DataPoint<Histogram>`). */
export interface HistogramPoint {
  startTime: [number, number];
  endTime: [number, number];
  attributes: Attributes;
  value: { buckets: { boundaries: number[]; counts: number[] }; sum: number; count: number; min: number; max: number };
}

const hrTime = (epochMs: number): [number, number] => {
  const seconds = Math.floor(epochMs / 1000);
  return [seconds, Math.round((epochMs - seconds * 1000) * 1e6)];
};

/**
 * `gen_ai.client.operation.time_per_output_chunk`, kept by hand: the conventions record
 * it for every chunk after the first, and a reply of 2,000 events would be 2,000 records
 * through the SDK's instrument, ~5 µs each (its attributes hashed at every one), 10 ms of
 * CPU per reply. Here a reply's gaps go into its series' bucket counts in one loop, its
 * labels looked up once; the readers take the series, cumulative, through a
 * MetricProducer (state.ts), as they take the SDK's own.
 */
export class ChunkHistogram {
  private readonly series = new Map<string, Series>();

  constructor(private readonly boundaries: number[]) {}

  /** Each gap between two of `times` (ms, in order), as seconds. */
  recordGaps(attributes: Attributes, times: ArrayLike<number>): void {
    if (times.length < 2) return;
    const key = JSON.stringify(attributes);
    let series = this.series.get(key);
    if (!series) {
      const counts = new Array<number>(this.boundaries.length + 1).fill(0);
      series = { attributes, counts, sum: 0, count: 0, min: Infinity, max: -Infinity, start: Date.now() };
      this.series.set(key, series);
    }
    const { boundaries } = this;
    for (let i = 1; i < times.length; i++) {
      const gap = Math.max(0, times[i]! - times[i - 1]!) / 1000;
      let bucket = 0;
      while (bucket < boundaries.length && gap > boundaries[bucket]!) bucket++;
      series.counts[bucket]!++;
      series.sum += gap;
      series.count++;
      if (gap < series.min) series.min = gap;
      if (gap > series.max) series.max = gap;
    }
  }

  /** Every series as it stands, cumulative since its first record. */
  points(now = Date.now()): HistogramPoint[] {
    return [...this.series.values()].map((s) => ({
      startTime: hrTime(s.start),
      endTime: hrTime(now),
      attributes: s.attributes,
      value: {
        buckets: { boundaries: this.boundaries, counts: [...s.counts] },
        sum: s.sum,
        count: s.count,
        min: s.min,
        max: s.max,
      },
    }));
  }
}
