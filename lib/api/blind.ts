/**
 * Blind races (issue 38): a compare session whose panes are known by letters until the
 * user votes. Declared once for the page and the server (docs/contract.md, "Blind races").
 */
import { z } from 'zod';

/**
 * The provider a blind pane's requests name, and its replies carry, until the vote: the
 * server reads the real one from the session (its seat), never from the page.
 */
export const BLIND_PROVIDER = 'blind';
/** The wire format a blind pane's stream and event log reach the page in, whatever its upstream speaks. */
export const BLIND_PROTOCOL = 'openai-chat';
/** A blind pane's label by its place: A, B, … (as many as a race has panes). */
export const BLIND_LABELS = ['A', 'B', 'C', 'D', 'E', 'F'] as const;
export const labelOf = (pane: number): string => BLIND_LABELS[pane] ?? `P${pane + 1}`;

/** One model of a blind race's pool: which seat it takes is the server's draw. */
export const BlindSeatSchema = z
  .object({ provider: z.string().trim().min(1).max(200), model: z.string().trim().min(1).max(200) })
  .strict();
export type BlindSeat = z.infer<typeof BlindSeatSchema>;

/** The judgement of a blind race: the best pane (of two, "A is better"), a tie, or all of them bad. */
export const VerdictSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('best'), label: z.string().trim().min(1).max(16) }).strict(),
  z.object({ kind: z.literal('tie') }).strict(),
  z.object({ kind: z.literal('both-bad') }).strict(),
]);
export type BlindVerdict = z.infer<typeof VerdictSchema>;

/** POST /api/compares/{id}/vote's body. */
export const BlindVoteSchema = z.object({ verdict: VerdictSchema }).strict();
export type BlindVoteBody = z.input<typeof BlindVoteSchema>;

/** A pane once revealed: its label, and who it was. */
export interface RevealedPane {
  label: string;
  provider: string;
  model: string;
}

/** The vote as the session keeps it (and POST …/vote answers it): it revealed the panes. */
export interface BlindVote {
  verdict: BlindVerdict;
  /** False when a reply named its model or provider before the vote; `nonBlindReason` says which. */
  blind: boolean;
  nonBlindReason: string | null;
  votedAt: string;
  panes: RevealedPane[];
}

/** What a blind session says of itself: its labels in pane order, and, once voted, the vote with the names. */
export interface BlindState {
  labels: string[];
  vote?: BlindVote;
}
