import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyMessage } from '@/lib/assemble/message';
import { api } from '../api';
import { patchReplies, resetPool, useMessagePool } from '../thread/message-pool';
import type { UiMessage } from '../thread/ui-message';
import { raceSeries, useCompareStore } from './compare-store';
import { RaceSeries } from './race-series';
import { settlePaneRace } from './settle-race';

const reply: UiMessage = {
  id: 'page-id',
  role: 'assistant',
  provider: 'sim-openai',
  model: 'sim-echo',
  protocol: 'openai-chat',
  streamId: 'server-id',
  stored: true,
  reply: { ...emptyMessage('complete'), text: 'Hello there', usage: { inputTokens: 3, outputTokens: 2 } },
  // The page's own times: its request to each byte, a round trip later than the server's.
  figures: { firstToken: 492, lastToken: 900, end: 910 },
};
const timings = { firstToken: 432, lastToken: 850, end: 860, tokenEvents: 2 };
const chunk = (text: string) => `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: text } }] })}\n\n`;
const events = {
  items: [
    { at: 432, raw: chunk('Hello') },
    { at: 850, raw: chunk(' there') },
  ],
  truncated: false,
};

const figures = () => (useMessagePool.getState().messages['page-id'] as Extract<UiMessage, { role: 'assistant' }>).figures;

describe('a race pane settling on the server’s clock', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    resetPool([{ id: 'user-id', role: 'user', content: 'Hi' }, reply]);
    useCompareStore.setState({ panes: [{ key: 'k', order: ['user-id', 'page-id'], conversationId: 'c1' }], settledRaces: 0 });
    raceSeries.set('k', new RaceSeries());
    vi.spyOn(api, 'replyEvents').mockResolvedValue(events);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    raceSeries.clear();
  });

  it('takes the stored race once the stream’s own settling gave the server’s figures', async () => {
    const asked = vi.spyOn(api, 'storedMessage');
    const settled = settlePaneRace('k', 'page-id');
    patchReplies(new Map([['page-id', { figures: { ...timings, settled: true } }]]));
    await settled;
    expect(asked).not.toHaveBeenCalled();
    expect(api.replyEvents).toHaveBeenCalledWith('c1', 'server-id');
    const series = raceSeries.get('k')!;
    expect(series.stored).toBe(true);
    expect(series.end()).toEqual({ tokens: 2, at: 850 });
    expect(useCompareStore.getState().settledRaces).toBe(1);
  });

  it('asks for the stored reply again when the stream gave up before the server had written it', async () => {
    const stored = (status: string) => ({ id: 'server-id', role: 'assistant', status, timings }) as never;
    const asked = vi
      .spyOn(api, 'storedMessage')
      .mockResolvedValueOnce(stored('streaming'))
      .mockResolvedValueOnce(stored('complete'));
    const settled = settlePaneRace('k', 'page-id');
    await vi.advanceTimersByTimeAsync(5000);
    expect(figures().settled).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1000);
    await settled;
    expect(asked).toHaveBeenCalledTimes(2);
    expect(asked).toHaveBeenCalledWith('c1', 'server-id');
    expect(figures()).toMatchObject({ firstToken: 432, settled: true });
    expect(raceSeries.get('k')!.stored).toBe(true);
  });

  it('leaves a pane that moved on (a retry, a follow-up) to its new reply', async () => {
    vi.spyOn(api, 'storedMessage');
    const live = raceSeries.get('k');
    const settled = settlePaneRace('k', 'page-id');
    useCompareStore.setState({ panes: [{ key: 'k', order: ['user-id', 'page-id', 'next'], conversationId: 'c1' }] });
    patchReplies(new Map([['page-id', { figures: { ...timings, settled: true } }]]));
    await settled;
    expect(raceSeries.get('k')).toBe(live);
    expect(useCompareStore.getState().settledRaces).toBe(0);
  });
});
