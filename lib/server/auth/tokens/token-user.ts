import 'server-only';
import type { User } from '@/lib/api/users';
import { store } from '../../store';
import { tokenHash } from '@/lib/server/store/token-store';
import { TOKEN_HEADER, type FoundToken } from './sluice-token';
import { KNOWN_MS, listenForRevocations, revocationsHeard } from './revocation-news';
import { processSingleton } from '@/lib/server/platform/process-singleton';

/** A token's last use is written at most this often (per instance), after the request, never in its way. */
const USED_EVERY_MS = 60_000;

type Known = { user: User | undefined; tokenId?: string; until: number };
function state() {
  return processSingleton('token-users', () => ({ known: new Map<string, Known>(), usedAt: new Map<string, number>() }));
}

/** Notes a use, and writes it once a minute, off the request's path: its failure is logged, never felt. */
function noteUse(tokenId: string, now: number): void {
  const { usedAt } = state();
  if (now - (usedAt.get(tokenId) ?? -Infinity) < USED_EVERY_MS) return;
  usedAt.set(tokenId, now);
  setTimeout(() => {
    store()
      .then((s) => s.tokens.used([tokenId]))
      .catch((error: unknown) => console.error(`sluice: noting a token's use failed: ${String(error)}`));
  }, 0).unref?.();
}

/** The holder of a token the cache knows (undefined: an unknown or revoked token), or `unseen`: it must be looked up. */
function knownHolder(hash: string, now: number): User | undefined | 'unseen' {
  const cached = state().known.get(hash);
  if (!cached || cached.until <= now) return 'unseen';
  if (cached.tokenId) noteUse(cached.tokenId, now);
  return cached.user;
}

async function lookedUp(hash: string, now: number): Promise<User | undefined> {
  listenForRevocations(forgetToken);
  const found = await (await store()).tokens.holder(hash);
  const { known } = state();
  if (known.size > 10_000) known.clear();
  if (revocationsHeard()) known.set(hash, { user: found?.user, tokenId: found?.tokenId, until: now + KNOWN_MS });
  if (found) noteUse(found.tokenId, now);
  return found?.user;
}

/** The user a token is theirs; undefined for an unknown or revoked one. */
export async function tokenUser(token: string): Promise<User | undefined> {
  const hash = tokenHash(token);
  const now = Date.now();
  const known = knownHolder(hash, now);
  return known === 'unseen' ? lookedUp(hash, now) : known;
}

/** Forgets a revoked token on this instance (the route that revokes it tells the others: revocation-news.ts). */
export function forgetToken(tokenId: string): void {
  for (const [hash, known] of state().known) if (known.tokenId === tokenId) state().known.delete(hash);
}

/** Why a request's token was refused: the 401's message, a sentence of its own (the proxy's and the API's). */
export function refusedToken(found: FoundToken): string {
  return 'conflicting' in found
    ? 'The request carries two different Sluice tokens: send one.'
    : 'The Sluice token sent is unknown or revoked: make a new one under Tokens.';
}

/**
 * The user a request's token is theirs, or why not, without waiting when the token is
 * known: the recording proxy's check on its hot path is a hash and a map read.
 */
export function holderOf(found: FoundToken): User | { refused: string } | Promise<User | { refused: string }> {
  const refused = { refused: refusedToken(found) };
  if ('conflicting' in found) return refused;
  const hash = tokenHash(found.token);
  const now = Date.now();
  const known = knownHolder(hash, now);
  const answer = (user: User | undefined) => user ?? refused;
  return known === 'unseen' ? lookedUp(hash, now).then(answer) : answer(known);
}

/** What a client without a token is told when sign-in is on. */
export const TOKEN_NEEDED = `Sign-in is on: send one of your Sluice tokens (made under Tokens) in the ${TOKEN_HEADER} header, or as your SDK's API key.`;
