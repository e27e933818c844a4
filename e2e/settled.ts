import { expect } from '@playwright/test';

/**
 * Reads `read` every 300 ms until two reads in a row agree, and returns that value:
 * what the page shows once its late updates (a reply's last trees, its highlighting,
 * which land after the stream's end) are in.
 */
export async function settled<T>(read: () => Promise<T>): Promise<T> {
  let last: string | undefined;
  let value: T | undefined;
  await expect
    .poll(async () => {
      value = await read();
      const now = JSON.stringify(value);
      const same = now === last;
      last = now;
      return same;
    }, { intervals: [300] })
    .toBe(true);
  return value as T;
}
