import type { BlindVerdict } from '@/lib/api/blind';

/** "A is better" of two, "A is best" of more; a tie; "Both bad" of two, "All bad" of more. */
export function verdictText(verdict: BlindVerdict, panes: number): string {
  if (verdict.kind === 'best') return `${verdict.label} is ${panes === 2 ? 'better' : 'best'}`;
  if (verdict.kind === 'tie') return 'Tie';
  return panes === 2 ? 'Both bad' : 'All bad';
}

/**
 * What the vote's group asks, in the buttons' own words: of four panes it asked "Which
 * reply is better?" above "A is best", "B is best", … (a question of two, answered of four).
 */
export function votePrompt(panes: number, ready: boolean): string {
  if (!ready) return 'Vote once every reply has ended.';
  return `Which reply is ${panes === 2 ? 'better' : 'best'}? The vote reveals the models.`;
}
