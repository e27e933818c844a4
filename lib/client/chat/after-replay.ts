import { REPLAY_PROVIDER, type PublicProvider, type ReplayOf } from '@/lib/api/providers';
import type { ModelChoice } from '../model-choice';

/** The chat as a replay leaves it: its model, and whether a reply ends it (a replay not yet sent has none). */
export interface ReplayState {
  provider?: string;
  replayOf?: ReplayOf;
  streaming?: string;
  endsWithReply: boolean;
}

/**
 * Once a replay has ended, the chat goes on with the model its recording was made with:
 * a follow-up on the replay provider would get the same recording again, billed again.
 * `choose`: that model, when this server offers it; else `note`, why the composer waits
 * for a model to be picked. Nothing while no replay has ended (none chosen, still
 * streaming, or not yet sent).
 */
export function afterReplay(
  providers: PublicProvider[],
  { provider, replayOf, streaming, endsWithReply }: ReplayState,
): { choose: ModelChoice } | { note: string } | undefined {
  if (provider !== REPLAY_PROVIDER || streaming || !endsWithReply) return undefined;
  const offered = replayOf && providers.some((p) => p.id === replayOf.provider && p.models.some((m) => m.id === replayOf.model));
  if (offered) return { choose: { provider: replayOf.provider, model: replayOf.model } };
  const recorded = replayOf ? `${replayOf.provider} · ${replayOf.model}, which is not offered here` : 'a recording';
  return { note: `The replay above re-ran ${recorded}: pick a model in “Model” to go on.` };
}
