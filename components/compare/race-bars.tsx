'use client';

import { memo, useId, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useMessagePool } from '@/lib/client/thread/message-pool';
import { useCompareStore } from '@/lib/client/compare/compare-store';
import { sessionPaneNames } from '@/lib/client/compare/pane-names';
import { HIDDEN_PRICE, NO_PRICE, figuresSettled, raceFigures } from '@/lib/client/compare/race-figures';
import { Sampler } from '@/lib/client/compare/race-sampler';
import { frameLoop } from '@/lib/client/thread/page-frames';
import { COST_NOISE, RATE_NOISE, TIME_NOISE, raceWinners, type Noise } from '@/lib/figures/ties';
import { describeTotal, formatUsd, totalCost } from '@/lib/pricing/cost';
import { pricedReply } from '@/lib/client/thread/reply-figures';
import { paneColor, Swatch } from './pane-color';

interface Row {
  name: string;
  value?: number;
  /** Shown instead of a value (a pane whose model has no price). */
  note?: string;
  /** The page's own figure, until the server's replaces it (settle-race.ts): marked "≈". */
  provisional?: boolean;
}

/** "within 5 % or 20 ms": what a tie is, for this figure. */
const noiseText = ({ relative, absolute }: Noise) => `within ${relative * 100} %${absolute ? ` or ${absolute} ms` : ''}`;

/** The best's mark: words and weight, no colour of its own (the colours are the panes'). */
const badge = 'block w-fit ml-auto font-sans font-semibold text-zinc-900 dark:text-zinc-50';

/** A figure the bars compare: its caption, which way is better, what a tie is, its unit, its mark. */
interface Figure {
  title: string;
  hint: string;
  better: 'low' | 'high';
  noise: Noise;
  format: (value: number) => string;
  best: string;
}

/**
 * One figure across the panes, each bar in its pane's colour. The best is marked in
 * words and weight, not a colour; a lead
 * within the noise is no lead: the tied are all marked "(tie)", and when every pane is
 * within it none is, and the caption says so.
 */
function Bars({ title, hint, better, noise, format, best, rows }: Figure & { rows: Row[] }) {
  const max = Math.max(1e-9, ...rows.map((r) => r.value ?? 0));
  const outcome = raceWinners(
    rows.map((r) => r.value),
    better,
    noise,
  );
  const mark = outcome.kind === 'tie' ? `${best} (tie)` : best;
  const id = useId();
  return (
    // Named by its title alone ("Time to first token"), the hint its description: a name
    // that tools and screen readers can use as it is.
    <figure aria-labelledby={`${id}-title`} aria-describedby={`${id}-hint`} className="min-w-0 flex-1">
      {/* Title and hint on one line (two where it is narrow), the tie below the rows. */}
      <figcaption className="mb-1 text-xs font-medium">
        <span id={`${id}-title`}>{title}</span>
        <span aria-hidden className="font-normal text-zinc-600 dark:text-zinc-400">
          {' · '}
        </span>
        <span id={`${id}-hint`} className="font-normal text-zinc-600 dark:text-zinc-400">
          {hint}
        </span>
      </figcaption>
      <table className="w-full text-xs">
        <tbody>
          {rows.map((r, i) => (
            <tr key={r.name}>
              {/* w-full with max-w-0: the name takes what the value leaves, and is cut short rather than widen the page. */}
              <th scope="row" className="w-full max-w-0 py-0.5 pr-2 text-left font-normal text-zinc-600 dark:text-zinc-300">
                <span className="flex items-center gap-1.5" title={r.name}>
                  <Swatch index={i} />
                  <span className="truncate">{r.name}</span>
                </span>
                {/* In the pane's own colour, as its line and swatch are: a winner's green beside a blue swatch read as another pane. */}
                <span
                  data-bar
                  className="mt-0.5 block h-2 rounded"
                  style={{ width: `${((r.value ?? 0) / max) * 100}%`, backgroundColor: paneColor(i) }}
                />
              </th>
              {/* The value beside the name, its mark below it beside the bar: the name keeps the room. */}
              <td
                className={[
                  'whitespace-nowrap pl-2 text-right align-top font-mono',
                  outcome.best.includes(i) ? 'font-semibold text-zinc-900 dark:text-zinc-50' : '',
                ].join(' ')}
              >
                {r.value === undefined ? (r.note ?? '—') : `${r.provisional ? '≈' : ''}${format(r.value)}`}
                {outcome.best.includes(i) ? (
                  <span className={badge} title={outcome.kind === 'tie' ? `${noiseText(noise)} of each other` : undefined}>
                    {mark}
                  </span>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {outcome.kind === 'all-tied' ? (
        <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-300">A tie: all {noiseText(noise)} of each other.</p>
      ) : null}
    </figure>
  );
}

/** Rows alike in all they show. */
const sameRows = (a: Row[], b: Row[]) =>
  a.length === b.length &&
  a.every(
    (r, i) => r.name === b[i]!.name && r.value === b[i]!.value && r.note === b[i]!.note && r.provisional === b[i]!.provisional,
  );

/**
 * A figure's bars, rendered again only when its rows change: while replies stream the
 * cost per output token changes every frame, the time to first token and the speed
 * hardly ever. Its other props are the constant FIGURES'.
 */
const FigureBars = memo(Bars, (before, after) => before.title === after.title && sameRows(before.rows, after.rows));

/** The three figures, in the order raceFigures gives them. */
const FIGURES: Figure[] = [
  {
    title: 'Time to first token',
    hint: 'lower is better',
    better: 'low',
    noise: TIME_NOISE,
    format: (v) => `${v.toFixed(0)} ms`,
    best: 'fastest',
  },
  {
    title: 'Tokens per second',
    hint: 'higher is better',
    better: 'high',
    noise: RATE_NOISE,
    format: (v) => `${v.toFixed(1)} tok/s`,
    best: 'fastest',
  },
  {
    title: 'Cost per output token',
    hint: 'per million, input included; lower is better',
    better: 'low',
    noise: COST_NOISE,
    format: (v) => `${formatUsd(v)}/M`,
    best: 'cheapest',
  },
];

/**
 * Time to first token, tokens per second and cost per output token of each pane's
 * latest reply, side by side, named by the panes' models, the fastest and the cheapest
 * marked, and what the session cost. Memoized: the page renders again as each pane
 * starts, gets its conversation and ends, and the bars need to only when a figure changes.
 * While the race runs the figures are read at the frame loop's beat, as the chart is
 * drawn, not at every frame's store update: the speed and the cost per token change at each one.
 */
export const RaceBars = memo(function RaceBars() {
  const panes = useCompareStore(useShallow((s) => s.panes.map((p) => p.order)));
  const names = useCompareStore(useShallow((s) => sessionPaneNames(s)));
  const replies = panes.map((order) => order.at(-1) ?? '');
  const live = useCompareStore((s) => s.panes.some((p) => p.streaming));
  const [samplers] = useState(() => ({
    figures: new Sampler<(number | undefined)[]>(),
    session: new Sampler<string | undefined>(),
  }));
  const key = panes.flat().join();
  // Flat numbers, so the shallow comparison sees when nothing changed; four a pane (its
  // three figures, then 1 once they are the server's), undefined where a pane has no
  // reply yet, so each pane's figures stay in place.
  const flat = useMessagePool(
    useShallow((s) =>
      samplers.figures.take(frameLoop.beatTime(), key, live, () =>
        replies.flatMap((id) => {
          const [ttft, rate, cost] = raceFigures(s.messages[id]);
          return [ttft, rate, cost, figuresSettled(s.messages[id]) ? 1 : 0];
        }),
      ),
    ),
  );
  const session = useMessagePool((s) =>
    samplers.session.take(frameLoop.beatTime(), key, live, () =>
      describeTotal(
        totalCost(
          panes.flat().flatMap((id) => {
            const m = s.messages[id];
            return m?.role === 'assistant' ? [pricedReply(m)] : [];
          }),
        ),
      ),
    ),
  );
  const rows = (k: number): Row[] =>
    names.map((name, i) => {
      const value = flat[4 * i + k];
      if (value === NO_PRICE) return { name, note: 'no price' };
      return value === HIDDEN_PRICE ? { name, note: 'shown after the vote' } : { name, value, provisional: !flat[4 * i + 3] };
    });
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-col gap-4 sm:flex-row">
        {FIGURES.map((figure, k) => (
          <FigureBars key={figure.title} {...figure} rows={rows(k)} />
        ))}
      </div>
      {session ? (
        <p aria-label="Session cost" className="text-xs text-zinc-600 dark:text-zinc-400">
          This session: <span className="font-mono text-zinc-700 dark:text-zinc-300">{session}</span>
        </p>
      ) : null}
    </div>
  );
});
