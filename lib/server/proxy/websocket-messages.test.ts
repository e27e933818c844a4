import { describe, expect, it } from 'vitest';
import { SseParser } from '@/lib/sse/parser';
import type { SseItem } from '@/lib/sse/types';
import { messageType, sseItemOf } from './websocket-messages';

/** The SSE items a text reads as, through the same parser the server's copy uses. */
function itemsOf(text: string): SseItem[] {
  const parser = new SseParser();
  return [...parser.feed(Buffer.from(text)), ...parser.end()];
}

describe('a WebSocket message as an SSE item', () => {
  it('names the event by its JSON type, and its data reads back as the message', () => {
    const message = JSON.stringify({ type: 'response.output_text.delta', delta: 'Hi: "there"\n' });
    expect(sseItemOf(message)).toBe(`event: response.output_text.delta\ndata: ${message}\n\n`);
    expect(itemsOf(sseItemOf(message))).toMatchObject([{ kind: 'event', event: 'response.output_text.delta', data: message }]);
  });

  it('keeps a message of several lines whole, and one without a type as data alone', () => {
    const message = '{\n  "a": 1,\n  " b": [\r\n2]\n}';
    const [item] = itemsOf(sseItemOf(message));
    expect(item).toMatchObject({ kind: 'event', data: message.replace(/\r\n/g, '\n') });
    expect(sseItemOf('plain text')).toBe('data: plain text\n\n');
  });

  it('reads the type a message opens with, and nothing from one that does not', () => {
    expect(messageType('{"type":"response.create","model":"m"}')).toBe('response.create');
    expect(messageType(Buffer.from(' { "type" : "error", "error": {} }'))).toBe('error');
    expect(messageType('{"model":"m","type":"response.create"}')).toBeUndefined();
    expect(messageType('[DONE]')).toBeUndefined();
  });
});
