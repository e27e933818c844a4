'use client';

import { useEffect, useRef, useState } from 'react';
import { StreamReader } from '@/lib/assemble/stream-reader';
import { EventLog } from '@/lib/event-log/event-log';
import { EventLogView } from '../event-log/event-log-view';

type Bench = { ready: boolean; done: boolean; start: (count: number, perSecond: number) => void };
const bench = (): Bench => (window as unknown as { __bench: Bench }).__bench;

const chunk = (i: number) =>
  `data: {"id":"b","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"t${i} "}}]}\n\n`;

/** Calls `push(i)` for `count` events at `perSecond`, on a 10 ms timer, then `end()`. */
function feed(count: number, perSecond: number, push: (i: number) => void, end: () => void): void {
  const started = performance.now();
  let sent = 0;
  const timer = setInterval(() => {
    const due = Math.min(count, Math.floor(((performance.now() - started) / 1000) * perSecond));
    while (sent < due) push(sent++);
    if (sent >= count) {
      clearInterval(timer);
      end();
    }
  }, 10);
}

/** The app's own event log view, fed through the same reader a live stream uses. */
function SluiceLog() {
  const [log, setLog] = useState<EventLog>();
  useEffect(() => {
    bench().start = (count, perSecond) => {
      const next = new EventLog('openai-chat');
      const reader = new StreamReader('openai-chat', next.record);
      setLog(next);
      feed(
        count,
        perSecond,
        (i) => reader.push(chunk(i), performance.now()),
        () => {
          next.end();
          requestAnimationFrame(() => (bench().done = true));
        },
      );
    };
    bench().ready = true;
  }, []);
  return (
    <div className="flex h-screen w-[30rem] flex-col">
      <EventLogView log={log} empty="" />
    </div>
  );
}

/** The floor: every animation frame, the new events appended as plain divs, scrolled to the end. */
function Floor() {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    bench().start = (count, perSecond) => {
      const pending: string[] = [];
      let ended = false;
      const frame = () => {
        const el = box.current!;
        const fragment = document.createDocumentFragment();
        for (const text of pending) fragment.appendChild(Object.assign(document.createElement('div'), { textContent: text }));
        pending.length = 0;
        el.appendChild(fragment);
        el.scrollTop = el.scrollHeight;
        if (ended) bench().done = true;
        else requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
      feed(
        count,
        perSecond,
        (i) => pending.push(`#${i} message ${chunk(i).trim()}`),
        () => (ended = true),
      );
    };
    bench().ready = true;
  }, []);
  return <div ref={box} className="h-screen w-[30rem] overflow-auto font-mono text-[11px]" />;
}

export function LogBaseline({ mode }: { mode: 'sluice' | 'floor' }) {
  if (typeof window !== 'undefined')
    (window as unknown as { __bench: Bench }).__bench ??= { ready: false, done: false, start: () => undefined };
  return mode === 'floor' ? <Floor /> : <SluiceLog />;
}
