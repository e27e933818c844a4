import 'server-only';
import { providers } from './config';
import { toPublic } from './discover';
import type { PublicProvider } from '@/lib/api/providers';

/** Every provider with its models, keys left out. */
export function listPublicProviders(): Promise<PublicProvider[]> {
  return Promise.all(providers().map(toPublic));
}
