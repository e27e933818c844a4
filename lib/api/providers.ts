import type { ProtocolId } from '@/lib/protocols/ids';

/** A model a provider offers, as listed in the providers file or discovered from its upstream. */
export interface ModelInfo {
  id: string;
  /** What to call it where its id says little (a recording's UUID); the id otherwise. */
  name?: string;
  description?: string;
}

/**
 * The built-in provider whose models are recordings: a stored reply's or a capture's id as
 * the model, replayed from `/replay/{id}` at its recorded pace and read with the
 * recording's own protocol (lib/server/views/replay-provider.ts).
 */
export const REPLAY_PROVIDER = 'replay';

/**
 * What a replay re-runs: the provider and model of its recording (a capture's, or a
 * stored reply's; a replay of a replay, the first one's). A replayed reply is named and
 * priced by them, not by the replay provider and the recording's id.
 */
export interface ReplayOf {
  provider: string;
  model: string;
}

/** What GET /api/providers returns, and what pages get: no key, ever. */
export interface PublicProvider {
  id: string;
  name: string;
  /** Absent for the replay provider: each of its models speaks its recording's protocol. */
  protocol?: ProtocolId;
  builtin: boolean;
  hasKey: boolean;
  models: ModelInfo[];
  /** Set when model discovery failed; the message says why. */
  modelsError?: string;
}
