'use client';

import { memo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useMessagePool } from '@/lib/client/thread/message-pool';
import { useCompareStore } from '@/lib/client/compare/compare-store';
import { costOf, describeTotal, formatUsd, totalCost } from '@/lib/pricing/cost';
import { outputRate, pricedReply } from '@/lib/client/thread/reply-figures';

interface Row {
  pane: string;
  value?: number;
  /** Shown instead of a value (a pane whose model has no price). */
  note?: string;
}

/** One figure across the panes; the best of two or more is marked (text, not only a colour). */
function Bars({
  title,
  better,
  rows,
  format,
  best,
}: {
  title: string;
  better: 'low' | 'high';
  rows: Row[];
  format: (value: number) => string;
  best: string;
}) {
  const max = Math.max(1e-9, ...rows.map((r) => r.value ?? 0));
  const valued = rows.filter((r) => r.value !== undefined);
  const winner =
    valued.length >= 2
      ? valued.reduce((a, b) => ((better === 'low' ? b.value! < a.value! : b.value! > a.value!) ? b : a)).pane
      : undefined;
  return (
    <figure className="flex-1">
      <figcaption className="mb-1 text-xs font-medium">
        {title} <span className="font-normal text-zinc-500">({better === 'low' ? 'lower' : 'higher'} is better)</span>
      </figcaption>
      <table className="w-full text-xs">
        <tbody>
          {rows.map((r) => (
            <tr key={r.pane}>
              <th scope="row" className="w-16 pr-2 text-left font-normal text-zinc-500">
                {r.pane}
              </th>
              <td>
                <div
                  className={`h-3 rounded ${r.pane === winner ? 'bg-emerald-500' : 'bg-sky-500'}`}
                  style={{ width: `${((r.value ?? 0) / max) * 100}%` }}
                />
              </td>
              <td className="w-32 whitespace-nowrap pl-2 text-right font-mono">
                {r.value === undefined ? (r.note ?? '—') : format(r.value)}
                {r.pane === winner ? (
                  <span className="ml-1 rounded bg-emerald-100 px-1 font-sans text-emerald-800 dark:bg-emerald-900 dark:text-emerald-100">
                    {best}
                  </span>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

const NO_PRICE = -1;

/**
 * Time to first token, tokens per second and cost of each pane's latest reply, side by
 * side, the fastest and the cheapest marked, and what the session cost. Memoized: the
 * page renders again as each pane starts, gets its conversation and ends, and the bars
 * need to only when a figure changes.
 */
export const RaceBars = memo(function RaceBars() {
  const panes = useCompareStore(useShallow((s) => s.panes.map((p) => p.order)));
  const replies = panes.map((order) => order.at(-1) ?? '');
  // Flat numbers, so the shallow comparison sees when nothing changed.
  const flat = useMessagePool(
    useShallow((s) =>
      replies.flatMap((id) => {
        const m = s.messages[id];
        if (m?.role !== 'assistant') return [undefined, undefined, undefined];
        const { usage, pricing } = pricedReply(m);
        const cost = usage && pricing !== undefined ? (costOf(usage, pricing ?? undefined)?.usd ?? NO_PRICE) : undefined;
        return [m.figures.firstToken, outputRate(m.reply, m.figures)?.rate, cost];
      }),
    ),
  );
  const session = useMessagePool((s) =>
    describeTotal(
      totalCost(
        panes.flat().flatMap((id) => {
          const m = s.messages[id];
          return m?.role === 'assistant' ? [pricedReply(m)] : [];
        }),
      ),
    ),
  );
  const rows = (k: number): Row[] =>
    replies.map((_, i) => {
      const value = flat[3 * i + k];
      return value === NO_PRICE ? { pane: `Pane ${i + 1}`, note: 'no price' } : { pane: `Pane ${i + 1}`, value };
    });
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-col gap-4 sm:flex-row">
        <Bars title="Time to first token" better="low" rows={rows(0)} format={(v) => `${v.toFixed(0)} ms`} best="fastest" />
        <Bars title="Tokens per second" better="high" rows={rows(1)} format={(v) => `${v.toFixed(1)} tok/s`} best="fastest" />
        <Bars title="Cost" better="low" rows={rows(2)} format={formatUsd} best="cheapest" />
      </div>
      {session ? (
        <p aria-label="Session cost" className="text-xs text-zinc-500">
          This session: <span className="font-mono text-zinc-700 dark:text-zinc-300">{session}</span>
        </p>
      ) : null}
    </div>
  );
});
