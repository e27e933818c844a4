/**
 * Votes and the leaderboard over HTTP, on a real server: votes seeded through the store
 * into the data folder before the server opens it (the embedded database has one
 * writer), others sent as the compare page sends them; the board read back as JSON and
 * as CSV, filtered by days and prompt words.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Leaderboard, StoredVote } from '@/lib/api/votes';
import { connect, openStore } from '@/lib/server/store';
import { startNextServer, type RunningServer } from './support/next-server';
import { voteOn } from './support/votes';

let server: RunningServer;

beforeAll(async () => {
  const env = { SLUICE_DATA_DIR: mkdtempSync(join(tmpdir(), 'sluice-leaderboard-')) };
  const store = await openStore(env);
  const haiku = { prompt: 'Write a haiku about rain' };
  const seeded = [
    // 1 November: "strong" beats "weak" three times, on haiku prompts.
    ...[1, 2, 3].map(() => voteOn(['sim/weak', 'sim/strong'], 'B', haiku)),
    // 10 November: "mid" beats "weak", ties "strong"; a three-pane best; a non-blind vote.
    voteOn(['sim/mid', 'sim/weak'], 'A', { prompt: 'Sum 2 and 2' }),
    voteOn(['sim/mid', 'sim/strong'], 'tie', { prompt: 'Sum 3 and 3' }),
    voteOn(['sim/strong', 'sim/mid', 'sim/weak'], 'A', { prompt: 'Name a colour' }),
    voteOn(['sim/weak', 'sim/strong'], 'A', {
      prompt: 'Who made you?',
      blind: false,
      nonBlindReason: 'Reply B names its model.',
    }),
  ];
  const stored: StoredVote[] = [];
  for (const vote of seeded) stored.push(await store.votes.recordVote(vote, 'local'));
  await store.close();
  const sql = await connect(env);
  for (const [i, vote] of stored.entries())
    await sql.query('update votes set created_at = $2 where id = $1', [
      vote.id,
      i < 3 ? '2026-11-01T12:00:00Z' : '2026-11-10T23:30:00Z',
    ]);
  await sql.close();
  server = await startNextServer(env);
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

const board = async (query = '') => {
  const response = await fetch(`${server.origin}/api/leaderboard${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as Leaderboard;
};

const postVote = (body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.origin}/api/votes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

describe('GET /api/leaderboard', () => {
  it('rates the blind votes, a row per model, best first, and counts the others', async () => {
    const { rows, votes, nonBlind } = await board();
    expect(votes).toBe(6);
    expect(nonBlind).toBe(1);
    expect(rows.map((r) => [r.provider, r.model, r.wins, r.losses, r.ties, r.votes])).toEqual([
      ['sim', 'strong', 5, 0, 1, 5],
      ['sim', 'mid', 1, 1, 1, 3],
      ['sim', 'weak', 0, 5, 0, 5],
    ]);
    const [strong, mid, weak] = rows;
    expect(strong!.score).toBeGreaterThan(mid!.score);
    expect(mid!.score).toBeGreaterThan(weak!.score);
    // An interval from 5 votes on; mid's 3 make none.
    for (const r of [strong!, weak!]) expect(r.low! <= r.score && r.score <= r.high!).toBe(true);
    expect(mid).toMatchObject({ low: null, high: null });
    expect(rows.map((r) => r.rank)).toEqual([1, 2, 3]);
    // The same votes, the same numbers: the bootstrap is seeded.
    expect((await board()).rows).toEqual(rows);
  });

  it('filters by days (both included, UTC) and by words in the prompt', async () => {
    const models = async (query: string) => (await board(query)).rows.map((r) => `${r.model} ${r.wins}-${r.losses}-${r.ties}`);
    expect(await models('?to=2026-11-01')).toEqual(['strong 3-0-0', 'weak 0-3-0']);
    expect(await models('?from=2026-11-02&to=2026-11-10')).toEqual(['strong 2-0-1', 'mid 1-1-1', 'weak 0-2-0']);
    expect(await models('?from=2026-11-11')).toEqual([]);
    expect(await models('?q=HAIKU')).toEqual(['strong 3-0-0', 'weak 0-3-0']);
    expect(await models('?q=sum&from=2026-11-10')).toEqual(['mid 1-0-1', 'strong 0-0-1', 'weak 0-1-0']);
    expect(await board('?q=who made')).toEqual({ rows: [], votes: 0, nonBlind: 1 });
  });

  it('refuses a day that is not one, or a format it does not have, naming it', async () => {
    const bad = await fetch(`${server.origin}/api/leaderboard?from=2026-02-30`);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      error: { type: 'invalid_request', message: 'from must be a day as YYYY-MM-DD, not "2026-02-30".' },
    });
    expect((await fetch(`${server.origin}/api/leaderboard?format=xml`)).status).toBe(400);
  });

  it('downloads the same board as CSV, named by its days', async () => {
    const response = await fetch(`${server.origin}/api/leaderboard?format=csv&from=2026-11-01&to=2026-11-30`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="sluice-leaderboard-2026-11-01-to-2026-11-30.csv"',
    );
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const lines = (await response.text()).split('\r\n');
    expect(lines[0]).toBe('rank,provider,model,score,low,high,wins,losses,ties,votes');
    const { rows } = await board('?from=2026-11-01&to=2026-11-30');
    expect(lines.slice(1)).toEqual([
      ...rows.map((r) => [r.rank, r.provider, r.model, r.score, r.low, r.high, r.wins, r.losses, r.ties, r.votes].join(',')),
      '',
    ]);
  });
});

describe('POST /api/votes', () => {
  it('stores a vote as the compare page sends it, and the board rates it', async () => {
    const compare = await fetch(`${server.origin}/api/compares`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'A race' }),
    });
    const { id: compareId } = (await compare.json()) as { id: string };
    const vote = voteOn(['sim/formula', 'sim/mid'], 'A', { compareId, prompt: 'posted-over-http' });
    vote.panes[0]!.model = '=HYPERLINK("http://x")';
    const response = await postVote(vote);
    expect(response.status).toBe(201);
    const stored = (await response.json()) as StoredVote;
    expect(stored).toMatchObject(vote);
    expect(stored.id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await board('?q=posted-over-http')).rows.map((r) => [r.model, r.wins])).toEqual([
      ['=HYPERLINK("http://x")', 1],
      ['mid', 0],
    ]);
    // A model's name a spreadsheet would run is text in the CSV.
    const csv = await (await fetch(`${server.origin}/api/leaderboard?format=csv&q=posted-over-http`)).text();
    expect(csv.split('\r\n')[1]).toMatch(/^1,sim,"'=HYPERLINK\(""http:\/\/x""\)",/);
  });

  it('refuses another origin, a body that is not JSON, a vote of another shape, an unknown session', async () => {
    const vote = voteOn(['sim/a', 'sim/b'], 'tie', { prompt: 'refused' });
    const foreign = await postVote(vote, { origin: 'http://evil.example' });
    expect(foreign.status).toBe(403);
    const text = await fetch(`${server.origin}/api/votes`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify(vote),
    });
    expect(text.status).toBe(415);
    const shape = await postVote({ ...vote, verdict: { kind: 'best', label: 'Q' } });
    expect(shape.status).toBe(400);
    expect(((await shape.json()) as { error: { issues: string[] } }).error.issues).toEqual([
      'verdict.label: names no pane (A, B)',
    ]);
    const unknown = await postVote({ ...vote, compareId: '0190aaaa-0000-7000-8000-000000000000' });
    expect(unknown.status).toBe(404);
    expect(await board('?q=refused')).toEqual({ rows: [], votes: 0, nonBlind: 0 });
  });
});
