import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { pacePlan } from './pace';
import type { SimPlan } from './steps';

const wire = { open: () => '', encode: (step: { kind: string; text?: string }) => `data: ${step.text ?? step.kind}\n\n` };

describe('pacePlan', () => {
  it('leaves no abort listener behind for the sleeps it has finished', async () => {
    const plan: SimPlan = {
      steps: [
        ...Array.from({ length: 40 }, (_, i) => ({ kind: 'text' as const, text: `t${i}` })),
        { kind: 'finish', reason: 'stop' },
      ],
      tokensPerSecond: 2000,
      firstTokenDelayMs: 0,
      seed: 1,
      wireSeed: 8,
    };
    const controller = new AbortController();
    const reader = pacePlan(plan, wire, controller.signal).getReader();
    let text = '';
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      text += new TextDecoder().decode(chunk.value);
      expect(getEventListeners(controller.signal, 'abort').length).toBeLessThanOrEqual(1);
    }
    expect(text).toContain('data: t39');
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it('wakes at once when aborted mid-sleep', async () => {
    const plan: SimPlan = {
      steps: [
        { kind: 'pause', ms: 60_000 },
        { kind: 'text', text: 'late' },
      ],
      tokensPerSecond: 10,
      firstTokenDelayMs: 0,
      seed: 1,
      wireSeed: 8,
    };
    const controller = new AbortController();
    const reader = pacePlan(plan, wire, controller.signal).getReader();
    const read = reader.read();
    setTimeout(() => controller.abort(), 20);
    expect((await read).done).toBe(true);
  });
});
