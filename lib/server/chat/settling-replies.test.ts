import { afterEach, expect, it, vi } from 'vitest';
import { SETTLE_WAIT_MS, repliesSettled, settling } from './settling-replies';

afterEach(() => vi.useRealTimers());

it('waits for every reply being stored, failed writes included, and then not again', async () => {
  const order: string[] = [];
  let finish!: () => void;
  settling(new Promise<void>((resolve) => (finish = resolve)).then(() => order.push('stored')));
  settling(Promise.reject(new Error('disk full')));
  const reading = repliesSettled().then(() => order.push('read'));
  await new Promise((r) => setTimeout(r, 10));
  expect(order).toEqual([]);
  finish();
  await reading;
  expect(order).toEqual(['stored', 'read']);
  await repliesSettled(); // nothing pending: at once
});

it('gives up waiting on a stuck write after a bound', async () => {
  vi.useFakeTimers();
  settling(new Promise(() => {}));
  let read = false;
  const reading = repliesSettled().then(() => (read = true));
  await vi.advanceTimersByTimeAsync(SETTLE_WAIT_MS - 1);
  expect(read).toBe(false);
  await vi.advanceTimersByTimeAsync(1);
  await reading;
  expect(read).toBe(true);
});
