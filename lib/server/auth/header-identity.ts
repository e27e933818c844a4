import 'server-only';
import { SignInRequired, type Identity } from './identity';
import { fromTrustedProxy, type AddressRange } from '@/lib/server/platform/trusted-proxies';

export interface HeaderSettings {
  userHeader: string;
  emailHeader?: string;
  trusted: readonly AddressRange[];
}

/** The issuer recorded for users named by a proxy's plain headers. */
export const PROXY_HEADER_ISSUER = 'proxy-header';

/**
 * A proxy's plain identity headers (`X-Forwarded-User`, `X-Forwarded-Email` …), which
 * anyone can write: they are read only on a request whose socket is one of
 * SLUICE_TRUSTED_PROXIES (none by default), and ignored otherwise, as if absent.
 */
export function headerIdentity(headers: Headers, peer: string | undefined, settings: HeaderSettings): Identity {
  if (!fromTrustedProxy(peer, settings.trusted))
    throw new SignInRequired(
      `the request did not come from a trusted proxy (SLUICE_TRUSTED_PROXIES), so its identity headers are ignored`,
    );
  const subject = headers.get(settings.userHeader)?.trim();
  if (!subject) throw new SignInRequired(`the trusted proxy sent no ${settings.userHeader} header`);
  const email = settings.emailHeader ? headers.get(settings.emailHeader)?.trim() || undefined : undefined;
  return { subject, issuer: PROXY_HEADER_ISSUER, email };
}
