import 'server-only';
import type { User } from '@/lib/api/users';
import { publicReplayProvider } from '@/lib/server/replay/replay-provider';
import { providers } from './config';
import { toPublic } from './discover';
import type { PublicProvider } from '@/lib/api/providers';

/** Every provider with its models, keys left out; last, the replay provider with the recent recordings. */
export function listPublicProviders(user: User): Promise<PublicProvider[]> {
  return Promise.all([...providers().map(toPublic), publicReplayProvider(user)]);
}
