import { formatUsd } from '@/lib/pricing/cost';
import type { ReplySummary } from '@/lib/assemble/reply-summary';
import { formatMs } from '../../figures/format-duration';
import { COST_NOISE, RATE_NOISE, TIME_NOISE, betterOfTwo, type Noise } from '../../figures/ties';

/** One figure of the two replies, as the table shows it: each side's value, B's difference from A, and which is better. */
export interface FigureRow {
  label: string;
  a: string;
  b: string;
  /** B − A, signed, in the figure's unit; "same" or "differs" for a word; empty when a side has no figure. */
  delta: string;
  /** The side whose figure is better, when the figure has a better (faster, cheaper) and they differ by more than noise. */
  better?: 'a' | 'b';
  /** They differ, but within the noise a race calls a tie (see lib/figures/ties.ts). */
  tie?: true;
}

/** Which way is better, and how close is a tie; neither: a figure with no better (a token count). */
type Better = { better: 'low' | 'high'; noise: Noise } | 'neither';

const DASH = '—';
const FASTER: Better = { better: 'low', noise: TIME_NOISE };
const HIGHER_RATE: Better = { better: 'high', noise: RATE_NOISE };
const LOWER_COST: Better = { better: 'low', noise: COST_NOISE };

function numberRow(
  label: string,
  a: number | undefined,
  b: number | undefined,
  format: (n: number) => string,
  better: Better,
  estimated: [boolean, boolean] = [false, false],
): FigureRow {
  const show = (n: number | undefined, about: boolean) => (n === undefined ? DASH : (about ? '≈' : '') + format(n));
  const row: FigureRow = { label, a: show(a, estimated[0]), b: show(b, estimated[1]), delta: '' };
  if (a === undefined || b === undefined) return row;
  const d = b - a;
  row.delta = d === 0 ? '0' : `${d > 0 ? '+' : '−'}${format(Math.abs(d))}`;
  if (d === 0 || better === 'neither') return row;
  const side = betterOfTwo(a, b, better.better, better.noise);
  if (side === 'tie') row.tie = true;
  else row.better = side;
  return row;
}

/**
 * The two replies' figures side by side, each from the reply's own summary (the one the
 * event log's export and a compare session's export carry: `replySummary`), so the
 * table says what the chat's figures line said. `finish` is each finish reason as its
 * provider said it; `kinds`, as Sluice reads it ("stop", "length", "tool-calls", …).
 */
export function figureDeltas(
  a: ReplySummary,
  b: ReplySummary,
  finish: [string | undefined, string | undefined],
  kinds: [string | undefined, string | undefined] = finish,
): FigureRow[] {
  const tokens = (n: number) => String(Math.round(n));
  const rate = (n: number) => `${n.toFixed(1)} tok/s`;
  const cost = (s: ReplySummary) => (s.cost === null ? undefined : s.cost.usd);
  const costRow = numberRow('Cost', cost(a), cost(b), formatUsd, LOWER_COST, [!!a.usageEstimated, !!b.usageEstimated]);
  // "no price" is not a missing figure: it is what the model costs as far as anyone knows.
  if (a.cost === null && a.usage) costRow.a = 'no price';
  if (b.cost === null && b.usage) costRow.b = 'no price';
  const [fa, fb] = finish;
  const [ka, kb] = kinds;
  return [
    numberRow('Time to first token', a.ttftMs, b.ttftMs, formatMs, FASTER),
    numberRow('Tokens per second', a.speed?.tokensPerSecond, b.speed?.tokensPerSecond, rate, HIGHER_RATE),
    numberRow('Total time', a.totalMs, b.totalMs, formatMs, FASTER),
    numberRow('Tokens in', a.usage?.inputTokens, b.usage?.inputTokens, tokens, 'neither'),
    numberRow('Tokens out', a.usage?.outputTokens, b.usage?.outputTokens, tokens, 'neither', [
      !!a.usageEstimated,
      !!b.usageEstimated,
    ]),
    costRow,
    {
      label: 'Finish reason',
      a: fa ?? DASH,
      b: fb ?? DASH,
      // Shown in each provider's own word, compared by what it means: Anthropic's "end_turn"
      // and OpenAI's "stop" are one ending, and "differs" sent the user looking for none.
      delta:
        fa === undefined || fb === undefined
          ? ''
          : fa === fb
            ? 'same'
            : ka !== undefined && ka === kb
              ? `same (both ${ka})`
              : 'differs',
    },
  ];
}
