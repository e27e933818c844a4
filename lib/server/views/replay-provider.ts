import 'server-only';
import { replaysAsChat, type CaptureSummary } from '@/lib/api/captures';
import { replayUrl } from '@/lib/api/replay';
import { REPLAY_PROVIDER, type PublicProvider, type ReplayOf } from '@/lib/api/providers';
import type { ModelPricing } from '@/lib/pricing/cost';
import { PROTOCOLS, type ProtocolId } from '@/lib/protocols/ids';
import { selfOrigin } from '@/lib/providers/builtin';
import { findProvider } from '@/lib/providers/config';
import type { Provider } from '@/lib/providers/types';
import { pricingFor } from '@/lib/server/platform/pricing';
import { repliesSettled } from '@/lib/server/store/settling-replies';
import { captureStore } from '@/lib/server/store/captures';
import { isUuid } from '@/lib/server/platform/ids';
import { store } from '@/lib/server/store';
import type { ReplyRecord } from '@/lib/server/store/types';
import type { User } from '@/lib/api/users';
import { replayGrant } from './replay-grant';

/** A replay's turn: what it re-runs (its recording's provider and model) and at what prices that model was. */
export interface ReplayTurn {
  of: ReplayOf;
  /** Undefined: the recording's model has no known price. */
  pricing?: ModelPricing;
}

/** A recording as the replay provider serves it: the protocol it is read with, and what it re-runs. */
interface Recorded extends ReplayTurn {
  protocol: ProtocolId;
}

const isProtocol = (value: string): value is ProtocolId => (PROTOCOLS as readonly string[]).includes(value);

/** A model's prices by its provider's id, as configured now (undefined: a provider gone, or no price known). */
function pricesNow({ provider, model }: ReplayOf): ModelPricing | undefined {
  const configured = findProvider(provider);
  return configured && model ? pricingFor(configured, model) : undefined;
}

/**
 * A reply is read with the protocol it was read with when it streamed (its provider's),
 * and priced as it was; a replay of a replay re-runs what the first one did.
 */
function fromReply(reply: ReplyRecord): Recorded | undefined {
  if (!isProtocol(reply.protocol)) return undefined;
  const of = reply.replayOf ?? { provider: reply.provider, model: reply.model };
  return { protocol: reply.protocol, of, pricing: reply.pricing ?? pricesNow(of) };
}

/** A capture is read with the protocol its path named, and priced at its model's prices. */
function fromCapture(capture: CaptureSummary): Recorded | undefined {
  if (!replaysAsChat(capture) || !capture.protocol) return undefined;
  const of = { provider: capture.provider, model: capture.model ?? '' };
  return { protocol: capture.protocol, of, pricing: pricesNow(of) };
}

/** One recording by its id (a capture's, or a reply's message id), if it can be replayed through the chat. */
async function recorded(user: User, id: string): Promise<Recorded | undefined> {
  if (!isUuid(id)) return undefined;
  const capture = await (await captureStore()).get(id, user.id);
  if (capture) return fromCapture(capture);
  await repliesSettled(); // a reply that has just ended is stored first
  const [reply] = await (await store()).replyRecords({ id, ownerId: user.id });
  return reply ? fromReply(reply) : undefined;
}

/**
 * The replay provider as the pages see it: no models listed. A replay is reached from its
 * recording (Replay on a reply or a capture), by the recording's id; a list of recent
 * recordings in the model picker grew by one with every reply, ids and all.
 */
export function publicReplayProvider(): PublicProvider {
  return { id: REPLAY_PROVIDER, name: 'Replay', builtin: true, hasKey: false, models: [] };
}

/**
 * The replay provider for one recording, as POST /api/chat sends to it: its upstream is
 * `/replay/{id}` on this server (reached over loopback like the simulator), at the
 * recorded pace, and its protocol the recording's. Never resumed: asked again, a replay
 * starts over. With it, what the replay re-runs, which its reply is named and priced by.
 */
export async function replayProvider(user: User, id: string): Promise<{ provider: Provider; replay: ReplayTurn } | undefined> {
  const recording = await recorded(user, id);
  if (!recording) return undefined;
  const grant = replayGrant(id);
  const { protocol, of, pricing } = recording;
  return {
    provider: {
      id: REPLAY_PROVIDER,
      name: 'Replay',
      protocol,
      baseUrl: replayUrl(selfOrigin(), id),
      builtin: true,
      headers: grant,
      // Shown nowhere: the upstream marker and the event log redact it as a key.
      secrets: Object.values(grant),
      models: [{ id, name: of.model }],
      resume: 'off',
    },
    replay: { of, ...(pricing ? { pricing } : {}) },
  };
}
