/**
 * Blind votes (issue 38): what the compare page sends when the user judges a race
 * (`POST /api/votes`), what the store keeps, and the leaderboard's rows
 * (`GET /api/leaderboard`), declared once for the page and the server (docs/contract.md).
 */
import { z } from 'zod';
import type { ReplySummary } from '@/lib/assemble/reply-summary';

/** The user's judgement of one race: the best pane (of two: "A is better"), a tie, or all of them bad. */
export type Verdict = { kind: 'best'; label: string } | { kind: 'tie' } | { kind: 'both-bad' };

/**
 * A pane's figures as the diff page and a compare session's export reckon them
 * (`replySummary`), and how its reply finished (the upstream's own word when it said one).
 */
export type VoteFigures = ReplySummary & { finishReason?: string };

/** One pane of the race as it was judged: who it was (revealed only by the vote), and what it answered. */
export interface VotePane {
  /** "A", "B", …: what the user saw in place of the name. */
  label: string;
  provider: string;
  model: string;
  /** The stored reply, when the pane's reply was stored (a pane's conversation). */
  messageId: string | null;
  /** The answer's text. */
  reply: string;
  figures: VoteFigures;
}

export interface VoteInput {
  /** The compare session raced; null once that session is deleted (the vote stays). */
  compareId: string | null;
  prompt: string;
  verdict: Verdict;
  /** False when a name showed before the vote (a reply naming its model): such a vote is kept, not rated. */
  blind: boolean;
  /** Why the vote is not blind, in words the page showed. */
  nonBlindReason: string | null;
  panes: VotePane[];
}

export type StoredVote = VoteInput & { id: string; createdAt: string };

/** Votes in a range of time, and whose prompt holds some text: what the leaderboard rates. */
export interface VoteFilter {
  /** ISO time, inclusive. */
  from?: string;
  /** ISO time, exclusive. */
  to?: string;
  /** Words in the prompt, case-insensitively. */
  q?: string;
}

/** What a prompt and each reply may hold: the page cuts longer ones to this before it votes. */
export const MAX_VOTE_TEXT = 200_000;
/** As many panes as the compare page races. */
export const MAX_VOTE_PANES = 6;

const Count = z.number().finite().nonnegative();
const Name = z.string().trim().min(1, 'must not be empty').max(200);

const FiguresSchema = z.object({
  kind: z.literal('reply'),
  provider: z.string().max(200),
  model: z.string().max(200),
  status: z.enum(['streaming', 'complete', 'stopped', 'error', 'truncated']),
  clock: z.enum(['server', 'page']),
  ttftMs: Count.optional(),
  firstAnswerMs: Count.optional(),
  totalMs: Count.optional(),
  speed: z.object({ tokensPerSecond: Count, from: z.enum(['usage', 'counted']) }).optional(),
  usage: z
    .object({
      inputTokens: Count.optional(),
      outputTokens: Count.optional(),
      reasoningTokens: Count.optional(),
      cachedInputTokens: Count.optional(),
      cacheWriteTokens: Count.optional(),
      totalTokens: Count.optional(),
    })
    .optional(),
  usageEstimated: z.literal(true).optional(),
  pricing: z
    .object({
      input: Count,
      output: Count,
      cachedInput: Count.optional(),
      cacheWrite: Count.optional(),
      contextWindow: Count.optional(),
      source: z.enum(['catalog', 'config']),
    })
    .nullable(),
  cost: z.object({ usd: Count, input: Count, cachedInput: Count, cacheWrite: Count, output: Count }).nullable(),
  finishReason: z.string().max(100).optional(),
});

const PaneSchema = z.object({
  label: z.string().trim().min(1, 'must not be empty').max(16),
  provider: Name,
  model: Name,
  messageId: z.string().max(100).nullable(),
  reply: z.string().max(MAX_VOTE_TEXT),
  figures: FiguresSchema,
});

const VerdictSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('best'), label: z.string().trim().min(1).max(16) }),
  z.object({ kind: z.literal('tie') }),
  z.object({ kind: z.literal('both-bad') }),
]);

/** POST /api/votes' body. */
export const VoteInputSchema = z
  .object({
    compareId: z.string().max(100).nullable(),
    prompt: z.string().max(MAX_VOTE_TEXT),
    verdict: VerdictSchema,
    blind: z.boolean(),
    nonBlindReason: z.string().trim().min(1).max(500).nullable(),
    panes: z.array(PaneSchema).min(2, 'a vote judges at least two panes').max(MAX_VOTE_PANES),
  })
  .superRefine((vote, context) => {
    const labels = vote.panes.map((p) => p.label);
    if (new Set(labels).size !== labels.length)
      context.addIssue({ code: 'custom', path: ['panes'], message: 'each pane needs a label of its own' });
    if (vote.verdict.kind === 'best' && !labels.includes(vote.verdict.label))
      context.addIssue({ code: 'custom', path: ['verdict', 'label'], message: `names no pane (${labels.join(', ')})` });
    if (vote.blind && vote.nonBlindReason !== null)
      context.addIssue({ code: 'custom', path: ['nonBlindReason'], message: 'must be null for a blind vote' });
  });

/**
 * A model's votes below this, its row shows no interval ("not enough votes yet"): a
 * bootstrap over so few says nothing (over one vote it cannot vary at all). Why 5: a
 * resample leaves out all k of a model's votes with probability about e^-k, putting it
 * back at the prior's score; the interval's low end (the 2.5th percentile of 200
 * resamples) is that prior whenever 6 or more do, in 16 % of boards at k = 4 and 0.3 %
 * at k = 5 (docs/decisions.md, "Leaderboard: no interval under 5 votes").
 */
export const INTERVAL_MIN_VOTES = 5;

/** A leaderboard row: one provider-model pair, rated by the blind votes in the filter. */
export interface LeaderboardRow {
  /** Its place, shared by rows of the same score to the whole point (1, 2, 2, 4): a tie is not a second place. */
  rank: number;
  provider: string;
  model: string;
  /** Pairs it won, lost and tied (a race of n panes is n·(n−1)/2 pairs; docs/decisions.md). */
  wins: number;
  losses: number;
  ties: number;
  /** Votes it took part in. */
  votes: number;
  /** Bradley–Terry strength on an Elo-like scale: 1000 + 400·log10(strength), geometric mean 1000. */
  score: number;
  /** The score's 95 % interval, from a bootstrap over the votes; null under INTERVAL_MIN_VOTES votes. */
  low: number | null;
  high: number | null;
}

export interface Leaderboard {
  rows: LeaderboardRow[];
  /** Blind votes rated. */
  votes: number;
  /** Votes in the filter that were not blind, so not rated. */
  nonBlind: number;
}
