import 'server-only';
import type { User } from '@/lib/api/users';
import { publicReplayProvider } from '@/lib/server/views/replay-provider';
import { providers } from '../../providers/config';
import { toPublic } from '../../providers/discover';
import type { PublicProvider } from '@/lib/api/providers';

/** Every provider with its models, keys left out; last, the replay provider with the recent recordings. */
export function listPublicProviders(user: User): Promise<PublicProvider[]> {
  return Promise.all([...providers().map(toPublic), publicReplayProvider(user)]);
}
