import { afterEach, describe, expect, it, vi } from 'vitest';
import { inFlight, whenQuiet, type InFlight } from './in-flight';

const exchange = (): InFlight => ({ interrupt: () => {}, written: Promise.resolve() });
const settledYet = async (promise: Promise<unknown>) => {
  let settled = false;
  void promise.then(() => (settled = true));
  await new Promise((resolve) => setImmediate(resolve));
  return settled;
};

describe('whenQuiet', () => {
  afterEach(() => {
    inFlight().clear();
    vi.useRealTimers();
  });

  it('resolves at once when no exchange is in flight', async () => {
    expect(await settledYet(whenQuiet())).toBe(true);
  });

  it('waits while others stream, and lets every waiting capture go when the last of them ends', async () => {
    const other = exchange();
    inFlight().add(other);
    const first = whenQuiet();
    const second = whenQuiet();
    expect(await settledYet(first)).toBe(false);
    inFlight().delete(other);
    // The last exchange to end asks in its turn, and finds none in flight.
    expect(await settledYet(whenQuiet())).toBe(true);
    expect(await settledYet(Promise.all([first, second]))).toBe(true);
  });

  it('waits a second at most while exchanges keep streaming', async () => {
    vi.useFakeTimers();
    inFlight().add(exchange());
    let done = false;
    void whenQuiet().then(() => (done = true));
    await vi.advanceTimersByTimeAsync(999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
  });
});
