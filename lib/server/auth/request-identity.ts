import 'server-only';
import type { AuthSettings } from './auth-settings';
import { headerIdentity } from './header-identity';
import type { Identity } from './identity';
import { peerOf } from './peer-address';
import { assertionReader } from './proxy-assertion';
import { sessionIdentifier } from './session-identity';

/** The one user of a Sluice without sign-in (SLUICE_AUTH=none). */
export const LOCAL_IDENTITY: Identity = { subject: 'local', issuer: 'none' };

/**
 * The function every route calls to learn who asks, made once for the settings: the
 * local user, or the proxy's assertion checked, or its plain headers from a trusted
 * peer, or (`oidc`) the session Sluice's own sign-in made. Throws SignInRequired (a 401) otherwise.
 */
export function identifier(settings: AuthSettings): (headers: Headers) => Promise<Identity> {
  if (settings.mode === 'none') return async () => LOCAL_IDENTITY;
  if (settings.mode === 'oidc') return sessionIdentifier(settings.oidc);
  if (settings.assertion) return assertionReader(settings.assertion);
  const { headers: plain } = settings;
  return async (headers) => headerIdentity(headers, peerOf(headers), plain);
}
