import { afterEach, expect, it, vi } from 'vitest';
import { SETTLE_WAIT_MS, deferredTurn, repliesSettled, settling } from './settling-replies';

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

it('starts a deferred turn’s write when a read comes first, and waits for it', async () => {
  const order: string[] = [];
  let finish!: () => void;
  let started = 0;
  let write: Promise<void> | undefined;
  const begin = () =>
    (write ??= (started++, new Promise<void>((resolve) => (finish = resolve)).then(() => void order.push('turn stored'))));
  const unlist = deferredTurn(begin);
  await new Promise((r) => setTimeout(r, 10));
  expect(started).toBe(0); // nothing starts it but a read (or its own first bytes)
  const reading = repliesSettled().then(() => order.push('read'));
  expect(started).toBe(1);
  await new Promise((r) => setTimeout(r, 10));
  expect(order).toEqual([]);
  finish();
  await reading;
  expect(order).toEqual(['turn stored', 'read']);
  unlist();
  await repliesSettled();
  expect(started).toBe(1);
});
