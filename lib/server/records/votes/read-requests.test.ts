import { describe, expect, it } from 'vitest';
import { VoteInputSchema } from '@/lib/api/votes';
import { voteOn } from '@/tests/support/votes';
import { ApiError } from '@/lib/server/http/errors';
import { parseOr400 } from '@/lib/server/http/validate';
import { readVoteFilter } from './read-requests';

const issuesOf = (raw: unknown): string[] => {
  try {
    parseOr400(VoteInputSchema, raw);
    return [];
  } catch (error) {
    return (error as ApiError).extra.issues as string[];
  }
};

describe('a vote as POST /api/votes takes it', () => {
  it('takes a vote with figures as replySummary gives them, and drops fields it does not know', () => {
    const vote = voteOn(['p/a', 'p/b'], 'B');
    expect(parseOr400(VoteInputSchema, { ...vote, extra: 1 })).toEqual(vote);
    expect(issuesOf(voteOn(['p/a', 'p/b', 'p/c'], 'both-bad'))).toEqual([]);
  });

  it('refuses a winner that is no pane, two panes with one label, one pane, a blind vote with a reason', () => {
    expect(issuesOf({ ...voteOn(['p/a', 'p/b'], 'A'), verdict: { kind: 'best', label: 'C' } })).toEqual([
      'verdict.label: names no pane (A, B)',
    ]);
    const twins = voteOn(['p/a', 'p/b'], 'tie');
    twins.panes[1]!.label = 'A';
    expect(issuesOf(twins)).toEqual(['panes: each pane needs a label of its own']);
    expect(issuesOf({ ...voteOn(['p/a'], 'tie') })).toEqual(['panes: a vote judges at least two panes']);
    expect(issuesOf({ ...voteOn(['p/a', 'p/b'], 'tie'), nonBlindReason: 'named' })).toEqual([
      'nonBlindReason: must be null for a blind vote',
    ]);
    expect(issuesOf({ ...voteOn(['p/a', 'p/b'], 'tie'), verdict: { kind: 'A' } })[0]).toMatch(/^verdict/);
    expect(
      issuesOf(
        voteOn(
          Array.from({ length: 7 }, (_, i) => `p/m${i}`),
          'tie',
        ),
      )[0],
    ).toMatch(/^panes/);
  });

  it('refuses a pane without its name or with a negative figure', () => {
    const vote = voteOn(['p/a', 'p/b'], 'A');
    vote.panes[0]!.model = ' ';
    vote.panes[1]!.figures.ttftMs = -1;
    expect(issuesOf(vote)).toEqual(['panes.0.model: must not be empty', expect.stringMatching(/^panes\.1\.figures\.ttftMs: /)]);
  });
});

describe("the leaderboard's filter", () => {
  const filter = (query: string) => readVoteFilter(`http://localhost/api/leaderboard?${query}`);
  const refusal = (query: string) => {
    try {
      filter(query);
    } catch (error) {
      return (error as ApiError).message;
    }
    return undefined;
  };

  it('reads days as UTC, both included, and words in the prompt', () => {
    expect(filter('')).toEqual({});
    expect(filter('from=2026-11-01&to=2026-11-30&q=%20haiku%20')).toEqual({
      from: '2026-11-01T00:00:00.000Z',
      to: '2026-12-01T00:00:00.000Z',
      q: 'haiku',
    });
    expect(filter('from=&to=&q=')).toEqual({});
    expect(filter('to=2024-02-29')).toEqual({ to: '2024-03-01T00:00:00.000Z' });
  });

  it('refuses a day that is not one', () => {
    expect(refusal('from=yesterday')).toBe('from must be a day as YYYY-MM-DD, not "yesterday".');
    expect(refusal('to=2026-02-31')).toBe('to must be a day as YYYY-MM-DD, not "2026-02-31".');
    expect(refusal('from=2026-13-01')).toMatch(/^from must be a day/);
  });
});
