import type { Verdict, VoteFigures, VoteInput, VotePane } from '@/lib/api/votes';

/** Figures as `replySummary` gives them for a finished, priced reply. */
export const figures = (provider: string, model: string, ttftMs = 120): VoteFigures => ({
  kind: 'reply',
  provider,
  model,
  status: 'complete',
  clock: 'server',
  ttftMs,
  totalMs: ttftMs + 900,
  speed: { tokensPerSecond: 42.5, from: 'usage' },
  usage: { inputTokens: 12, outputTokens: 40 },
  pricing: { input: 1, output: 2, source: 'config' },
  cost: { usd: 0.000092, input: 0.000012, cachedInput: 0, cacheWrite: 0, output: 0.00008 },
  finishReason: 'stop',
});

/**
 * A vote on a race of these "provider/model" panes, labelled A, B, … in order: `best`
 * names the winner by its label; a tie or both-bad by their kind.
 */
export function voteOn(
  models: string[],
  verdict: 'A' | 'B' | 'C' | 'D' | 'E' | 'F' | 'tie' | 'both-bad',
  options: Partial<Pick<VoteInput, 'prompt' | 'compareId' | 'blind' | 'nonBlindReason'>> = {},
): VoteInput {
  const panes: VotePane[] = models.map((name, index) => {
    const [provider, model] = name.split('/') as [string, string];
    return {
      label: String.fromCharCode(65 + index),
      provider,
      model,
      messageId: null,
      reply: `Reply ${index + 1} from ${model}`,
      figures: figures(provider, model, 100 + index * 50),
    };
  });
  const judged: Verdict = verdict === 'tie' || verdict === 'both-bad' ? { kind: verdict } : { kind: 'best', label: verdict };
  return {
    compareId: null,
    prompt: 'Explain a monad in one sentence.',
    blind: true,
    nonBlindReason: null,
    ...options,
    verdict: judged,
    panes,
  };
}
