'use client';

import { marked } from 'marked';
import { useEffect, useRef, useState } from 'react';
import { StreamReader } from '@/lib/assemble/stream-reader';
import type { ProtocolId } from '@/lib/protocols/ids';

type Starter = (prompt: string) => Promise<void>;
type Bench = { renders: number; done: boolean; ready: boolean; start: (prompt: string) => void; starters: Starter[] };
const bench = (): Bench => (window as unknown as { __bench: Bench }).__bench;

/** Reads /api/chat like the app does, handing each chunk's new text to `onText`. */
async function stream(prompt: string, onText: (text: string) => void): Promise<void> {
  const response = await fetch('/api/chat', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ provider: 'sim-openai', model: 'sim-markdown', messages: [{ role: 'user', content: prompt }] }),
  });
  const reader = new StreamReader(response.headers.get('x-sluice-protocol') as ProtocolId);
  const body = response.body!.getReader();
  for (let r = await body.read(); !r.done; r = await body.read()) {
    const { events } = reader.push(r.value, 0);
    const text = events.flatMap((e) => (e.type === 'text-delta' ? [e.text] : [])).join('');
    if (text) onText(text);
  }
}

/** Registers one stream's starter; `start` runs them all at once and is done when all are. */
function useStarter(starter: Starter): void {
  useEffect(() => {
    bench().starters.push(starter);
    // Registered once per mounted stream; the page is built for one measurement.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

/** Naive: a state update per chunk, the whole message re-parsed as markdown each time. */
function Naive() {
  const [text, setText] = useState('');
  useEffect(() => {
    bench().renders++;
  });
  useStarter((prompt) => {
    setText('');
    return stream(prompt, (delta) => setText((t) => t + delta));
  });
  return <div className="prose-sluice" dangerouslySetInnerHTML={{ __html: marked.parse(text, { async: false }) }} />;
}

/** Floor: plain text appended to the DOM once per frame, no React, no markdown. */
function Floor() {
  const node = useRef<HTMLPreElement>(null);
  const pending = useRef('');
  const scheduled = useRef(false);
  useStarter((prompt) => {
    node.current!.textContent = '';
    return stream(prompt, (delta) => {
      pending.current += delta;
      if (scheduled.current) return;
      scheduled.current = true;
      requestAnimationFrame(() => {
        scheduled.current = false;
        node.current!.append(pending.current);
        pending.current = '';
        bench().renders++;
      });
    });
  });
  return <pre ref={node} className="whitespace-pre-wrap text-sm" />;
}

/** `streams` side by side (the compare bench uses four), each its own renderer. */
export function UiBaseline({ mode, streams }: { mode: 'naive' | 'floor'; streams: number }) {
  if (typeof window !== 'undefined')
    (window as unknown as { __bench: Bench }).__bench ??= {
      renders: 0,
      done: false,
      ready: false,
      start: () => undefined,
      starters: [],
    };
  useEffect(() => {
    bench().start = (prompt) => {
      bench().done = false;
      void Promise.all(bench().starters.map((start) => start(prompt))).then(() => (bench().done = true));
    };
    bench().ready = true;
  }, []);
  return (
    <main
      className={`grid gap-3 p-4 ${streams === 1 ? 'mx-auto max-w-3xl' : ''}`}
      style={{ gridTemplateColumns: `repeat(${Math.min(streams, 2)}, minmax(0, 1fr))` }}
    >
      {Array.from({ length: streams }, (_, i) => (mode === 'naive' ? <Naive key={i} /> : <Floor key={i} />))}
    </main>
  );
}
