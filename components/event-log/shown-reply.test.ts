import { describe, expect, it } from 'vitest';
import type { PublicProvider } from '@/lib/api/providers';
import { describeReply, type ShownReply } from './shown-reply';

const providers = [{ id: 'sim-gemini', name: 'Simulator · Gemini' }] as PublicProvider[];
const reply = (fields: Partial<ShownReply>): ShownReply => ({
  id: 'r',
  model: 'sim-thinking',
  provider: 'sim-gemini',
  streaming: false,
  ...fields,
});

describe('describeReply', () => {
  it('names the model, the provider by its name, and when its request started', () => {
    const at = new Date();
    at.setHours(9, 5, 7);
    expect(describeReply(reply({ requestStart: at.getTime() }), providers, true)).toMatch(
      /^Newest reply: sim-thinking · Simulator · Gemini · 0?9:05\b/,
    );
    expect(describeReply(reply({ requestStart: at.getTime() }), providers, false)).toMatch(/^Reply: sim-thinking/);
  });

  it('says a reply streams, or is new, until the server has its time; an unknown provider by its id', () => {
    expect(describeReply(reply({ streaming: true }), providers, true)).toBe(
      'Newest reply: sim-thinking · Simulator · Gemini · streaming now',
    );
    expect(describeReply(reply({ provider: 'gone' }), providers, true)).toBe('Newest reply: sim-thinking · gone · just now');
  });

  it('names an import by its file', () => {
    expect(describeReply(reply({ imported: 'capture.sse' }), providers, true)).toBe('Imported: capture.sse');
  });
});
