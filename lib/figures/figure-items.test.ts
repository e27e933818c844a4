import { describe, expect, it } from 'vitest';
import { emptyMessage } from '@/lib/assemble/message';
import { figureItems } from './figure-items';

const PRICING = { input: 1, output: 2, source: 'config' as const };
const complete = { ...emptyMessage('complete'), usage: { inputTokens: 40, outputTokens: 180 }, finishReason: 'stop' as const };

describe('figureItems', () => {
  it('of a capture imported without timing: its timing is unknown, not zeros; its tokens and cost as counted', () => {
    const items = figureItems(complete, { tokenEvents: 180, untimed: true }, PRICING);
    expect(items.map(([k]) => k)).toEqual(['timing', 'in', 'out', 'cost', 'finish']);
    expect(items[0]).toEqual(['timing', 'unknown']);
    expect(items.join(' ')).not.toMatch(/\b0 ms/);
  });
});

describe('figureItems’ marks', () => {
  const times = { firstToken: 300, lastToken: 900, end: 1000, tokenEvents: 180 };
  const text = (items: [string, string][]) => items.map(([k, v]) => `${k} ${v}`).join(' · ');

  it('a reply that ended with the upstream’s usage shows none at once, before the server’s figures', () => {
    expect(text(figureItems(complete, times, PRICING))).not.toContain('≈');
  });

  it('a streaming reply, or one stopped before its usage, is marked an estimate', () => {
    const streaming = { ...complete, status: 'streaming' as const, finishReason: undefined };
    expect(text(figureItems(streaming, { firstToken: 300, tokenEvents: 50 }, PRICING))).toMatch(/TTFT ≈300 ms/);
    const stopped = { ...emptyMessage('stopped'), usage: { inputTokens: 40, outputTokens: 1 } };
    expect(text(figureItems(stopped, times, PRICING))).toMatch(/TTFT ≈300 ms · speed ≈.* · out ≈180 · cost ≈\$/);
  });
});
