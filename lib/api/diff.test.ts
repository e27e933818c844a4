import { describe, expect, it } from 'vitest';
import { replyIdIn } from './diff';

describe('replyIdIn', () => {
  const id = '019a1b2c-3d4e-7f00-8a9b-0c1d2e3f4a5b';
  it('takes the id itself, or the first one in a pasted address', () => {
    expect(replyIdIn(id)).toBe(id);
    expect(replyIdIn(` ${id.toUpperCase()} `)).toBe(id);
    expect(replyIdIn(`http://127.0.0.1:3000/replay/${id}/v1/chat/completions`)).toBe(id);
    expect(replyIdIn([id, 'other'])).toBe(id);
  });
  it('passes on anything else as it is, for the page to say it is no reply; nothing for nothing', () => {
    expect(replyIdIn(' not-an-id ')).toBe('not-an-id');
    expect(replyIdIn('')).toBeUndefined();
    expect(replyIdIn(undefined)).toBeUndefined();
  });
});
