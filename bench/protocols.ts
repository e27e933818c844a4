/**
 * parse + decode + assemble of each protocol's largest recording, against the floor
 * measured in the same run: splitting lines and JSON.parse of the same data lines.
 */
import { MessageAssembler } from '@/lib/assemble/assemble';
import { PROTOCOLS } from '@/lib/protocols/ids';
import { createDecoder } from '@/lib/protocols/registry';
import { SseParser } from '@/lib/sse/parser';
import { fixtures, type Fixture } from '@/tests/support/fixtures';
import { median, type Metric } from './report';

const ROUNDS = 7;
const ROUND_MS = 250;

function floor(text: string): number {
  let events = 0;
  for (const line of text.split(/\r\n|\r|\n/)) {
    if (!line.startsWith('data:')) continue;
    try {
      JSON.parse(line.slice(5));
      events++;
    } catch {
      // [DONE] and the like
    }
  }
  return events;
}

/**
 * The recording arrives as a network read delivers it: in pieces of at most 16 KiB (a
 * TLS record). Fed whole, a large recording spent most of its pass decoding its bytes
 * to one string: V8 puts a string over 128 KB in its large-object space, a page
 * mapping per allocation, which no real read ever pays
 * (docs/decisions.md: "Protocols bench: reads of 16 KiB").
 */
const READ_BYTES = 16 * 1024;

function sluice(fixture: Fixture): number {
  const parser = new SseParser();
  const decoder = createDecoder(fixture.protocol);
  const assembler = new MessageAssembler();
  let events = 0;
  const consume = (items: ReturnType<SseParser['feed']>) => {
    for (const item of items) {
      if (item.kind === 'event') events++;
      for (const event of decoder.decode(item)) assembler.push(event);
    }
  };
  for (let offset = 0; offset < fixture.bytes.length; offset += READ_BYTES)
    consume(parser.feed(fixture.bytes.subarray(offset, offset + READ_BYTES)));
  consume(parser.end());
  for (const event of decoder.end?.() ?? []) assembler.push(event);
  assembler.finish();
  return events;
}

/** Events per second of `fn`, run back to back for about ROUND_MS. */
function rate(fn: () => number): number {
  let events = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < ROUND_MS) {
    events += fn();
    elapsed = performance.now() - start;
  }
  return (events / elapsed) * 1000;
}

export async function run(): Promise<Metric[]> {
  const all = fixtures();
  const metrics: Metric[] = [];
  for (const protocol of PROTOCOLS) {
    const largest = all.filter((f) => f.recorded && f.protocol === protocol).sort((a, b) => b.bytes.length - a.bytes.length)[0]!;
    // The floor gets its text already decoded: it is the cheaper side of the comparison.
    const text = new TextDecoder().decode(largest.bytes);
    for (let i = 0; i < 50; i++) {
      floor(text); // warm up both
      sluice(largest);
    }
    const ours: number[] = [];
    const base: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      base.push(rate(() => floor(text)));
      ours.push(rate(() => sluice(largest)));
    }
    const value = median(ours);
    const baseline = median(base);
    const ratio = value / baseline;
    metrics.push({
      metric: `${protocol}: parse+decode+assemble (${largest.file}, ${Math.round(largest.bytes.length / 1024)} KB)`,
      value,
      unit: 'events/s',
      baseline: { name: 'floor: split lines + JSON.parse', value: baseline },
      ratio,
      target: '>= 0.5',
      met: ratio >= 0.5,
    });
  }
  return metrics;
}
