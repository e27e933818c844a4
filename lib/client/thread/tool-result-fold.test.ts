import { describe, expect, it } from 'vitest';
import { resultFold } from './tool-result-fold';

describe('resultFold: a tool result sent shows whole, or folded when long', () => {
  it('a short result shows whole', () => {
    expect(resultFold('{"temp": 21}')).toEqual({ folded: false });
    expect(resultFold('a\nb\nc\nd\ne\nf')).toEqual({ folded: false });
  });

  it('one of many lines, or of many characters, is folded under its size and first line', () => {
    expect(resultFold('\n{\n  "a": 1,\n  "b": 2,\n  "c": 3,\n  "d": 4\n}')).toEqual({ folded: true, lines: 7, firstLine: '{' });
    expect(resultFold('x'.repeat(401))).toEqual({ folded: true, lines: 1, firstLine: 'x'.repeat(401) });
  });
});
