import 'server-only';
import type { IncomingHttpHeaders } from 'node:http';
import { LOCAL_USER_ID, type User } from '@/lib/api/users';
import { checkEnvironment } from '@/lib/server/platform/environment';
import { store } from '../store';
import { authSettings, type AuthSettings } from './auth-settings';
import { SignInRequired, type Identity } from './identity';
import { identifier } from './request-identity';
import { sluiceToken } from './tokens/sluice-token';
import { holderOf, TOKEN_NEEDED } from './tokens/token-user';
import { processSingleton } from '@/lib/server/platform/process-singleton';

/** The one user of a Sluice without sign-in: every row from before sign-in is theirs. */
export const LOCAL_USER: User = { id: LOCAL_USER_ID, admin: true };

/** A user found stays known this long, so a request costs no database read (sign-in changes are seen within it). */
const KNOWN_MS = 60_000;

type Known = { user: User; until: number };

/** Made once per process (Next.js bundles each route apart; the state lives on globalThis). */
function resolver() {
  return processSingleton('current-user', () => {
    const settings: AuthSettings = authSettings(checkEnvironment());
    const identify: (headers: Headers) => Promise<Identity> = identifier(settings);
    return { settings, identify, local: settings.mode === 'none', known: new Map<string, Known>() };
  });
}

/**
 * Who asks: called by every route handler and page itself (never only by `proxy.ts`:
 * Next.js CVE-2025-29927 skipped middleware). A request with a Sluice token is its
 * holder's, in every mode, and one with a token that is not valid is refused, never
 * taken for anyone else. Else `local` without sign-in; else the user the proxy's
 * assertion, its trusted headers or Sluice's own session name, made at their first
 * sign-in. Throws SignInRequired (answered 401, or the sign-in page).
 */
export async function currentUser(request: Request | Headers): Promise<User> {
  const headers = request instanceof Headers ? request : request.headers;
  const token = sluiceToken(headers, request instanceof Headers ? '' : request.url);
  if (token) {
    const holder = await holderOf(token);
    if ('refused' in holder) throw new SignInRequired(holder.refused, true);
    return holder;
  }
  const { identify, local, known } = resolver();
  if (local) return LOCAL_USER;
  const identity = await identify(headers);
  const key = `${identity.issuer}\n${identity.subject}\n${identity.email ?? ''}\n${identity.name ?? ''}`;
  const now = Date.now();
  const cached = known.get(key);
  if (cached && cached.until > now) return cached.user;
  const user = await (await store()).users.signedIn(identity, checkEnvironment().SLUICE_ADMIN_EMAILS);
  if (known.size > 10_000) known.clear();
  known.set(key, { user, until: now + KNOWN_MS });
  return user;
}

/**
 * Whose an exchange through the recording proxy is: its token's holder, in every mode;
 * without a token, `local`'s when sign-in is off, else refused (a 401 naming the
 * header). No wait when the token is known, or there is none (the proxy's hot path).
 */
export function proxyCaller(
  headers: IncomingHttpHeaders,
  url: string,
): User | { refused: string } | Promise<User | { refused: string }> {
  const token = sluiceToken(headers, url);
  if (token) return holderOf(token);
  return resolver().local ? LOCAL_USER : { refused: TOKEN_NEEDED };
}

/** True when sign-in is on: pages show who is signed in and a way out. */
export function signInRequired(): boolean {
  return !resolver().local;
}

/** The sign-in mode this process runs in, with its settings (the sign-in routes and the sign-in page read it). */
export function authMode(): AuthSettings {
  return resolver().settings;
}
