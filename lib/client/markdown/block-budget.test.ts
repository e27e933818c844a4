import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubAnimationFrames } from '@/tests/support/animation-frames';

/**
 * A fresh budget with a hand-cranked requestAnimationFrame (`frame()` runs one frame)
 * and replies that behave as the Markdown component does: a grant is rendered later
 * (`render()`), and then the reply withdraws its request and, with blocks left, asks again.
 */
async function budgetWithFrames() {
  vi.resetModules();
  const frames = stubAnimationFrames();
  const { requestBlocks, BLOCKS_PER_FRAME } = await import('./block-budget');
  const given: string[] = [];
  const renders: (() => void)[] = [];
  const reply = (name: string, total: number) => {
    let shown = 0;
    const ask = () => {
      const withdraw = requestBlocks((more) => {
        given.push(name);
        renders.push(() => {
          shown += more;
          withdraw();
          if (shown < total) ask();
        });
      });
      return withdraw;
    };
    return ask();
  };
  const render = () => renders.splice(0).forEach((r) => r());
  return { BLOCKS_PER_FRAME, reply, frame: () => frames.frame(), render, given, pendingFrames: frames.pending };
}

describe('the per-frame block budget', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('gives each frame’s blocks to one reply, the last to ask, which keeps its turn by asking again', async () => {
    const { BLOCKS_PER_FRAME, reply, frame, render, given } = await budgetWithFrames();
    reply('upper', 20);
    reply('lower', 20);
    for (let i = 0; i < 12; i++) {
      frame();
      render();
    }
    const turns = Math.ceil(20 / BLOCKS_PER_FRAME);
    expect(given).toEqual([...Array<string>(turns).fill('lower'), ...Array<string>(turns).fill('upper')]);
  });

  it('gives nothing more until the last grant has rendered: two frames’ grants are never rendered together', async () => {
    const { reply, frame, render, given } = await budgetWithFrames();
    reply('upper', 100);
    reply('lower', 100);
    frame();
    frame();
    frame();
    expect(given).toEqual(['lower']);
    render();
    frame();
    expect(given).toEqual(['lower', 'lower']);
  });

  it('forgets a withdrawn request, and asks for no frame when nobody waits', async () => {
    const { reply, frame, render, given, pendingFrames } = await budgetWithFrames();
    reply('kept', 8);
    const withdraw = reply('gone', 8);
    withdraw();
    frame();
    render();
    expect(given).toEqual(['kept']);
    expect(pendingFrames()).toBe(0);
  });
});
