import { describe, expect, it } from 'vitest';
import { GiveUp } from './give-up';

describe('GiveUp', () => {
  it('calls each listener once, in order, with the reason set; a second abort changes nothing', () => {
    const giveUp = new GiveUp();
    const heard: string[] = [];
    giveUp.addEventListener('abort', () => heard.push(`first ${String(giveUp.reason)}`));
    giveUp.addEventListener('abort', () => heard.push('second'));
    expect(giveUp.aborted).toBe(false);
    giveUp.abort('why');
    giveUp.abort('again');
    expect(giveUp.aborted).toBe(true);
    expect(heard).toEqual(['first why', 'second']);
  });

  it('does not call a listener removed before the abort, nor one added after it', () => {
    const giveUp = new GiveUp();
    const heard: string[] = [];
    const removed = () => heard.push('removed');
    giveUp.addEventListener('abort', removed);
    giveUp.addEventListener('abort', () => heard.push('kept'));
    giveUp.removeEventListener('abort', removed);
    giveUp.abort();
    giveUp.addEventListener('abort', () => heard.push('late'));
    giveUp.abort();
    expect(heard).toEqual(['kept']);
  });
});
