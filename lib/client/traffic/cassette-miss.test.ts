import { describe, expect, it } from 'vitest';
import { readCassetteMiss } from './cassette-miss';

describe('a cassette miss, read for a person', () => {
  it('leads with where the request differs from the closest recording, the raw keys after', () => {
    const message =
      'No exchange in cassette "demo" matches POST /chat/completions {"messages":[{"content":"a. The closest, which differs","role":"user"}]}. ' +
      'The closest recorded is exchange 0, POST /chat/completions {"messages":[{"content":"a","role":"user"}]}, ' +
      'which differs at $.messages[0].content (recorded "a", sent "a. The closest, which differs").';
    expect(readCassetteMiss(message)).toEqual({
      headline:
        'No exchange in cassette “demo” matches: the closest, exchange 0, differs at ' +
        '$.messages[0].content (recorded "a", sent "a. The closest, which differs").',
      detail: message,
    });
  });

  it('says an empty cassette has nothing to match, and keeps any other message whole', () => {
    const empty = 'No exchange in cassette "ci" matches GET /models. The cassette has no exchanges.';
    expect(readCassetteMiss(empty)).toEqual({
      headline: 'Cassette “ci” has no exchanges: nothing to match this request.',
      detail: empty,
    });
    const unrecorded = 'Cassette "ci" has no recording yet: record it first, with mode=record or hybrid.';
    expect(readCassetteMiss(unrecorded)).toEqual({ headline: unrecorded });
  });
});
