import 'server-only';
import { store } from '../store';
import type { VoteStore } from './vote-store';

/** The server's votes, in its one store (shared through globalThis, like the store). */
export async function voteStore(): Promise<VoteStore> {
  return (await store()).votes;
}
