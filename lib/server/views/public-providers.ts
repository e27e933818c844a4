import 'server-only';
import type { User } from '@/lib/api/users';
import { publicReplayProvider } from '@/lib/server/views/replay-provider';
import { providers } from '../../providers/config';
import { toPublic } from '../../providers/discover';
import type { PublicProvider } from '@/lib/api/providers';

/**
 * Every provider with its models, keys left out; last, the replay provider, which lists
 * none (a replay is reached from its recording). The same for every user today; every
 * page still names whose list it reads.
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- the pages' call stays whose-list-is-this
export function listPublicProviders(_user: User): Promise<PublicProvider[]> {
  return Promise.all([...providers().map(toPublic), publicReplayProvider()]);
}
