import { describe, expect, it } from 'vitest';
import { emptyMessage } from '@/lib/assemble/message';
import type { UiMessage } from '../thread/ui-message';
import { paneDiffs } from './pane-diffs';

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
    expect(paneDiffs(panes, messages)).toEqual([
      { label: 'Pane 1 and pane 2', href: '/diff?a=s1&b=r2' },
      { label: 'Pane 1 and pane 5', href: '/diff?a=s1&b=s5' },
      { label: 'Pane 2 and pane 5', href: '/diff?a=r2&b=s5' },
    ]);
  });
  it('nothing to pair with fewer than two', () => {
    expect(paneDiffs([{ order: ['r'] }], { r: reply('r') })).toEqual([]);
  });
});
