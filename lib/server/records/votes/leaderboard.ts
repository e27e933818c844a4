import 'server-only';
import { INTERVAL_MIN_VOTES, type Leaderboard, type LeaderboardRow } from '@/lib/api/votes';
import { rate, type ModelRating } from './rating';
import type { VoteOutcome } from '@/lib/server/store/vote-store';

const tenth = (n: number) => Math.round(n * 10) / 10;

/**
 * Each row's rank, best first: one more than the rows above it whose score is higher to
 * the whole point (as the page shows it), so rows of one score share it (1, 2, 2, 4).
 * Two models with the same record have the same score, and 2 and 3 said one was ahead.
 */
export function ranked(rows: Omit<LeaderboardRow, 'rank'>[]): LeaderboardRow[] {
  let rank = 0;
  return rows.map((row, i) => {
    if (i === 0 || Math.round(row.score) !== Math.round(rows[i - 1]!.score)) rank = i + 1;
    return { rank, ...row };
  });
}

/** A rating as the board shows it: to a tenth of a point, its interval only once its votes can make one. */
function shown(r: ModelRating): Omit<LeaderboardRow, 'rank'> {
  const enough = r.votes >= INTERVAL_MIN_VOTES;
  return { ...r, score: tenth(r.score), low: enough ? tenth(r.low) : null, high: enough ? tenth(r.high) : null };
}

/**
 * The leaderboard of these votes: the blind ones rated (a vote cast after a name showed
 * is counted, not rated), a row per provider-model pair, best score first, ranked.
 */
export function leaderboardOf(outcomes: VoteOutcome[]): Leaderboard {
  const blind = outcomes.filter((vote) => vote.blind);
  const rows = rate(blind)
    .map(shown)
    .sort(
      (a, b) => b.score - a.score || b.wins - a.wins || a.provider.localeCompare(b.provider) || a.model.localeCompare(b.model),
    );
  return { rows: ranked(rows), votes: blind.length, nonBlind: outcomes.length - blind.length };
}

const COLUMNS = ['rank', 'provider', 'model', 'score', 'low', 'high', 'wins', 'losses', 'ties', 'votes'] as const;

/**
 * A text cell as CSV has it: quoted when it holds a comma, a quote or a line break; one
 * that a spreadsheet would read as a formula (= + - @, or a tab or carriage return
 * first) starts with a ' so it stays text. Numbers are the server's own, written as they are.
 */
export function csvCell(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * The leaderboard as CSV (RFC 4180: CRLF line ends), a header row, then its rows in
 * order, their shared ranks as the page's; `low` and `high` are empty where the page
 * says "not enough votes yet".
 */
export function leaderboardCsv({ rows }: Leaderboard): string {
  const lines = [COLUMNS.join(',')];
  for (const row of rows) lines.push(COLUMNS.map((column) => csvCell(row[column] ?? '')).join(','));
  return lines.map((line) => `${line}\r\n`).join('');
}

/** The CSV's file name: the filter's days when it has them ("sluice-leaderboard-2026-11-01-to-2026-11-26.csv"). */
export function leaderboardFileName(query: { from?: string; to?: string }): string {
  const day = (value: string | undefined) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined);
  const from = day(query.from);
  const to = day(query.to);
  const range = from && to ? `-${from}-to-${to}` : from ? `-from-${from}` : to ? `-to-${to}` : '';
  return `sluice-leaderboard${range}.csv`;
}
