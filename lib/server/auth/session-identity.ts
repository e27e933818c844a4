import 'server-only';
import { store } from '../store';
import type { OidcSettings } from './auth-settings';
import { cookieJar, readCookie } from './cookies';
import { SignInRequired, type Identity } from './identity';

/**
 * Sluice's own sign-in (SLUICE_AUTH=oidc): the person whose session the request's cookie
 * names, looked up on every request (a sign-out or an expiry holds at once, on every
 * instance). No cookie, or one naming no live session, is SignInRequired.
 */
export function sessionIdentifier(settings: OidcSettings): (headers: Headers) => Promise<Identity> {
  const { session } = cookieJar(settings.publicUrl);
  return async (headers) => {
    const token = readCookie(headers, session);
    if (!token) throw new SignInRequired('no session: sign in at /api/auth/sign-in');
    const identity = await (await store()).sessions.identityOf(token);
    if (!identity) throw new SignInRequired('the session has ended or expired: sign in again at /api/auth/sign-in');
    return identity;
  };
}
