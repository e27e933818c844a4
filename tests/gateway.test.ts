/**
 * A real gateway (Portkey's, from npm) in front of recorded Anthropic and Gemini
 * streams: what Sluice assembles through it matches what the recording itself
 * assembles to, thinking included, and an upstream error stays an error.
 */
import { describe, expect, it } from 'vitest';
import { assembleRecording } from '@/lib/assemble/assemble-recording';
import { fixtures } from './support/fixtures';
import { postChat, readChat, storedReply, user } from './support/http';

const direct = (file: string) => {
  const fixture = fixtures().find((f) => f.file === file)!;
  return assembleRecording(fixture.protocol, fixture.bytes);
};

describe('through Portkey’s gateway', () => {
  it('Anthropic thinking, carried in its content_blocks extension, is read and stored with its signature', async () => {
    const expected = direct('anthropic-messages/thinking-signature.sse');
    const response = await postChat({
      provider: 'pk-anthropic',
      model: 'fx:anthropic-messages:thinking-signature.sse',
      messages: user('x'),
    });
    const { text, message } = await readChat(response);
    expect(text).toContain('"content_blocks"');
    const stored = await storedReply(response.headers.get('x-conversation-id')!);
    for (const m of [message, stored]) {
      expect(m).toMatchObject({ status: 'complete', text: expected.text, thinking: expected.thinking, finishReason: 'stop' });
      expect(m.parts.find((p) => p.type === 'thinking')).toMatchObject({ signature: expect.any(String) });
    }
  });

  it('an Anthropic mid-stream error, turned into a finish reason, is stored as the error it was', async () => {
    const response = await postChat({
      provider: 'pk-anthropic',
      model: 'fx:anthropic-messages:error-event-api-error.fragment.sse',
      messages: user('x'),
    });
    const { text, message } = await readChat(response);
    expect(text).toContain('"finish_reason":"api_error"');
    expect(text).toContain('data: [DONE]');
    expect(message).toMatchObject({ status: 'error', error: { code: 'api_error' } });
    expect(await storedReply(response.headers.get('x-conversation-id')!)).toMatchObject({ status: 'error' });
  });

  it('Gemini, translated without a [DONE], ends complete after its finish reason', async () => {
    const expected = direct('gemini/text-basic.sse');
    const response = await postChat({ provider: 'pk-gemini', model: 'fx:gemini:text-basic.sse', messages: user('x') });
    const { text, message } = await readChat(response);
    expect(text).not.toContain('[DONE]');
    expect(message).toMatchObject({ status: 'complete', text: expected.text, finishReason: 'stop' });
    expect(await storedReply(response.headers.get('x-conversation-id')!)).toMatchObject({
      status: 'complete',
      text: expected.text,
    });
  });
});
