/**
 * Not a benchmark: an A/B of two builds on one ui bench scenario, the way this shared
 * machine allows. The floor, the other checkout's build and this one's run in turns,
 * each round in the same browser, and the medians are printed side by side; one run
 * of one build says little here. Build both first (`npx next build` in each).
 *
 *   npx tsx bench/ab-ui.ts OTHER_CHECKOUT ['tokens=1000 tps=1000 delay=0'] [panes] [rounds]
 */
import { startNextServer } from '../tests/support/next-server';
import { launchBrowser } from './browser';
import { median } from './report';
import { measure, type Run } from './ui';

const [others, prompt = 'tokens=1000 tps=1000 delay=0', panes = '4', rounds = '5'] = process.argv.slice(2);
if (!others) {
  console.error('usage: npx tsx bench/ab-ui.ts OTHER_CHECKOUT[,OTHER…] [prompt] [panes] [rounds]');
  process.exit(2);
}

/** Starts Sluice's server in `dir`: the server runs the build found there. */
async function serverIn(dir: string) {
  const here = process.cwd();
  process.chdir(dir);
  try {
    return await startNextServer({ SLUICE_CONFIG: '', SLUICE_BENCH_PAGES: '1' });
  } finally {
    process.chdir(here);
  }
}

const FIGURES: [string, (run: Run) => number][] = [
  ['main-thread ms (judged)', (r) => r.taskMs],
  ['script ms', (r) => r.scriptMs],
  ['style+layout ms', (r) => r.layoutMs],
  ['thread CPU ms', (r) => r.threadCpuMs],
  ['store updates', (r) => r.commits],
  ['long frames', (r) => r.longFrames],
  ['p95 frame ms', (r) => r.p95FrameMs],
];

const mine = await serverIn('.');
const theirs: [string, Awaited<ReturnType<typeof serverIn>>][] = [];
for (const other of others.split(',')) theirs.push([other, await serverIn(other)]);
const browser = await launchBrowser();
const runs: Record<string, Run[]> = { floor: [], ...Object.fromEntries(theirs.map(([other]) => [other, []])), this: [] };
try {
  await measure(browser, mine.origin, 'sluice', 'tokens=100 tps=5000 delay=0'); // warm up
  for (let round = 1; round <= Number(rounds); round++) {
    console.error(`round ${round}/${rounds}`);
    runs.floor!.push(await measure(browser, mine.origin, 'floor', prompt, Number(panes)));
    for (const [other, server] of theirs)
      runs[other]!.push(await measure(browser, server.origin, 'sluice', prompt, Number(panes)));
    runs.this!.push(await measure(browser, mine.origin, 'sluice', prompt, Number(panes)));
  }
  console.table(
    Object.fromEntries(
      Object.entries(runs).map(([name, list]) => [
        name,
        Object.fromEntries(FIGURES.map(([figure, of]) => [figure, Math.round(median(list.map(of)))])),
      ]),
    ),
  );
} finally {
  await browser.close();
  await mine.stop();
  for (const [, server] of theirs) await server.stop();
}
