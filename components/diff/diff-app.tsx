'use client';

import { useEffect, useMemo, useState } from 'react';
import type { DiffSide } from '@/lib/api/diff';
import { exportHtml } from '@/lib/client/diff/export-html';
import { compareReplies } from '@/lib/client/diff/reply-comparison';
import type { FigureRow } from '@/lib/client/diff/figure-deltas';
import { exposeStats } from '@/lib/client/render-stats';
import { saveFile } from '@/lib/client/save-file';
import { ShareButton } from '../shares/share-button';
import { Button } from '@/components/ui/button';
import { DiffText } from './diff-text';
import { StreamLanes } from './stream-lanes';
import { PageHeader, PageTitle } from '../page-header';

const control = 'rounded-md border border-zinc-300 px-2 py-1 text-xs dark:border-zinc-700';

function Figures({ rows }: { rows: FigureRow[] }) {
  const cell = 'border-b border-zinc-200 px-2 py-1 text-left dark:border-zinc-800';
  const better = (row: FigureRow, side: 'a' | 'b') =>
    row.better === side ? 'font-semibold text-green-800 dark:text-green-300' : '';
  return (
    <section aria-labelledby="figures-heading" className="flex flex-col gap-2">
      <h2 id="figures-heading" className="text-sm font-semibold">
        Figures
      </h2>
      {/* Focusable, as anything that may scroll must be for a keyboard: on a phone the table can be wider than the page. */}
      <div role="group" aria-labelledby="figures-heading" tabIndex={0} className="overflow-x-auto">
        <table className="text-sm tabular-nums">
          <thead>
            <tr>
              <th scope="col" className={cell}>
                Figure
              </th>
              <th scope="col" className={cell}>
                A
              </th>
              <th scope="col" className={cell}>
                B
              </th>
              <th scope="col" className={cell}>
                B − A
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.label}>
                <th scope="row" className={`${cell} font-normal`}>
                  {r.label}
                </th>
                <td className={`${cell} ${better(r, 'a')}`}>{r.a}</td>
                <td className={`${cell} ${better(r, 'b')}`}>{r.b}</td>
                <td className={cell}>
                  {r.delta}
                  {r.better || r.tie ? (
                    <span className="text-zinc-600 dark:text-zinc-400">
                      {' '}
                      ({r.better ? `${r.better.toUpperCase()} better` : 'tie'})
                    </span>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** A side by its model, and by its version when it has others (two versions of a reply differ by nothing else but their ids). */
function SideCard({ side, letter }: { side: DiffSide; letter: 'A' | 'B' }) {
  return (
    <div className="min-w-0 rounded-md border border-zinc-200 px-3 py-2 text-sm dark:border-zinc-800">
      <p className="font-semibold">
        {letter}: {side.reply.provider} · <span className="font-mono">{side.reply.model}</span>
        {side.version ? `, version ${side.version.index} of ${side.version.of}` : null}
      </p>
      <p className="truncate text-xs text-zinc-600 dark:text-zinc-400">
        in “{side.title}” · {side.reply.status} · <span className="font-mono">{side.id}</span>
      </p>
    </div>
  );
}

/**
 * /diff: two stored replies, compared. Their text a word at a time (side by side or
 * inline), their figures with B's difference from A, their streams on one time axis;
 * "Export HTML" saves all of it as one file that opens offline.
 */
export function DiffApp({ a, b }: { a: DiffSide; b: DiffSide }) {
  const comparison = useMemo(() => compareReplies(a, b), [a, b]);
  const [view, setView] = useState<'side' | 'inline'>('side');
  useEffect(exposeStats, []);
  return (
    <main className="flex min-h-screen flex-col gap-5 px-4 pb-6">
      <PageHeader>
        <PageTitle>Diff two replies</PageTitle>
        <Button
          aria-pressed={view === 'inline'}
          onClick={() => setView((v) => (v === 'side' ? 'inline' : 'side'))}
          className={control}
        >
          Inline view
        </Button>
        <Button
          onClick={() =>
            saveFile(`sluice-diff-${a.id.slice(0, 8)}-${b.id.slice(0, 8)}.html`, exportHtml(comparison, new Date()), 'text/html')
          }
          className={control}
        >
          Export HTML
        </Button>
        <ShareButton target={{ kind: 'diff', a: a.id, b: b.id }} className={control} />
      </PageHeader>
      <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
        <SideCard side={a} letter="A" />
        <SideCard side={b} letter="B" />
      </div>
      <Figures rows={comparison.figures} />
      <StreamLanes timelines={comparison.timelines} span={comparison.span} />
      {comparison.sections.map((s) => (
        <DiffText key={s.title} section={s} view={view} />
      ))}
    </main>
  );
}
