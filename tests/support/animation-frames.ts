import { vi } from 'vitest';

/**
 * Replaces `requestAnimationFrame` with a hand-cranked one: `frame()` runs the
 * callbacks waiting for the next frame with a timestamp `step` ms after the last.
 * Undo with `vi.unstubAllGlobals()`.
 */
export function stubAnimationFrames({ start = 1000, step = 1000 / 60 } = {}) {
  const callbacks: FrameRequestCallback[] = [];
  let now = start;
  vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => callbacks.push(cb));
  return {
    frame(ms = step): void {
      now += ms;
      callbacks.splice(0).forEach((cb) => cb(now));
    },
    pending: (): number => callbacks.length,
  };
}
