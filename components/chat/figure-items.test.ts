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
