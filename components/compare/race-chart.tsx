'use client';

import { useEffect, useRef, useState } from 'react';
import type uPlot from 'uplot';
import { useShallow } from 'zustand/react/shallow';
import 'uplot/dist/uPlot.min.css';
import { race, raceSeries, useCompareStore } from '@/lib/client/compare/compare-store';
import { sessionPaneNames } from '@/lib/client/compare/pane-names';
import { alignRace } from '@/lib/client/compare/race-chart-data';
import { loadStoredRaces } from '@/lib/client/compare/stored-series';
import { frameLoop } from '@/lib/client/thread/page-frames';
import { paneColor, Swatch } from './pane-color';

/** Short: the race sits above the panes, and the replies are what the page is for. */
const HEIGHT = 140;

/**
 * Where each line ends, as text beside its name once the race is over: the canvas has
 * no words, and lines that run together (the same stream from two protocols) hide one
 * another. Not updated while the race runs: that would render the legend every redraw.
 */
function lineEnds(keys: string[]): string[] {
  return keys.map((k) => {
    const series = raceSeries.get(k);
    const end = series?.end();
    if (!series || !end || end.tokens <= 0) return '';
    // "≈": the tokens estimated from the text, until the reply says its own count; the
    // time the page's own reading, until the stored race replaces it (settle-race.ts).
    return `${series.exact ? '' : '≈'}${end.tokens} tokens by ${series.stored ? '' : '≈'}${(end.at / 1000).toFixed(2)} s`;
  });
}

/** Draws the race as it stands: every pane's series on one time axis. */
function draw(plot: uPlot | undefined, keys: string[]): void {
  if (!plot) return;
  const data = alignRace(keys.map((k) => raceSeries.get(k))) as uPlot.AlignedData;
  plot.setData(data);
  // uPlot spreads a lone point (the start, before any token) over 0–100 seconds.
  if (data[0].length < 2) plot.setScale('x', { min: 0, max: 1 });
}

/**
 * The axes' colors, from the chart's CSS variables: a canvas follows no stylesheet, and
 * uPlot's default (black) text is unreadable on the dark theme. Read when the chart is
 * built and when the theme changes, not as it draws: during a race the page changes
 * every frame, and each read would make the browser work out its styles there and then.
 */
function themeColors(box: HTMLElement) {
  const style = getComputedStyle(box);
  return { text: style.getPropertyValue('--chart-text').trim(), grid: style.getPropertyValue('--chart-grid').trim() };
}

function axis(colors: { current: ReturnType<typeof themeColors> }): uPlot.Axis {
  return {
    stroke: () => colors.current.text,
    grid: { stroke: () => colors.current.grid },
    ticks: { stroke: () => colors.current.grid },
  };
}

/** Each chart box's uPlot, for the redraws: the chart lives outside React's state. */
const charts = new WeakMap<HTMLDivElement, uPlot>();

/** Built with the panes; drawn again when the theme changes, as its axes' colors did. */
function createChart(UPlot: typeof uPlot, box: HTMLDivElement, keys: string[]): () => void {
  const steps = UPlot.paths.stepped!({ align: 1 });
  const colors = { current: themeColors(box) };
  const plot = new UPlot(
    {
      width: box.clientWidth || 600,
      height: HEIGHT,
      // From zero, at least a second wide and ten tokens high, where there is less to show.
      scales: {
        x: { time: false, range: (_u, _min, max) => [0, Math.max(1, max)] },
        y: { range: (_u, _min, max) => [0, Math.max(10, max)] },
      },
      // The axes' titles are the page's own text beside the canvas (RaceChart): they wrap
      // and follow the theme instead of being cut at the canvas' edge.
      axes: [axis(colors), axis(colors)],
      // Stepped: a count holds until the next read, so the first token is a late start, not
      // a slope from zero; across the gaps at the other panes' reads (alignRace). No dots at
      // the reads: a race has hundreds, and uPlot dots sparse lines.
      series: [
        {},
        ...keys.map((_, i) => ({ stroke: paneColor(i), width: 2, spanGaps: true, paths: steps, points: { show: false } })),
      ],
      // The legend is the page's, naming each line by its pane (uPlot's shows "Value: --" until hovered).
      legend: { show: false },
    },
    [[], ...keys.map(() => [])],
    box,
  );
  draw(plot, keys);
  const resize = new ResizeObserver(() => plot.setSize({ width: box.clientWidth, height: HEIGHT }));
  resize.observe(box);
  const theme = new MutationObserver(() => {
    colors.current = themeColors(box);
    plot.redraw(false);
  });
  theme.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
  charts.set(box, plot);
  return () => {
    resize.disconnect();
    theme.disconnect();
    charts.delete(box);
    plot.destroy();
  };
}

/**
 * Output over time, one line per pane, redrawn four times a second while any pane streams
 * (at the frame loop's beat, with the bars and the panes' clocks; each redraw aligns
 * every pane's points on one time axis, a bounded number per series):
 * time to first token shows as a late start, a stall as a flat stretch. uPlot draws to
 * a canvas fast enough for that; the legend below names the lines, and the bars and the
 * panes' figures say the same in text.
 */
export function RaceChart() {
  const box = useRef<HTMLDivElement>(null);
  const keys = useCompareStore((s) => s.panes.map((p) => p.key).join(','));
  const streaming = useCompareStore((s) => s.panes.some((p) => p.streaming));
  const empty = useCompareStore((s) => s.panes.every((p) => p.order.length === 0));
  const names = useCompareStore(useShallow((s) => sessionPaneNames(s)));
  // A pane's race replaced by its stored one: the lines and the legend are drawn again.
  const settled = useCompareStore((s) => s.settledRaces ?? 0);
  const [ends, setEnds] = useState<string[]>([]);

  // Built once per set of panes, not per race: building it again at Send cost the page
  // a long frame, in the very frame that starts every stream.
  useEffect(() => {
    let destroy: (() => void) | undefined;
    let gone = false;
    // uPlot touches the DOM as it loads: it is loaded in the browser only.
    void import('uplot').then(({ default: UPlot }) => {
      if (!gone) destroy = createChart(UPlot, box.current!, keys.split(','));
    });
    return () => {
      gone = true;
      destroy?.();
    };
  }, [keys]);

  // Redrawn while a race runs, and once more as it ends; a race this page did not see
  // (a session reopened) is read from the store first.
  useEffect(() => {
    const list = keys.split(',');
    const redraw = () => draw(charts.get(box.current!), list);
    if (!streaming) {
      let gone = false;
      const settle = () => {
        redraw();
        const next = lineEnds(list);
        setEnds((now) => (now.join('\n') === next.join('\n') ? now : next));
      };
      settle();
      void loadStoredRaces().then(() => !gone && settle());
      return () => void (gone = true);
    }
    return frameLoop.onBeat(() => {
      redraw();
      return race.running > 0;
    });
  }, [keys, streaming, settled]);

  const label = empty ? 'Output over time: nothing yet' : `Output over time, one line per model: ${names.join(', ')}`;
  return (
    <div className="flex flex-col gap-1">
      <div className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-1 text-xs text-zinc-600 dark:text-zinc-300">
        <span className={`rotate-180 [writing-mode:vertical-rl] ${empty ? 'invisible' : ''}`}>tokens (≈)</span>
        <div className="relative">
          {/* Before the race, the canvas and the axes' titles (axes of nothing) hide behind the message; the image and its label stay. */}
          <div
            ref={box}
            role="img"
            aria-label={label}
            className={[
              'w-full',
              empty ? '[&_.uplot]:invisible' : '',
              '[--chart-grid:#e4e4e7] [--chart-text:#52525b] dark:[--chart-grid:#27272a] dark:[--chart-text:#d4d4d8]',
            ].join(' ')}
            style={{ minHeight: HEIGHT }}
          />
          {empty ? (
            <p className="absolute inset-0 flex items-center justify-center px-6 text-center text-sm text-zinc-600 dark:text-zinc-400">
              Once you send, each model’s output is drawn here as it streams, one line per model: a late start is a slow first
              token, a flat stretch a stall.
            </p>
          ) : null}
        </div>
        <span />
        <span className={`text-center ${empty ? 'invisible' : ''}`}>seconds since Send</span>
      </div>
      <ul aria-label="Chart legend" className="flex flex-wrap justify-center gap-x-4 gap-y-1 text-xs">
        {names.map((name, i) => (
          // Wrapped, not cut: on a phone a cut name lost the model, the one word that told the lines apart.
          <li key={name} className="flex min-w-0 flex-wrap items-center gap-x-1.5">
            <Swatch index={i} />
            <span className="[overflow-wrap:anywhere]">{name}</span>
            {ends[i] ? ' ' : null}
            {ends[i] ? <span className="text-zinc-600 dark:text-zinc-400">· {ends[i]}</span> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
