import { describe, expect, it } from 'vitest';
import { sessionFileName } from './export-session';

describe('a race session’s export file', () => {
  it('is named by the race’s own start (its UUIDv7 id), not by when it was exported', () => {
    // 0x01a2208de4fb ms: 2026-11-28T05:08:19.835Z.
    const id = '01a2208d-e4fb-7c00-8000-000000000001';
    expect(sessionFileName(id)).toBe(`sluice-race-2026-11-28T05-08-19Z-${id}.json`);
  });

  it('with no stored race, or an id of no time, is named by what it is alone', () => {
    expect(sessionFileName(undefined)).toBe('sluice-race.json');
    expect(sessionFileName('not-a-uuid')).toBe('sluice-race-not-a-uuid.json');
  });
});
