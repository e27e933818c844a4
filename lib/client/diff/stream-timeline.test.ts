import { describe, expect, it } from 'vitest';
import { sharedSpan, stallSentence, timelineFacts, timelineOf, STALL_MS } from './stream-timeline';

const log = (...at: number[]) => ({ items: at.map((t) => ({ at: t, raw: `data: {"t":${t}}` })), truncated: false });

describe('timelineOf', () => {
  it('marks gaps over 500 ms between events as stalls, and not the wait for the first byte', () => {
    const t = timelineOf(log(900, 950, 1000, 1500, 2001, 3801, 3850), { firstToken: 950, lastToken: 3850, end: 3900 });
    // 1000 → 1500 is exactly 500: not a stall. 1500 → 2001 is; 2001 → 3801 is.
    expect(t.stalls.map(({ from, to }) => [from, to])).toEqual([
      [1500, 2001],
      [2001, 3801],
    ]);
    expect(t.stalls.every((s) => s.to - s.from > STALL_MS)).toBe(true);
    expect(t.end).toBe(3900);
  });

  it('says where a stall fell: in or after the thinking, in the answer, before the end; or before any token, in a reply without one', () => {
    const timings = { firstToken: 100, firstAnswer: 3000, lastToken: 6000, end: 7000 };
    const t = timelineOf(log(50, 100, 1300, 1200 + 1800 /* 3000: the answer starts */, 3100, 4000, 6000, 6800), timings);
    expect(t.stalls.map((s) => s.phase)).toEqual([
      'during its thinking',
      'after its thinking',
      'during its answer',
      'during its answer',
      'before its end',
    ]);
    expect(t.thinkingEnd).toBe(3000);
    expect(stallSentence('B', t.stalls[1]!)).toBe('B stalled 1.70 s after its thinking, at 1.30 s');
    const none = timelineOf(log(50, 900), {});
    expect(none.stalls.map((s) => s.phase)).toEqual(['before any token']);
  });

  it('a silence between the stream’s opening and its first token is a slow start, not a stall', () => {
    // The role chunk at 91 ms, then nothing until the first token at 2.08 s (sim-fault-slow-start).
    const t = timelineOf(log(5, 91, 2080, 2100, 2120), { firstToken: 2080, lastToken: 2120, end: 2130 });
    expect(t.stalls).toEqual([]);
    expect(t.slowStart).toEqual({ from: 91, to: 2080 });
    const facts = timelineFacts('A', t);
    expect(facts).toContain("A's first token at 2.08 s, after 1.99 s without one (a slow start, not a stall).");
    expect(facts).toContain('A never stalled (no gap over 500 ms once its first token came).');
    expect(facts.join(' ')).not.toContain('A stalled');
    // Quick to start: no slow start, the plain sentence.
    const quick = timelineFacts('B', timelineOf(log(5, 91, 120), { firstToken: 91, end: 130 }));
    expect(quick).toContain("B's first token at 91 ms.");
  });

  it('with no thinking, the answer is the first token on', () => {
    const t = timelineOf(log(100, 900), { firstToken: 100, firstAnswer: 100, lastToken: 900, end: 950 });
    expect(t.thinkingEnd).toBeUndefined();
    expect(t.stalls[0]!.phase).toBe('during its answer');
  });

  it('counts each event in its size bin, by its UTF-8 bytes', () => {
    const items = [
      { at: 1, raw: 'x'.repeat(10) },
      { at: 2, raw: '🙂'.repeat(10) /* 40 bytes */ },
      { at: 3, raw: 'y'.repeat(5000) },
    ];
    const t = timelineOf({ items, truncated: true }, {});
    expect(t.ticks.map((k) => k.bytes)).toEqual([10, 40, 5000]);
    expect(t.sizes).toEqual([1, 1, 0, 0, 0, 0, 1]);
    expect(t.truncated).toBe(true);
    // No stored end: the last event is.
    expect(t.end).toBe(3);
  });

  it('an empty log: no ticks, no stalls', () => {
    const t = timelineOf({ items: [], truncated: false }, {});
    expect([t.ticks, t.stalls, t.end]).toEqual([[], [], undefined]);
  });
});

describe('sharedSpan', () => {
  it('runs to the later of the two ends, each from its own request start', () => {
    const a = timelineOf(log(10, 20), { end: 1200 });
    const b = timelineOf(log(10, 2500), { end: 2400 });
    expect(sharedSpan(a, b)).toBe(2500);
    expect(sharedSpan(undefined, undefined)).toBe(1);
  });
});
