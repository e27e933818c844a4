'use client';

import { memo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useChatStore } from '@/lib/client/chat/chat-store';
import { useCompareStore } from '@/lib/client/compare/compare-store';
import { outputRate } from '../chat/reply-figures';

interface Figure {
  pane: string;
  ttft?: number;
  rate?: number;
}

function Bars({ title, unit, rows, better }: { title: string; unit: string; rows: { pane: string; value?: number }[]; better: 'low' | 'high' }) {
  const max = Math.max(1e-9, ...rows.map((r) => r.value ?? 0));
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
                <div className="h-3 rounded bg-sky-500" style={{ width: `${((r.value ?? 0) / max) * 100}%` }} />
              </td>
              <td className="w-20 pl-2 text-right font-mono">{r.value === undefined ? '—' : `${r.value.toFixed(unit === 'ms' ? 0 : 1)} ${unit}`}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

/**
 * Time to first token and tokens per second of each pane's latest reply, side by side.
 * Memoized: the page renders again as each pane starts, gets its conversation and
 * ends, and the bars need to only when a figure changes.
 */
export const RaceBars = memo(function RaceBars() {
  const replies = useCompareStore(useShallow((s) => s.panes.map((p) => p.order.at(-1) ?? '')));
  // Flat numbers, so the shallow comparison sees when nothing changed.
  const flat = useChatStore(
    useShallow((s) =>
      replies.flatMap((id) => {
        const m = s.messages[id];
        return m?.role === 'assistant' ? [m.figures.firstToken, outputRate(m.reply, m.figures)] : [undefined, undefined];
      }),
    ),
  );
  const figures: Figure[] = replies.map((_, i) => ({ pane: `Pane ${i + 1}`, ttft: flat[2 * i], rate: flat[2 * i + 1] }));
  return (
    <div className="flex flex-col gap-4 sm:flex-row">
      <Bars title="Time to first token" unit="ms" better="low" rows={figures.map((f) => ({ pane: f.pane, value: f.ttft }))} />
      <Bars title="Tokens per second" unit="tok/s" better="high" rows={figures.map((f) => ({ pane: f.pane, value: f.rate }))} />
    </div>
  );
});
