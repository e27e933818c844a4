import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { StreamReader } from '@/lib/assemble/stream-reader';
import { emptyMessage, type AssembledMessage } from '@/lib/assemble/message';
import type { ProtocolId } from '@/lib/protocols/ids';
import { fixtures } from '@/lib/testing/fixtures';
import { applyReplyDelta, replyDiffer } from './reply-delta';

/** Reads `bytes` in the given chunk sizes, checking the reply mirrored from deltas against the reader's after each chunk and at the end. */
function expectMirrored(file: string, protocol: ProtocolId, bytes: Uint8Array, sizes: number[]): void {
  const reader = new StreamReader(protocol);
  const diff = replyDiffer();
  let mirror: AssembledMessage = emptyMessage();
  let offset = 0;
  for (let i = 0; offset < bytes.length; i++) {
    const size = sizes[i % sizes.length]!;
    reader.push(bytes.subarray(offset, offset + size), i);
    offset += size;
    // A structured clone, as crossing from the worker does.
    mirror = applyReplyDelta(mirror, structuredClone(diff(reader.snapshot())));
    expect(mirror, `${file} at byte ${offset}`).toEqual(reader.snapshot());
  }
  mirror = applyReplyDelta(mirror, structuredClone(diff(reader.finish('ended', offset))));
  expect(mirror, `${file} at its end`).toEqual(reader.snapshot());
}

describe('reply deltas', () => {
  it('rebuild every recorded stream exactly, at every chunk and at the end', () => {
    for (const { file, protocol, bytes } of fixtures()) {
      for (const sizes of [[61], [3, 500, 41], [bytes.length]]) expectMirrored(file, protocol, bytes, sizes);
    }
  });

  it('rebuild a stream cut anywhere into chunks of any size', () => {
    const recordings = fixtures();
    fc.assert(
      fc.property(fc.integer({ min: 0, max: recordings.length - 1 }), fc.array(fc.integer({ min: 1, max: 400 }), { minLength: 1, maxLength: 20 }), (pick, sizes) => {
        const { file, protocol, bytes } = recordings[pick]!;
        expectMirrored(file, protocol, bytes, sizes);
      }),
      { numRuns: 40 },
    );
  });

  it('send a growing text as what was added, not whole again', () => {
    const reader = new StreamReader('openai-chat');
    const diff = replyDiffer();
    const chunk = (text: string) => `data: {"choices":[{"index":0,"delta":{"content":${JSON.stringify(text)}}}]}\n\n`;
    reader.push(chunk('Hello, '), 0);
    diff(reader.snapshot());
    reader.push(chunk('world'), 1);
    const delta = diff(reader.snapshot());
    expect(delta.text).toBe('world');
    expect(delta.parts).toEqual([{ index: 0, part: { type: 'text', text: 'world' }, grown: true }]);
    expect(diff(reader.snapshot()).parts).toEqual([]);
  });

  it('keep the identity of parts a delta does not change', () => {
    const reader = new StreamReader('anthropic-messages');
    const diff = replyDiffer();
    const event = (type: string, data: object) => `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;
    reader.push(event('content_block_start', { index: 0, content_block: { type: 'thinking', thinking: '' } }) + event('content_block_delta', { index: 0, delta: { type: 'thinking_delta', thinking: 'Hmm.' } }), 0);
    reader.push(event('content_block_start', { index: 1, content_block: { type: 'text', text: '' } }) + event('content_block_delta', { index: 1, delta: { type: 'text_delta', text: 'A' } }), 1);
    const first = applyReplyDelta(emptyMessage(), diff(reader.snapshot()));
    reader.push(event('content_block_delta', { index: 1, delta: { type: 'text_delta', text: 'B' } }), 2);
    const second = applyReplyDelta(first, diff(reader.snapshot()));
    expect(second.parts[0]).toBe(first.parts[0]);
    expect(second.parts[1]).toEqual({ type: 'text', text: 'AB' });
  });
});
