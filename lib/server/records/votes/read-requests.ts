import 'server-only';
import { VoteInputSchema, type VoteFilter, type VoteInput } from '@/lib/api/votes';
import { store } from '@/lib/server/store';
import { ApiError } from '@/lib/server/http/errors';
import { readJsonBody } from '@/lib/server/http/validate';
import type { User } from '@/lib/api/users';

/** Six panes of replies cut to MAX_VOTE_TEXT each, in UTF-8, with room for their figures. */
const VOTE_BODY_BYTES = 8 * 1024 * 1024;

/** POST /api/votes' body, validated; its compare session, when it names one, must exist. */
export async function readVote(request: Request, user: User): Promise<VoteInput> {
  const vote = await readJsonBody(request, VoteInputSchema, VOTE_BODY_BYTES);
  if (vote.compareId !== null && !(await (await store()).conversationExists(vote.compareId, 'compare', user.id)))
    throw new ApiError(404, 'not_found', `Unknown race "${vote.compareId.slice(0, 100)}".`);
  return vote;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar day (YYYY-MM-DD, UTC) as the instant it starts; `next`: the instant it ends. */
function dayStart(name: string, value: string, next = false): string {
  const match = DAY.exec(value);
  const start = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + (next ? 1 : 0)) : NaN;
  // Date.UTC rolls 2026-02-31 over into March: a day that does not exist is refused, not moved.
  if (!match || new Date(start - (next ? 86_400_000 : 0)).toISOString().slice(0, 10) !== value)
    throw new ApiError(400, 'invalid_request', `${name} must be a day as YYYY-MM-DD, not "${value.slice(0, 40)}".`);
  return new Date(start).toISOString();
}

/**
 * The leaderboard's filter from its query: `from` and `to` are days (UTC), both
 * included; `q` is words in the prompt. Every problem a 400 naming it.
 */
export function readVoteFilter(url: string): VoteFilter {
  const params = new URL(url).searchParams;
  const text = (name: string) => params.get(name)?.trim() || undefined;
  const from = text('from');
  const to = text('to');
  const q = text('q');
  const filter: VoteFilter = {};
  if (from) filter.from = dayStart('from', from);
  if (to) filter.to = dayStart('to', to, true);
  if (q) filter.q = q.slice(0, 500);
  return filter;
}

/** GET /api/leaderboard's query: the filter, and `format=csv` for the CSV download (`from` and `to` as given, for its name). */
export function readLeaderboardQuery(url: string): { filter: VoteFilter; format: 'json' | 'csv'; from?: string; to?: string } {
  const params = new URL(url).searchParams;
  const format = params.get('format') ?? 'json';
  if (format !== 'json' && format !== 'csv')
    throw new ApiError(400, 'invalid_request', `format must be json or csv, not "${format.slice(0, 40)}".`);
  const filter = readVoteFilter(url);
  return { filter, format, from: params.get('from')?.trim() || undefined, to: params.get('to')?.trim() || undefined };
}
