import 'server-only';
import type { User } from '@/lib/api/users';
import { BLIND_PROVIDER, labelOf, type BlindSeat, type BlindState } from '@/lib/api/blind';
import type { ConversationSummary } from '@/lib/api/conversations';
import { findProvider } from '@/lib/providers/config';
import { ApiError } from '@/lib/server/http/errors';
import { uuidv7 } from '@/lib/server/platform/ids';
import type { ConversationStore } from '@/lib/server/store/types';
import { drawSeats } from './seats';
import { seatNames } from './seating';

/** A model of the pool the server can run: a configured provider, a model it lists (when it lists them). */
function checkSeat(seat: BlindSeat): void {
  const provider = seat.provider === BLIND_PROVIDER ? undefined : findProvider(seat.provider);
  if (!provider) throw new ApiError(404, 'not_found', `Unknown provider "${seat.provider.slice(0, 100)}".`);
  if (provider.models && !provider.models.some((m) => m.id === seat.model))
    throw new ApiError(404, 'not_found', `Unknown model "${seat.model.slice(0, 100)}" for provider "${provider.id}".`);
}

/**
 * Starts a blind race: the pool's models seated at random (drawSeats), stored with the
 * session; the answer names only the labels, in pane order.
 */
export async function createBlindCompare(
  db: ConversationStore,
  user: User,
  title: string,
  pool: BlindSeat[],
): Promise<ConversationSummary & { blindState: BlindState }> {
  pool.forEach(checkSeat);
  const seats = drawSeats(pool);
  const session = await db.createCompare({ id: uuidv7(), title, blind: seats, ownerId: user.id });
  return { ...session, blindState: { labels: seats.map((_, i) => labelOf(i)) } };
}

/** A blind pane's turn, as POST /api/chat resolves it: the model its seat hides. */
export interface BlindTurn {
  pane: number;
  label: string;
  seat: BlindSeat;
  /** Names the page must not read: the provider's id and name, the model. */
  hide: string[];
}

/**
 * The seat a blind pane's request (`provider: "blind"`, `model: its label`) runs on: read
 * from its session (a first turn's `compare`, a later turn's conversation), never from
 * the page. A label that is not the pane's, or a race already voted on, is refused.
 */
export async function blindTurn(
  db: ConversationStore,
  body: { model: string; compare?: { id: string; pane: number }; conversationId?: string },
): Promise<BlindTurn> {
  const id = body.compare?.id ?? body.conversationId;
  const seating = id ? await db.blindSeating(id) : undefined;
  const pane = body.compare?.pane ?? seating?.pane;
  const seat = pane === undefined ? undefined : seating?.seats[pane];
  if (!seating || pane === undefined || !seat)
    throw new ApiError(400, 'invalid_request', 'The provider "blind" is only for the panes of a blind race.');
  if (labelOf(pane) !== body.model)
    throw new ApiError(
      400,
      'invalid_request',
      `Pane ${pane + 1} of this blind race is "${labelOf(pane)}", not "${body.model.slice(0, 20)}".`,
    );
  if (seating.vote)
    throw new ApiError(
      409,
      'conflict',
      'This blind race was voted on: its panes are named now; send with their provider and model.',
    );
  return { pane, label: labelOf(pane), seat, hide: seatNames(seat) };
}
