import { describe, expect, it } from 'vitest';
import { emptyMessage } from '@/lib/assemble/message';
import type { UiMessage } from '../thread/ui-message';
import { paneDiffs } from './pane-diffs';
import { paneNames } from './pane-names';

const reply = (id: string, more: Partial<Extract<UiMessage, { role: 'assistant' }>> = {}): UiMessage => ({
  id,
  role: 'assistant',
  provider: 'sim',
  model: 'sim-markdown',
  reply: emptyMessage('complete'),
  figures: {},
  stored: true,
  ...more,
});

describe('paneDiffs', () => {
  it('pairs the panes whose latest replies are stored and ended, by their stored ids', () => {
    const messages: Record<string, UiMessage> = {
      u: { id: 'u', role: 'user', content: 'hi' },
      r1: reply('r1', { streamId: 's1' }),
      r2: reply('r2'),
      r3: reply('r3', { reply: emptyMessage('streaming') }),
      r4: reply('r4', { stored: false }),
      r5: reply('r5', { streamId: 's5' }),
    };
    const panes = [
      { order: ['u', 'r1'] },
      { order: ['u', 'r2'] },
      { order: ['u', 'r3'] },
      { order: ['u', 'r4'] },
      { order: ['u', 'r5'] },
      { order: [] },
    ];
    const names = ['one', 'two', 'three', 'four', 'five', 'six'];
    expect(paneDiffs(panes, messages, names)).toEqual([
      { label: 'one and two', href: '/diff?a=s1&b=r2' },
      { label: 'one and five', href: '/diff?a=s1&b=s5' },
      { label: 'two and five', href: '/diff?a=r2&b=s5' },
    ]);
  });
  it('names a pair as the panes are headed: a voted blind race by label and model', () => {
    const messages: Record<string, UiMessage> = { r1: reply('r1'), r2: reply('r2'), r3: reply('r3') };
    const names = paneNames(
      [
        { provider: 'sim-openai', model: 'sim-markdown' },
        { provider: 'sim-anthropic', model: 'sim-fault-stall' },
        { provider: 'sim-gemini', model: 'sim-thinking' },
      ],
      ['A', 'B', 'C'],
    );
    expect(paneDiffs([{ order: ['r1'] }, { order: ['r2'] }, { order: ['r3'] }], messages, names).map((p) => p.label)).toEqual([
      'A: sim-openai · sim-markdown and B: sim-anthropic · sim-fault-stall',
      'A: sim-openai · sim-markdown and C: sim-gemini · sim-thinking',
      'B: sim-anthropic · sim-fault-stall and C: sim-gemini · sim-thinking',
    ]);
  });
  it('nothing to pair with fewer than two', () => {
    expect(paneDiffs([{ order: ['r'] }], { r: reply('r') }, ['A'])).toEqual([]);
  });
});
