import 'server-only';
import { replaysAsChat, type CaptureSummary } from '@/lib/api/captures';
import { replayUrl } from '@/lib/api/replay';
import { REPLAY_PROVIDER, type ModelInfo, type PublicProvider } from '@/lib/api/providers';
import { PROTOCOL_NAMES, PROTOCOLS, type ProtocolId } from '@/lib/protocols/ids';
import { selfOrigin } from '@/lib/providers/builtin';
import type { Provider } from '@/lib/providers/types';
import { repliesSettled } from '@/lib/server/store/settling-replies';
import { captureStore } from '@/lib/server/store/captures';
import { isUuid } from '@/lib/server/platform/ids';
import { store } from '@/lib/server/store';
import type { ReplyRecord } from '@/lib/server/store/types';
import type { User } from '@/lib/api/users';
import { replayGrant } from './replay-grant';

/** How many recent replies, and how many recent captures, the model picker lists. */
const LISTED = 15;

/** A recording as the replay provider offers it: the protocol it is read with, and what it is called. */
interface Recorded {
  model: ModelInfo;
  protocol: ProtocolId;
  /** ISO time it was made: the list is newest first. */
  at: string;
}

const isProtocol = (value: string): value is ProtocolId => (PROTOCOLS as readonly string[]).includes(value);
/** "2025-06-01 14:03 UTC": the same on every page whatever its reader's zone, and short. */
const when = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

/** A reply is read with the protocol it was read with when it streamed (its provider's). */
function fromReply(reply: ReplyRecord): Recorded | undefined {
  if (!isProtocol(reply.protocol)) return undefined;
  return {
    protocol: reply.protocol,
    at: reply.createdAt,
    model: {
      id: reply.id,
      // A replay's model is its recording's id: "replayed" says more.
      name: `Reply: ${reply.title} · ${reply.provider === REPLAY_PROVIDER ? 'replayed' : reply.model}`,
      description: `${reply.provider} · ${reply.model}, ${PROTOCOL_NAMES[reply.protocol]}, ${when(reply.createdAt)}`,
    },
  };
}

/** A capture is read with the protocol its path named. */
function fromCapture(capture: CaptureSummary): Recorded | undefined {
  if (!replaysAsChat(capture) || !capture.protocol) return undefined;
  const model = capture.model ?? '';
  return {
    protocol: capture.protocol,
    at: capture.startedAt,
    model: {
      id: capture.id,
      name: `Capture: ${capture.provider}${capture.path}${model ? ` · ${model}` : ''}`,
      description: `${capture.provider}${model ? ` · ${model}` : ''}, ${PROTOCOL_NAMES[capture.protocol]}, ${when(capture.startedAt)}`,
    },
  };
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

/** The recent replies and captures, newest first. */
async function recentRecordings(user: User): Promise<Recorded[]> {
  const [replies, captures] = await Promise.all([
    store().then((db) => db.replyRecords({ limit: LISTED, ownerId: user.id })),
    // A page of the newest: those still streaming, or not a stream, are left out of it.
    captureStore().then((c) => c.list(user.id, { limit: LISTED * 2 })),
  ]);
  const listed = [
    ...replies.map(fromReply).filter((r) => r !== undefined),
    ...captures.items
      .map(fromCapture)
      .filter((r) => r !== undefined)
      .slice(0, LISTED),
  ];
  return listed.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
}

/** The replay provider as the pages see it: its models are the recent recordings. */
export async function publicReplayProvider(user: User): Promise<PublicProvider> {
  return {
    id: REPLAY_PROVIDER,
    name: 'Replay',
    builtin: true,
    hasKey: false,
    models: (await recentRecordings(user)).map((r) => r.model),
  };
}

/**
 * The replay provider for one recording, as POST /api/chat sends to it: its upstream is
 * `/replay/{id}` on this server (reached over loopback like the simulator), at the
 * recorded pace, and its protocol the recording's. Never resumed: asked again, a replay
 * starts over.
 */
export async function replayProvider(user: User, id: string): Promise<Provider | undefined> {
  const recording = await recorded(user, id);
  if (!recording) return undefined;
  const grant = replayGrant(id);
  return {
    id: REPLAY_PROVIDER,
    name: 'Replay',
    protocol: recording.protocol,
    baseUrl: replayUrl(selfOrigin(), id),
    builtin: true,
    headers: grant,
    // Shown nowhere: the upstream marker and the event log redact it as a key.
    secrets: Object.values(grant),
    models: [recording.model],
    resume: 'off',
  };
}
