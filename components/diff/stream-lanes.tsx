import { formatMs } from '@/lib/figures/format-duration';
import { sizeBinLabels, timelineFacts, xAt, type Timeline } from '@/lib/client/diff/stream-timeline';

const WIDTH = 1000;
const LANE = 40;

function Lane({ t, span, y }: { t: Timeline | undefined; span: number; y: number }) {
  const x = (at: number) => xAt(at, span, WIDTH);
  return (
    <g>
      <line
        x1={0}
        x2={WIDTH}
        y1={y + LANE - 6}
        y2={y + LANE - 6}
        className="stroke-zinc-300 dark:stroke-zinc-700"
        vectorEffect="non-scaling-stroke"
      />
      {t?.slowStart ? (
        <rect
          x={x(t.slowStart.from)}
          y={y + 2}
          width={Math.max(2, x(t.slowStart.to) - x(t.slowStart.from))}
          height={LANE - 8}
          className="fill-sky-400/20"
          data-slow-start
        />
      ) : null}
      {t?.stalls.map((s) => (
        <rect
          key={s.from}
          x={x(s.from)}
          y={y + 2}
          width={Math.max(2, x(s.to) - x(s.from))}
          height={LANE - 8}
          className="fill-amber-400/50"
          data-stall
        />
      ))}
      {t?.ticks.map((k, i) => (
        <line
          key={i}
          x1={x(k.at)}
          x2={x(k.at)}
          y1={y + 10}
          y2={y + LANE - 8}
          className="stroke-zinc-500"
          strokeWidth={1}
          vectorEffect="non-scaling-stroke"
        />
      ))}
      {t?.firstToken !== undefined ? (
        <line
          x1={x(t.firstToken)}
          x2={x(t.firstToken)}
          y1={y}
          y2={y + LANE - 4}
          className="stroke-sky-600"
          strokeWidth={3}
          vectorEffect="non-scaling-stroke"
        />
      ) : null}
      {t?.thinkingEnd !== undefined ? (
        <line
          x1={x(t.thinkingEnd)}
          x2={x(t.thinkingEnd)}
          y1={y}
          y2={y + LANE - 4}
          className="stroke-violet-600"
          strokeWidth={3}
          strokeDasharray="4 2"
          vectorEffect="non-scaling-stroke"
        />
      ) : null}
      {t?.end !== undefined ? (
        <line
          x1={x(t.end)}
          x2={x(t.end)}
          y1={y}
          y2={y + LANE - 4}
          className="stroke-green-600"
          strokeWidth={3}
          vectorEffect="non-scaling-stroke"
        />
      ) : null}
    </g>
  );
}

/** A side's chunk sizes as a small histogram: a bar over each bin's count, in one table, so each bar stands over its bin. */
function Sizes({ t, label }: { t: Timeline; label: string }) {
  const most = Math.max(1, ...t.sizes);
  return (
    <table className="text-[11px] text-zinc-600 dark:text-zinc-400">
      <caption className="text-left text-xs font-semibold text-zinc-900 dark:text-zinc-100">{label}: event sizes</caption>
      <tbody>
        <tr aria-hidden>
          {t.sizes.map((n, i) => (
            <td key={i} className="h-10 px-0.5 align-bottom">
              <div
                className="mx-auto w-4 rounded-t-sm bg-zinc-400 dark:bg-zinc-500"
                style={{ height: `${Math.max(n ? 4 : 1, Math.round((n / most) * 40))}px` }}
              />
            </td>
          ))}
        </tr>
        <tr>
          {sizeBinLabels.map((l) => (
            <th key={l} scope="col" className="px-0.5 font-normal">
              {l}
            </th>
          ))}
        </tr>
        <tr>
          {t.sizes.map((n, i) => (
            <td key={i} className="px-0.5 text-center">
              {n}
            </td>
          ))}
        </tr>
      </tbody>
    </table>
  );
}

/**
 * Both streams on one time axis, each from its own request's start: every event a tick,
 * stalls shaded (a slow start too, lighter: it is no stall), the first token (blue), the answer after thinking (violet, dashed) and
 * the end (green) marked. The picture is hidden from screen readers; the lists beside
 * it say the same in words.
 */
export function StreamLanes({ timelines, span }: { timelines: [Timeline | undefined, Timeline | undefined]; span: number }) {
  return (
    <section aria-labelledby="streams-heading" className="flex flex-col gap-3">
      <h2 id="streams-heading" className="text-sm font-semibold">
        Streams, on one time axis
      </h2>
      {/* The lane letters and the axis are HTML beside the picture, not text inside it, and
          the picture keeps its height: scaled to a phone's width, its text was 3 px tall. */}
      <div aria-hidden className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-2">
        <div className="flex h-20 flex-col text-[13px] font-semibold text-zinc-700 dark:text-zinc-300">
          {['A', 'B'].map((who) => (
            <span key={who} className="flex flex-1 items-center">
              {who}
            </span>
          ))}
        </div>
        <svg viewBox={`0 0 ${WIDTH} ${LANE * 2}`} preserveAspectRatio="none" className="block h-20 w-full overflow-visible">
          <Lane t={timelines[0]} span={span} y={0} />
          <Lane t={timelines[1]} span={span} y={LANE} />
        </svg>
        <div data-axis className="relative col-start-2 h-5 text-xs text-zinc-600 dark:text-zinc-400">
          {[0, 0.25, 0.5, 0.75, 1].map((f) => (
            <span
              key={f}
              className="absolute top-1 whitespace-nowrap"
              style={{ left: `${f * 100}%`, transform: `translateX(${f === 0 ? 0 : f === 1 ? -100 : -50}%)` }}
            >
              {formatMs(f * span)}
            </span>
          ))}
        </div>
      </div>
      <p className="flex flex-wrap gap-3 text-xs text-zinc-600 dark:text-zinc-400" aria-hidden>
        <span>▮ ticks: events</span>
        <span className="text-amber-700 dark:text-amber-400">■ stall (gap over 500 ms)</span>
        <span className="text-sky-700 dark:text-sky-400">■ slow start (no token yet)</span>
        <span className="text-sky-700 dark:text-sky-400">| first token</span>
        <span className="text-violet-700 dark:text-violet-400">¦ answer after thinking</span>
        <span className="text-green-700 dark:text-green-400">| end</span>
      </p>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        {(['A', 'B'] as const).map((who, i) => (
          <div key={who} className="flex flex-col gap-2">
            <ul aria-label={`Stream ${who}: stalls and marks`} className="list-disc pl-5 text-sm">
              {timelineFacts(who, timelines[i]).map((fact) => (
                <li key={fact}>{fact}</li>
              ))}
            </ul>
            {timelines[i] ? <Sizes t={timelines[i]!} label={who} /> : null}
          </div>
        ))}
      </div>
    </section>
  );
}
