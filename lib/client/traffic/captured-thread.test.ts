import { describe, expect, it } from 'vitest';
import { emptyMessage } from '@/lib/assemble/message';
import type { CapturedChat } from '@/lib/api/captures';
import { toRequestMessages, unseenByServer } from '../thread/request-messages';
import { capturedExtras, capturedPrompt, capturedThread } from './captured-thread';

const captured: CapturedChat = {
  captureId: 'c1',
  provider: 'sim-openai',
  model: 'sim-echo',
  protocol: 'openai-chat',
  messages: [
    { role: 'system', content: 'Be brief.' },
    { role: 'user', content: 'Hi' },
    { role: 'assistant', content: [{ type: 'text', text: 'Hello' }] },
    { role: 'user', content: 'Again' },
  ],
  params: { temperature: 0.3, tools: [{ name: 'get_weather' }, { name: 'get_time' }] },
  reply: { ...emptyMessage('complete'), text: 'Again', parts: [{ type: 'text', text: 'Again' }] },
  timings: { firstByte: 5, firstToken: 100, firstAnswer: 150, lastToken: 300, end: 310 },
};

describe('a capture opened as a chat', () => {
  it('is its messages and the reply it got, nothing stored, the first request carrying it all', () => {
    const thread = capturedThread(captured);
    expect(thread.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user', 'assistant']);
    expect(thread.at(-1)).toMatchObject({
      provider: 'sim-openai',
      model: 'sim-echo',
      // Its thinking ends where its answer's first token came, not at its end.
      figures: { firstToken: 100, firstAnswer: 150, settled: true },
    });
    const order = thread.map((m) => m.id);
    const messages = Object.fromEntries(thread.map((m) => [m.id, m]));
    expect(toRequestMessages(order, messages)).toEqual([
      ...captured.messages,
      { role: 'assistant', content: [{ type: 'text', text: 'Again' }] },
    ]);
    expect(unseenByServer(order, messages, undefined).unstored).toEqual(order);
  });

  it('leaves out a reply still streaming', () => {
    expect(capturedThread({ ...captured, reply: emptyMessage('streaming') })).toHaveLength(4);
  });
});

describe('a capture opened as a race', () => {
  it('sends its last user message to every pane, after the history before it', () => {
    expect(capturedPrompt(captured)).toEqual({ history: captured.messages.slice(0, -1), prompt: 'Again' });
    const tools = { ...captured, messages: captured.messages.slice(0, 3) };
    expect(capturedPrompt(tools)).toEqual({ history: tools.messages, prompt: '' });
  });

  it('says what else goes with every pane', () => {
    expect(capturedExtras(captured)).toBe(
      'From the captured request: its system prompt, its 2 tools (get_weather, get_time) and temperature 0.3, for every pane.',
    );
    expect(capturedExtras({ ...captured, messages: [{ role: 'user', content: 'Hi' }], params: {} })).toBeUndefined();
  });
});
