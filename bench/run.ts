/** `npm run bench -- NAME` runs one benchmark (no name: all) and writes bench/results/NAME.json. */
import { report, type Metric } from './report';

const BENCHMARKS: Record<string, () => Promise<{ run: () => Promise<Metric[]> }>> = {
  protocols: () => import('./protocols'),
  relay: () => import('./relay'),
  proxy: () => import('./proxy'),
  agents: () => import('./agents'),
  ui: () => import('./ui'),
  log: () => import('./log'),
  markdown: () => import('./markdown'),
  runs: () => import('./runs'),
  storage: () => import('./storage'),
};

const names = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const unknown = names.filter((n) => !(n in BENCHMARKS));
if (unknown.length > 0) {
  console.error(`Unknown benchmark: ${unknown.join(', ')}. Known: ${Object.keys(BENCHMARKS).join(', ')}.`);
  process.exit(2);
}
// A run cut down by RELAY_BENCH_ONLY or UI_BENCH_ONLY (a quick look while working) writes
// NAME.partial.json (not kept in git), so it never stands in for the full results.
const partial = Object.keys(process.env).some((key) => key.endsWith('_BENCH_ONLY') && process.env[key]);
for (const name of names.length > 0 ? names : Object.keys(BENCHMARKS)) {
  const { run } = await BENCHMARKS[name]!();
  report(partial ? `${name}.partial` : name, await run());
}
