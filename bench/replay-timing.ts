/**
 * `/replay/{id}`'s timing (issue 37's fidelity), measured on the server bench/proxy.ts
 * starts, against its bench upstream:
 *
 * - at `pace=recorded`, each read's gap to the one before, less the gap between the
 *   recorded reads it carries (p50 and p99 of |error|; target <= 5 ms). Baseline: the
 *   bench upstream's own pacing, in turns with it: |its write gap − the 5 ms it asked its
 *   timer for|, what a timer-paced Node stream keeps on this machine at that moment.
 * - at `pace=instant`, a 2,000-event stream served whole (target < 50 ms). Baseline: the
 *   same 2,000 events straight from the bench upstream, written as fast as read.
 */
import { request } from 'node:http';
import type { CaptureDetail, CapturePage } from '@/lib/api/captures';
import { stream, type Target } from './relay-streams';
import { median, pct, type Metric } from './report';

/** The recorded stream: 100 events 5 ms apart (its reads recorded as the proxy got them). */
const PACED_MS = 5;
const PACED = `stamped-100-${PACED_MS}`;
const BURST = 'burst-2000';
const REPLAYS = 5;
const INSTANT_RUNS = 15;

/** One GET, each read's arrival (ms since the request) and its end's byte offset. */
function reads(url: string): Promise<{ at: number[]; ends: number[]; total: number }> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const at: number[] = [];
    const ends: number[] = [];
    let offset = 0;
    request(url, (res) => {
      res.on('data', (data: Buffer) => {
        at.push(performance.now() - start);
        ends.push((offset += data.byteLength));
      });
      res.on('end', () => resolve({ at, ends, total: performance.now() - start }));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

/** The newest ended capture of `model`, whole; it is written once its stream's copy is read, so waited for. */
async function captureOf(origin: string, model: string): Promise<CaptureDetail> {
  for (let i = 0; i < 300; i++) {
    const page = (await (await fetch(`${origin}/api/captures?model=${model}&limit=1`)).json()) as CapturePage;
    const found = page.items.find((c) => c.status === 'complete');
    if (found) return (await (await fetch(`${origin}/api/captures/${found.id}`)).json()) as CaptureDetail;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`replay bench: no capture of ${model}`);
}

/** |replayed gap − recorded gap| for each read after the first; a read that carries several recorded ones ends where the last did. */
function gapErrors(recorded: { sizes: number[]; at: number[] }, replayed: { at: number[]; ends: number[] }): number[] {
  const recordedAt = new Map<number, number>();
  let offset = 0;
  recorded.sizes.forEach((size, i) => recordedAt.set((offset += size), recorded.at[i]!));
  const errors: number[] = [];
  for (let i = 1; i < replayed.at.length; i++) {
    const [end, previous] = [recordedAt.get(replayed.ends[i]!), recordedAt.get(replayed.ends[i - 1]!)];
    if (end === undefined || previous === undefined) throw new Error('replay bench: a read ended inside a recorded one');
    errors.push(Math.abs(replayed.at[i]! - replayed.at[i - 1]! - (end - previous)));
  }
  return errors;
}

const ms = (v: number) => Math.round(v * 1000) / 1000;

/** The replay's figures; `proxy` is the bench upstream through Sluice's /proxy (what records it), `direct` the upstream itself. */
export async function replayTiming(origin: string, proxy: Target, direct: Target): Promise<Metric[]> {
  console.error('proxy bench: replay timing');
  // Recorded through the proxy: its capture's reads and their times are the recording.
  await stream(proxy, PACED);
  await stream(proxy, BURST);
  const [paced, burst] = [await captureOf(origin, PACED), await captureOf(origin, BURST)];

  // Replays and direct streams in turns, so a noisy spell of this shared machine falls on both alike.
  const replayErrors: number[] = [];
  const directErrors: number[] = [];
  for (let i = 0; i < REPLAYS; i++) {
    replayErrors.push(...gapErrors(paced.chunks!, await reads(`${origin}/replay/${paced.id}/chat/completions`)));
    // When the upstream wrote each event: its arrival less its delay (bench/relay-streams.ts `stream`).
    const { delays = [], eventTimes } = await stream(direct, PACED);
    const written = delays.map((d, k) => eventTimes[k]! - d);
    directErrors.push(...written.slice(1).map((w, k) => Math.abs(w - written[k]! - PACED_MS)));
  }
  const instant: number[] = [];
  const straight: number[] = [];
  let events = 0;
  for (let i = 0; i < INSTANT_RUNS; i++) {
    const replayed = await reads(`${origin}/replay/${burst.id}/chat/completions?pace=instant`);
    instant.push(replayed.total);
    const started = performance.now();
    events = (await stream(direct, BURST)).events;
    straight.push(performance.now() - started);
  }

  const gap = (p: number): Metric => ({
    metric: `replay at pace=recorded: |a read's gap − its recorded gap| p${p} (${replayErrors.length} gaps, ${PACED})`,
    value: ms(pct(replayErrors, p)),
    unit: 'ms',
    baseline: {
      name: `the bench upstream's own timer: |its write gap − ${PACED_MS} ms| p${p}`,
      value: ms(pct(directErrors, p)),
    },
    ratio: pct(replayErrors, p) / pct(directErrors, p),
    target: '<= 5 ms',
    met: pct(replayErrors, p) <= 5,
  });
  return [
    gap(50),
    gap(99),
    {
      metric: `replay at pace=instant: a ${burst.chunks?.sizes.length ?? 0}-read stream of ${events.toLocaleString('en-US')} events served whole, p50`,
      value: ms(median(instant)),
      unit: 'ms',
      baseline: { name: `the same events direct from the upstream, p50`, value: ms(median(straight)) },
      ratio: median(instant) / median(straight),
      target: '< 50 ms',
      met: median(instant) < 50,
    },
  ];
}
