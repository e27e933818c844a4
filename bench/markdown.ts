/**
 * The markdown worker's job: every streaming tail of a simulator reply parsed to a HAST
 * tree (as the worker sees them, a prefix every 40 characters of each block), against
 * the same pipeline with remark-gfm always on, in alternating rounds.
 */
import remend from 'remend';
import { splitBlocks } from '@/lib/client/markdown/markdown-blocks';
import { markdownPipeline, markdownToHast } from '@/lib/markdown/to-hast';
import { markdownReply } from '@/lib/simulator/content';
import { seededRandom } from '@/lib/seeded-random';
import { median, type Metric } from './report';

const ROUNDS = 7;
const TAIL_STEP = 40;

function streamingTails(): string[] {
  const tails: string[] = [];
  for (const block of splitBlocks(markdownReply(seededRandom(7), 3000).join(''))) {
    for (let n = TAIL_STEP; n < block.length + TAIL_STEP; n += TAIL_STEP) tails.push(block.slice(0, n));
  }
  return tails;
}

function timed(tails: string[], parse: (tail: string) => unknown): number {
  const start = performance.now();
  for (const tail of tails) parse(tail);
  return performance.now() - start;
}

export async function run(): Promise<Metric[]> {
  const tails = streamingTails();
  const gfm = markdownPipeline(true);
  const alwaysGfm = (tail: string) => {
    const source = remend(tail);
    return gfm.runSync(gfm.parse(source), source);
  };
  const ours = (tail: string) => markdownToHast(tail, true);
  timed(tails, alwaysGfm); // warm up both
  timed(tails, ours);
  const base: number[] = [];
  const sluice: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    base.push(timed(tails, alwaysGfm));
    sluice.push(timed(tails, ours));
  }
  const value = median(sluice);
  const baseline = median(base);
  return [
    {
      metric: `parse ${tails.length} streaming tails of a 3000-token simulator reply to HAST`,
      value,
      unit: 'ms',
      baseline: { name: 'the same pipeline with remark-gfm on every block', value: baseline },
      ratio: value / baseline,
      target: '< 1 (GFM only where its characters are)',
      met: value < baseline,
    },
  ];
}
