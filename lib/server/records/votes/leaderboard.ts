import 'server-only';
import type { Leaderboard, LeaderboardRow } from '@/lib/api/votes';
import { rate } from './rating';
import type { VoteOutcome } from '@/lib/server/store/vote-store';

const tenth = (n: number) => Math.round(n * 10) / 10;

/**
 * The leaderboard of these votes: the blind ones rated (a vote cast after a name showed
 * is counted, not rated), a row per provider-model pair, best score first.
 */
export function leaderboardOf(outcomes: VoteOutcome[]): Leaderboard {
  const blind = outcomes.filter((vote) => vote.blind);
  const rows: LeaderboardRow[] = rate(blind)
    .map((r) => ({ ...r, score: tenth(r.score), low: tenth(r.low), high: tenth(r.high) }))
    .sort(
      (a, b) => b.score - a.score || b.wins - a.wins || a.provider.localeCompare(b.provider) || a.model.localeCompare(b.model),
    );
  return { rows, votes: blind.length, nonBlind: outcomes.length - blind.length };
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

/** The leaderboard as CSV (RFC 4180: CRLF line ends), a header row, then its rows in order. */
export function leaderboardCsv({ rows }: Leaderboard): string {
  const lines = [COLUMNS.join(',')];
  rows.forEach((row, index) =>
    lines.push(COLUMNS.map((column) => csvCell(column === 'rank' ? index + 1 : row[column])).join(',')),
  );
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
