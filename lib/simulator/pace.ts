import { isTokenStep, type SimPlan } from './steps';
import type { SimEncoder } from './encoder-types';

const MAX_BATCH_BYTES = 64 * 1024;
const encoder = new TextEncoder();

/** Resolves after `ms`, or at once on abort; the abort listener goes when the timer fires, so a long stream does not pile them up on one signal. */
export const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal?.aborted) return resolve();
    const wake = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', wake);
      resolve();
    };
    const timer = setTimeout(wake, ms);
    signal?.addEventListener('abort', wake, { once: true });
  });

/**
 * Plays a plan out as a byte stream: token i is due at start + delay + i/tps, and
 * every token already due goes out in one write. Pull-based, so a slow reader
 * slows the simulator instead of growing a buffer.
 */
export function pacePlan(plan: SimPlan, wire: SimEncoder, signal?: AbortSignal): ReadableStream<Uint8Array> {
  const slotMs = 1000 / plan.tokensPerSecond;
  let dueAt = performance.now() + plan.firstTokenDelayMs;
  let next = 0;
  let opened = false;

  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        let out = '';
        if (!opened) {
          opened = true;
          out = wire.open();
          if (out) return controller.enqueue(encoder.encode(out));
        }
        while (next < plan.steps.length && !signal?.aborted) {
          const step = plan.steps[next]!;
          if (step.kind === 'pause') {
            if (out) break; // let what is written reach the reader before the silence
            await sleep(step.ms, signal);
            dueAt += step.ms;
            next++;
            continue;
          }
          if (isTokenStep(step)) {
            const wait = dueAt - performance.now();
            if (wait > 0) {
              if (out) break;
              await sleep(wait, signal);
            }
            dueAt += slotMs;
          }
          out += wire.encode(step);
          next++;
          if (step.kind === 'error' || step.kind === 'cut' || step.kind === 'finish') {
            next = plan.steps.length;
            break;
          }
          if (out.length >= MAX_BATCH_BYTES) break;
        }
        if (out) controller.enqueue(encoder.encode(out));
        if (next >= plan.steps.length || signal?.aborted) controller.close();
      },
    },
    { highWaterMark: 0 },
  );
}
