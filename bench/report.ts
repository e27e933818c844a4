import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';

export interface Metric {
  metric: string;
  value: number;
  unit: string;
  baseline: { name: string; value: number };
  /** value / baseline.value */
  ratio: number;
  /** e.g. ">= 0.5" (ratio) */
  target: string;
  met: boolean;
}

export interface BenchResult {
  name: string;
  date: string;
  machine: { cpu: string; cores: number; memoryGiB: number; node: string; platform: string };
  metrics: Metric[];
}

export function machine(): BenchResult['machine'] {
  return {
    cpu: cpus()[0]?.model ?? 'unknown',
    cores: cpus().length,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
  };
}

/** Prints the table and writes bench/results/NAME.json. */
export function report(name: string, metrics: Metric[]): BenchResult {
  const result: BenchResult = { name, date: new Date().toISOString(), machine: machine(), metrics };
  const dir = join(process.cwd(), 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${name}.json`), JSON.stringify(result, null, 2) + '\n');
  console.log(`\n${name} (${result.machine.cpu}, ${result.machine.cores} cores, node ${result.machine.node})`);
  console.table(
    metrics.map((m) => ({
      metric: m.metric,
      value: `${fmt(m.value)} ${m.unit}`,
      baseline: `${fmt(m.baseline.value)} (${m.baseline.name})`,
      ratio: m.ratio.toFixed(2),
      target: m.target,
      met: m.met ? 'yes' : 'NO',
    })),
  );
  console.log(`wrote bench/results/${name}.json`);
  return result;
}

function fmt(n: number): string {
  return n >= 100 ? Math.round(n).toLocaleString('en-US') : n.toFixed(2);
}

/** Median of a list of numbers. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The p-th percentile of a list of numbers (the nearest rank at or above). */
export function pct(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** One figure beside its baseline from the same run, both and their ratio to two decimals. */
export function metric(
  name: string,
  value: number,
  base: string,
  baseValue: number,
  unit: string,
  target: string,
  met: boolean,
): Metric {
  return {
    metric: name,
    value: round2(value),
    unit,
    baseline: { name: base, value: round2(baseValue) },
    ratio: round2(value / Math.max(1e-9, baseValue)),
    target,
    met,
  };
}
