import 'server-only';
import { labelOf, type BlindSeat } from '@/lib/api/blind';
import { findProvider } from '@/lib/providers/config';
import type { ConversationStore } from '@/lib/server/store/types';
import { namesOf } from './mask';

/** A pane of a blind race not yet voted on: its place, who sits there, and the names its texts must not carry. */
export interface HiddenPane {
  pane: number;
  label: string;
  seat: BlindSeat;
  hide: string[];
}

/** The names of a seat: its provider's id and configured name, its model. */
export const seatNames = (seat: BlindSeat) => namesOf(seat, findProvider(seat.provider)?.name);

/** Conversation `id` as a hidden blind pane, if it is one (a session, a revealed race or any other conversation: undefined). */
export async function hiddenPane(db: ConversationStore, id: string): Promise<HiddenPane | undefined> {
  const seating = await db.blindSeating(id);
  if (!seating || seating.vote || seating.pane === undefined) return undefined;
  const seat = seating.seats[seating.pane];
  if (!seat) return undefined;
  return { pane: seating.pane, label: labelOf(seating.pane), seat, hide: seatNames(seat) };
}
