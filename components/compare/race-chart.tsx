'use client';

import { useEffect, useRef } from 'react';
import type uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { race, raceSeries, useCompareStore } from '@/lib/client/compare/compare-store';
import { frameLoop } from '@/lib/client/thread/page-frames';

/**
 * How often the chart is redrawn during a race. Each redraw aligns every pane's
 * points on one time axis (at four panes of 1000 tokens/s, with a point per read, it
 * reached 21 ms of a frame; a series now keeps at most a point per frame, and a
 * bounded number in all); ten redraws a second still read as live.
 */
const REDRAW_MS = 100;

const COLORS = ['#0284c7', '#db2777', '#16a34a', '#ea580c', '#7c3aed', '#ca8a04'];

/** All panes' series on one time axis (seconds), each line stepping where its points are. */
function chartData(keys: string[]): uPlot.AlignedData {
  const times = [...new Set(keys.flatMap((k) => raceSeries.get(k)?.at ?? []))].sort((a, b) => a - b);
  const columns = keys.map((k) => {
    const s = raceSeries.get(k);
    if (!s) return times.map(() => null);
    let j = 0;
    return times.map((t) => {
      if (t < s.at[0]!) return null;
      while (j + 1 < s.at.length && s.at[j + 1]! <= t) j++;
      return s.tokens[j]!;
    });
  });
  return [times.map((t) => t / 1000), ...columns] as uPlot.AlignedData;
}

/**
 * Output over time, one line per pane, redrawn ten times a second while any pane streams:
 * time to first token shows as a late start, a stall as a flat stretch. uPlot draws to
 * a canvas fast enough for that; the panes' figures say the same in text.
 */
export function RaceChart() {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<uPlot | undefined>(undefined);
  const panes = useCompareStore((s) => s.panes);
  const streaming = panes.some((p) => p.streaming);
  const keys = panes.map((p) => p.key).join(',');

  // Built once per set of panes, not per race: building it again at Send cost the page
  // a long frame, in the very frame that starts every stream.
  useEffect(() => {
    const el = box.current!;
    const list = keys.split(',');
    let resize: ResizeObserver | undefined;
    let gone = false;
    // uPlot touches the DOM as it loads: it is loaded in the browser only.
    void import('uplot').then(({ default: UPlot }) => {
      if (gone) return;
      const plot = new UPlot(
        {
          width: el.clientWidth || 600,
          height: 180,
          scales: { x: { time: false } },
          axes: [{ label: 'seconds since Send' }, { label: 'output (token events)' }],
          series: [
            {},
            ...list.map((_, i) => ({ label: `Pane ${i + 1}`, stroke: COLORS[i % COLORS.length], width: 2, spanGaps: false })),
          ],
          legend: { show: true },
        },
        chartData(list),
        el,
      );
      chart.current = plot;
      resize = new ResizeObserver(() => plot.setSize({ width: el.clientWidth, height: 180 }));
      resize.observe(el);
    });
    return () => {
      gone = true;
      resize?.disconnect();
      chart.current?.destroy();
      chart.current = undefined;
    };
  }, [keys]);

  // Redrawn while a race runs, and once more as it ends.
  useEffect(() => {
    const list = keys.split(',');
    const draw = () => chart.current?.setData(chartData(list));
    if (!streaming) return void draw();
    let drawn = -Infinity;
    return frameLoop.onFrame((now) => {
      if (now - drawn >= REDRAW_MS) {
        draw();
        drawn = now;
      }
      return race.running > 0;
    });
  }, [keys, streaming]);

  return <div ref={box} role="img" aria-label="Output tokens over time, one line per pane" className="w-full" />;
}
