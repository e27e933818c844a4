'use client';

import { marked } from 'marked';
import { useEffect, useRef, useState } from 'react';
import { StreamReader } from '@/lib/assemble/stream-reader';
import type { ProtocolId } from '@/lib/protocols/ids';

type Bench = { renders: number; done: boolean; ready: boolean; start: (prompt: string) => void };
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
  bench().done = true;
}

/** Naive: a state update per chunk, the whole message re-parsed as markdown each time. */
function Naive() {
  const [text, setText] = useState('');
  useEffect(() => {
    bench().renders++;
  });
  useEffect(() => {
    bench().start = (prompt) => {
      bench().done = false;
      setText('');
      void stream(prompt, (delta) => setText((t) => t + delta));
    };
    bench().ready = true;
  }, []);
  return <div className="prose-sluice" dangerouslySetInnerHTML={{ __html: marked.parse(text, { async: false }) }} />;
}

/** Floor: plain text appended to the DOM once per frame, no React, no markdown. */
function Floor() {
  const node = useRef<HTMLPreElement>(null);
  useEffect(() => {
    let pending = '';
    let scheduled = false;
    bench().start = (prompt) => {
      bench().done = false;
      node.current!.textContent = '';
      void stream(prompt, (delta) => {
        pending += delta;
        if (scheduled) return;
        scheduled = true;
        requestAnimationFrame(() => {
          scheduled = false;
          node.current!.append(pending);
          pending = '';
          bench().renders++;
        });
      });
    };
    bench().ready = true;
  }, []);
  return <pre ref={node} className="whitespace-pre-wrap text-sm" />;
}

export function UiBaseline({ mode }: { mode: 'naive' | 'floor' }) {
  if (typeof window !== 'undefined') (window as unknown as { __bench: Bench }).__bench ??= { renders: 0, done: false, ready: false, start: () => undefined };
  return <main className="mx-auto max-w-3xl p-4">{mode === 'naive' ? <Naive /> : <Floor />}</main>;
}
