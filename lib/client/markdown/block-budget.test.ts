import { describe, expect, it } from 'vitest';
import { BLOCKS_PER_FRAME, createBlockBudget } from './block-budget';

/**
 * A fresh budget on hand-cranked frames (`frame()` runs one frame)
 * and replies that behave as the Markdown component does: a grant is rendered later
 * (`render()`), and then the reply withdraws its request and, with blocks left, asks again.
 */
function budgetWithFrames() {
  let waiting: (() => void)[] = [];
  const { requestBlocks } = createBlockBudget((callback) => waiting.push(callback));
  const frame = () => {
    const callbacks = waiting;
    waiting = [];
    callbacks.forEach((callback) => callback());
  };
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
  return { reply, frame, render, given, pendingFrames: () => waiting.length };
}

describe('the per-frame block budget', () => {
  it('gives each frame’s blocks to one reply, the last to ask, which keeps its turn by asking again', () => {
    const { reply, frame, render, given } = budgetWithFrames();
    reply('upper', 20);
    reply('lower', 20);
    for (let i = 0; i < 12; i++) {
      frame();
      render();
    }
    const turns = Math.ceil(20 / BLOCKS_PER_FRAME);
    expect(given).toEqual([...Array<string>(turns).fill('lower'), ...Array<string>(turns).fill('upper')]);
  });

  it('gives nothing more until the last grant has rendered: two frames’ grants are never rendered together', () => {
    const { reply, frame, render, given } = budgetWithFrames();
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

  it('forgets a withdrawn request, and asks for no frame when nobody waits', () => {
    const { reply, frame, render, given, pendingFrames } = budgetWithFrames();
    reply('kept', 8);
    const withdraw = reply('gone', 8);
    withdraw();
    frame();
    render();
    expect(given).toEqual(['kept']);
    expect(pendingFrames()).toBe(0);
  });
});
