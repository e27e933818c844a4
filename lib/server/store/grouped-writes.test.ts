import { describe, expect, it } from 'vitest';
import { GroupedWrites } from './grouped-writes';

/** A write the test finishes by hand, recording each group it was given. */
function recorder(failing: (items: string[]) => boolean = () => false) {
  const groups: string[][] = [];
  const open: (() => void)[] = [];
  const writes = new GroupedWrites<string>(async (items) => {
    groups.push(items);
    await new Promise<void>((resolve) => open.push(resolve));
    if (failing(items)) throw new Error(`refused ${items.join('+')}`);
  });
  /** Finishes the write under way, once it has begun. */
  const finish = async () => {
    while (open.length === 0) await new Promise((r) => setImmediate(r));
    open.shift()!();
  };
  return { writes, groups, finish };
}

describe('grouped writes', () => {
  it('writes what comes in one turn together, and what comes during a write with the next one', async () => {
    const { writes, groups, finish } = recorder();
    const first = [writes.add('a'), writes.add('b')];
    await finish();
    await Promise.all(first);
    const during = writes.add('c');
    await new Promise((r) => setImmediate(r));
    const later = [writes.add('d'), writes.add('e')]; // while c is being written
    await finish();
    await during;
    await finish();
    await Promise.all(later);
    expect(groups).toEqual([['a', 'b'], ['c'], ['d', 'e']]);
  });

  it('writes each item of a failed group alone, in order: only the bad one fails', async () => {
    const { writes, groups, finish } = recorder((items) => items.includes('bad'));
    const results = Promise.allSettled(['a', 'bad', 'c'].map((item) => writes.add(item)));
    for (let i = 0; i < 4; i++) await finish();
    expect((await results).map((r) => (r.status === 'fulfilled' ? 'ok' : (r.reason as Error).message))).toEqual([
      'ok',
      'refused bad',
      'ok',
    ]);
    expect(groups).toEqual([['a', 'bad', 'c'], ['a'], ['bad'], ['c']]);
  });

  it('lets a read wait only for the writes added before it, and start before the next group is written', async () => {
    const { writes, groups, finish } = recorder();
    const a = writes.add('a');
    await new Promise((r) => setImmediate(r)); // a is being written
    const b = writes.add('b');
    // The read: what has been written, or begun, by the time it may ask the database.
    const read = writes.after(async () => groups.map((group) => group.join('+')));
    const c = writes.add('c'); // came after the read: not waited for
    await finish();
    await finish();
    expect(await read).toEqual(['a', 'b']);
    await finish();
    await Promise.all([a, b, c]);
    expect(groups).toEqual([['a'], ['b'], ['c']]);
  });

  it('runs a read at once when no write is pending, and after the group under way when one is', async () => {
    const { writes, groups, finish } = recorder();
    expect(await writes.after(async () => 'now')).toBe('now');
    const a = writes.add('a');
    await new Promise((r) => setImmediate(r)); // a is being written
    let read = false;
    const after = writes.after(async () => (read = true));
    await new Promise((r) => setImmediate(r));
    expect(read).toBe(false);
    await finish();
    await Promise.all([a, after]);
    expect(read).toBe(true);
    expect(groups).toEqual([['a']]);
  });

  it('fails only its caller when a read fails', async () => {
    const { writes, finish } = recorder();
    const a = writes.add('a');
    const failing = writes.after(() => Promise.reject(new Error('read failed'))).catch((error: Error) => error.message);
    const b = writes.add('b');
    await finish();
    await finish();
    expect(await failing).toBe('read failed');
    await Promise.all([a, b]);
  });
});
