import { describe, expect, it, vi } from 'vitest';
import type { ApiError } from '@/lib/server/http/errors';
import type { StopReason } from './live-streams';
import { keptChunks } from './kept-bytes';
import { MemoryLiveStreams } from './memory-live-streams';

const meta = (requestId?: string) => ({
  headers: { 'x-sluice-message-id': 'r' },
  startedAt: Date.now(),
  ...(requestId ? { requestId } : {}),
});
const bytes = (text: string) => new TextEncoder().encode(text);

/** Follows a stream into a string, with room for everything. */
function collect(streams: MemoryLiveStreams, id: string, from: number) {
  const reader = streams.read(id, from)!;
  const got = { text: '', ended: false };
  const decoder = new TextDecoder();
  reader.follow(
    (chunk) => ((got.text += decoder.decode(chunk, { stream: true })), true),
    () => (got.ended = true),
  );
  return { got, reader };
}

describe('live streams in memory', () => {
  it('gives every reader the bytes from its offset on, live, across segment boundaries, and ends them together', () => {
    const streams = new MemoryLiveStreams({ retentionMs: 60_000, unwatchedLimitMs: 60_000 });
    const acquired = streams.acquire('r', meta(), () => undefined);
    if (acquired.kind !== 'acquired') throw new Error('not acquired');
    const big = 'x'.repeat(40 * 1024); // more than one 32 KiB segment
    acquired.writer.append(bytes('hello '), 1);
    const early = collect(streams, 'r', 0);
    acquired.writer.append(bytes(big), 2);
    const late = collect(streams, 'r', 3);
    acquired.writer.append(bytes(' end'), 3);
    acquired.writer.finish();
    expect(early.got).toEqual({ text: `hello ${big} end`, ended: true });
    expect(late.got).toEqual({ text: `lo ${big} end`, ended: true });
    const length = 'hello '.length + big.length + ' end'.length;
    expect(collect(streams, 'r', length).got).toEqual({ text: '', ended: true }); // at the end: nothing more, ended
  });

  it('refuses an offset past every byte the stream has, running or ended: a 416 naming the offset and the length', () => {
    const streams = new MemoryLiveStreams({ retentionMs: 60_000, unwatchedLimitMs: 60_000 });
    const acquired = streams.acquire('r', meta(), () => undefined);
    if (acquired.kind !== 'acquired') throw new Error('not acquired');
    acquired.writer.append(bytes('data: one\n\n'), 1);
    const refusal = (from: number) => {
      try {
        streams.read('r', from);
      } catch (error) {
        return error as ApiError;
      }
      throw new Error(`from=${from} was not refused`);
    };
    expect(refusal(12)).toMatchObject({ status: 416, type: 'range_not_satisfiable', extra: { from: 12, length: 11 } });
    expect(refusal(12).message).toMatch(/byte 12 is past the end of reply r's stream, which has 11 bytes so far/);
    expect(collect(streams, 'r', 11).got).toEqual({ text: '', ended: false }); // at the live end: it waits for more
    acquired.writer.finish();
    expect(refusal(1e9)).toMatchObject({ status: 416, extra: { from: 1e9, length: 11 } });
    expect(refusal(1e9).message).toMatch(/which has 11 bytes; ask from 11 or less/);
  });

  it('hands over a copy of everything kept, chunk by chunk with receive times, and stays readable after it is transferred', () => {
    const streams = new MemoryLiveStreams({ retentionMs: 60_000, unwatchedLimitMs: 60_000 });
    const acquired = streams.acquire('r', meta(), () => undefined);
    if (acquired.kind !== 'acquired') throw new Error('not acquired');
    const big = 'y'.repeat(50 * 1024); // spans segments of every size, up to 32 KiB
    acquired.writer.append(bytes('first '), 3);
    acquired.writer.append(bytes(big), 7);
    acquired.writer.append(bytes(' last'), 12);
    acquired.writer.finish();
    const kept = acquired.writer.kept();
    expect(new TextDecoder().decode(kept.bytes)).toBe(`first ${big} last`);
    expect([...keptChunks(kept)].map((chunk) => [new TextDecoder().decode(chunk.bytes).slice(0, 6), chunk.at])).toEqual([
      ['first ', 3],
      ['yyyyyy', 7],
      [' last', 12],
    ]);
    structuredClone(kept, { transfer: [kept.bytes.buffer, kept.starts.buffer, kept.at.buffer] }); // as it goes to the worker
    expect(collect(streams, 'r', 0).got).toEqual({ text: `first ${big} last`, ended: true });
  });

  it('waits for a reader with no room, and resumes it where it was', () => {
    const streams = new MemoryLiveStreams({ retentionMs: 60_000, unwatchedLimitMs: 60_000 });
    const acquired = streams.acquire('r', meta(), () => undefined);
    if (acquired.kind !== 'acquired') throw new Error('not acquired');
    const reader = streams.read('r', 0)!;
    const chunks: string[] = [];
    let room = false;
    reader.follow(
      (chunk) => (chunks.push(new TextDecoder().decode(chunk)), room),
      () => chunks.push('END'),
    );
    acquired.writer.append(bytes('a'), 1);
    acquired.writer.append(bytes('b'), 2); // no room since 'a': held
    acquired.writer.finish();
    expect(chunks).toEqual(['a']);
    room = true;
    reader.resume();
    expect(chunks).toEqual(['a', 'b', 'END']);
  });

  it('attaches a second acquire with the same requestId, and stops by id or by requestId, once', () => {
    const streams = new MemoryLiveStreams({ retentionMs: 60_000, unwatchedLimitMs: 60_000 });
    const stops: StopReason[] = [];
    expect(streams.acquire('r1', meta('q'), (reason) => stops.push(reason)).kind).toBe('acquired');
    expect(streams.acquire('r2', meta('q'), () => undefined)).toEqual({ kind: 'attached', id: 'r1' });
    expect(streams.stop('q')).toBe('stopping');
    expect(streams.stop('r1')).toBe('stopping');
    expect(stops).toEqual([{ kind: 'requested' }]);
    expect(streams.stop('nope')).toBe('unknown');
  });

  it('times its chunks from an offset on, on the request’s clock', () => {
    const streams = new MemoryLiveStreams({ retentionMs: 60_000, unwatchedLimitMs: 60_000 });
    const acquired = streams.acquire('r', meta(), () => undefined);
    if (acquired.kind !== 'acquired') throw new Error('not acquired');
    for (const [i, text] of ['aa', 'bbb', 'c'].entries()) acquired.writer.append(bytes(text), 10 * (i + 1));
    expect(streams.times('r', 0)).toMatchObject({ offsets: [0, 2, 5], at: [10, 20, 30], length: 6, ended: false });
    expect(streams.times('r', 3)).toMatchObject({ offsets: [2, 5], at: [20, 30] });
    expect(streams.times('r', 6)).toMatchObject({ offsets: [], at: [], length: 6 }); // at the end: none yet
    // Past the end, as a join: a 416 naming the offset and the length, not an empty list.
    expect(() => streams.times('r', 7)).toThrow(expect.objectContaining({ status: 416, extra: { from: 7, length: 6 } }));
    acquired.writer.finish();
    expect(() => streams.times('r', 7)).toThrow(/byte 7 is past the end of reply r's stream, which has 6 bytes;/);
  });

  it('forgets a stream after its retention, and an abandoned one at once, answering its failure to who waited', async () => {
    vi.useFakeTimers();
    try {
      const streams = new MemoryLiveStreams({ retentionMs: 1000, unwatchedLimitMs: 60_000 });
      const first = streams.acquire('r', meta(), () => undefined);
      if (first.kind !== 'acquired') throw new Error('not acquired');
      first.writer.append(bytes('x'), 1);
      first.writer.finish();
      vi.advanceTimersByTime(999);
      expect(streams.read('r', 0)).toBeDefined();
      vi.advanceTimersByTime(2);
      expect(streams.read('r', 0)).toBeUndefined();

      const second = streams.acquire('s', meta(), () => undefined);
      if (second.kind !== 'acquired') throw new Error('not acquired');
      const waiting = streams.read('s', 0)!.opened();
      second.writer.abandon({ status: 401, body: { error: 'no' } });
      expect(await waiting).toEqual({ status: 401, body: { error: 'no' } });
      expect(streams.read('s', 0)).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it('stops a running stream nobody has read for the unwatched limit, not one being read', () => {
    vi.useFakeTimers();
    try {
      const streams = new MemoryLiveStreams({ retentionMs: 60_000, unwatchedLimitMs: 1000 });
      const stops: string[] = [];
      streams.acquire('watched', meta(), () => stops.push('watched'));
      streams.acquire('left', meta(), () => stops.push('left'));
      collect(streams, 'watched', 0);
      collect(streams, 'left', 0).reader.release();
      vi.advanceTimersByTime(1500);
      expect(stops).toEqual(['left']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('on shutdown refuses new streams and stops every running one, resolving once each has ended', async () => {
    const streams = new MemoryLiveStreams({ retentionMs: 60_000, unwatchedLimitMs: 60_000 });
    const acquired = streams.acquire('r', meta(), (reason) => {
      expect(reason).toEqual({ kind: 'server-stopping' });
      setTimeout(() => acquired.kind === 'acquired' && acquired.writer.finish(), 10);
    });
    await streams.shutDown();
    expect(streams.closing).toBe(true);
    expect(streams.stop('r')).toBe('ended');
  });
});
