import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { inFlight, whenQuiet, type InFlight } from './in-flight';

const exchange = (): InFlight => ({ interrupt: () => {}, written: Promise.resolve() });
const settledYet = async (promise: Promise<unknown>) => {
  let settled = false;
  void promise.then(() => (settled = true));
  await vi.advanceTimersByTimeAsync(0);
  return settled;
};

describe('whenQuiet', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(async () => {
    inFlight().clear();
    await vi.runAllTimersAsync();
    vi.useRealTimers();
  });

  it('resolves a tenth of a second after the proxy fell quiet, when none came meanwhile', async () => {
    const capture = whenQuiet();
    await vi.advanceTimersByTimeAsync(99);
    expect(await settledYet(capture)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settledYet(capture)).toBe(true);
  });

  it('waits while others stream, and lets every waiting capture go once the last of them ended a while ago', async () => {
    const other = exchange();
    inFlight().add(other);
    const first = whenQuiet();
    const second = whenQuiet();
    await vi.advanceTimersByTimeAsync(500);
    expect(await settledYet(first)).toBe(false);
    inFlight().delete(other);
    // The last exchange to end asks after it left, and finds none in flight.
    const last = whenQuiet();
    await vi.advanceTimersByTimeAsync(60);
    // Another exchange came and went meanwhile: quiet is counted from its end.
    const next = exchange();
    inFlight().add(next);
    await vi.advanceTimersByTimeAsync(100);
    inFlight().delete(next);
    const after = whenQuiet();
    await vi.advanceTimersByTimeAsync(90);
    expect(await settledYet(Promise.any([first, second, last, after]))).toBe(false);
    await vi.advanceTimersByTimeAsync(10);
    expect(await settledYet(Promise.all([first, second, last, after]))).toBe(true);
  });

  it('waits a second at most while exchanges keep streaming', async () => {
    inFlight().add(exchange());
    let done = false;
    void whenQuiet().then(() => (done = true));
    await vi.advanceTimersByTimeAsync(999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
  });
});
