import { describe, expect, it } from 'vitest';
import type { PublicProvider } from '@/lib/api/providers';
import { afterReplay } from './after-replay';

const providers: PublicProvider[] = [
  { id: 'sim-openai', name: 'Simulator', builtin: true, hasKey: false, models: [{ id: 'sim-echo' }] },
  { id: 'replay', name: 'Replay', builtin: true, hasKey: false, models: [] },
];
const replayOf = { provider: 'sim-openai', model: 'sim-echo' };

describe('afterReplay', () => {
  it('goes on with the recorded model once the replay has ended', () => {
    expect(afterReplay(providers, { provider: 'replay', replayOf, endsWithReply: true })).toEqual({
      choose: { provider: 'sim-openai', model: 'sim-echo' },
    });
  });

  it('waits while the replay streams or before it is sent', () => {
    expect(afterReplay(providers, { provider: 'replay', replayOf, streaming: 'r1', endsWithReply: true })).toBeUndefined();
    expect(afterReplay(providers, { provider: 'replay', replayOf, endsWithReply: false })).toBeUndefined();
  });

  it('leaves a chat on a real model alone', () => {
    expect(afterReplay(providers, { provider: 'sim-openai', endsWithReply: true })).toBeUndefined();
  });

  it('says why when the recorded model is not offered', () => {
    const gone = { provider: 'sim-openai', model: 'gone' };
    expect(afterReplay(providers, { provider: 'replay', replayOf: gone, endsWithReply: true })).toEqual({
      note: 'The replay above re-ran sim-openai · gone, which is not offered here: pick a model in “Model” to go on.',
    });
  });
});
