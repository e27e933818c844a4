import 'server-only';
import type { Attributes, Counter, Histogram, Meter } from '@opentelemetry/api';
import { DURATION_BUCKETS, METRICS, SLUICE, TOKEN_BUCKETS } from './semconv';
import { bounded } from './labels';
import type { ChunkHistogram } from './chunk-histogram';

/** Every instrument Sluice records to: the GenAI client metrics, and its own. */
export interface Instruments {
  duration: Histogram;
  timeToFirstChunk: Histogram;
  /** Kept by hand, not through the SDK's instrument (chunk-histogram.ts). */
  timePerOutputChunk: ChunkHistogram;
  tokenUsage: Histogram;
  /** Streams open now, by source: plain counts, read when the metrics are (an increment on a request's path costs nothing). */
  openStreams: Record<'chat' | 'proxy', number>;
  streamJoins: Counter;
  capturesStored: Counter;
  storeWriteDuration: Histogram;
  relayBytes: Counter;
  refusedRequests: Counter;
  cassetteLookups: Counter;
}

/** What `time_per_output_chunk` says of itself, wherever it is read. */
export const CHUNK_DESCRIPTION = 'Time between one chunk of a streamed answer and the next, for each chunk after the first.';

const seconds = (meter: Meter, name: string, description: string, buckets = DURATION_BUCKETS) =>
  meter.createHistogram(name, { unit: 's', description, advice: { explicitBucketBoundaries: buckets } });

/** The instruments on `meter`; `chunks`: the histogram kept by hand, which the readers take through a producer. */
export function makeInstruments(meter: Meter, chunks: ChunkHistogram): Instruments {
  const openStreams = { chat: 0, proxy: 0 };
  meter
    .createObservableUpDownCounter(METRICS.openStreams, {
      unit: '{stream}',
      description: 'Streams in flight: chat replies and proxied exchanges, by sluice.source.',
    })
    .addCallback((result) => {
      for (const [source, open] of Object.entries(openStreams)) result.observe(open, { [SLUICE.source]: source });
    });
  return {
    duration: seconds(meter, METRICS.duration, 'GenAI operation duration: from the request to the end of its answer.'),
    timeToFirstChunk: seconds(
      meter,
      METRICS.timeToFirstChunk,
      "Time to the first chunk that carried tokens (Sluice's time to first token), from the request.",
    ),
    timePerOutputChunk: chunks,
    tokenUsage: meter.createHistogram(METRICS.tokenUsage, {
      unit: '{token}',
      description:
        'Tokens of one call, by gen_ai.token.type: input (cache reads and writes included), output, cache_read, cache_creation.',
      advice: { explicitBucketBoundaries: TOKEN_BUCKETS },
    }),
    openStreams,
    streamJoins: meter.createCounter(METRICS.streamJoins, {
      unit: '{join}',
      description: "Readers that joined a reply's live stream by byte offset (a reload, another tab, another instance).",
    }),
    capturesStored: meter.createCounter(METRICS.capturesStored, {
      unit: '{capture}',
      description: "The recording proxy's captures written, by how each ended.",
    }),
    storeWriteDuration: seconds(meter, METRICS.storeWriteDuration, 'How long one write of a reply or a capture took the store.'),
    relayBytes: meter.createCounter(METRICS.relayBytes, {
      unit: 'By',
      description: 'Upstream bytes relayed to the page or the app, by sluice.source, counted as each stream ends.',
    }),
    refusedRequests: meter.createCounter(METRICS.refusedRequests, {
      unit: '{request}',
      description: 'Requests refused before anything was done, by sluice.refusal.reason (the error code answered).',
    }),
    cassetteLookups: meter.createCounter(METRICS.cassetteLookups, {
      unit: '{lookup}',
      description: 'Cassette playback lookups, by sluice.cassette.result: hit (answered from the cassette) or miss.',
    }),
  };
}

/** Labels without the undefined ones, each bounded. */
export function labels(values: Record<string, string | undefined>): Attributes {
  const out: Attributes = {};
  for (const [name, value] of Object.entries(values)) {
    const kept = bounded(name, value);
    if (kept !== undefined) out[name] = kept;
  }
  return out;
}

export { SLUICE };
