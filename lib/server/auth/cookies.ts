import 'server-only';
/**
 * The two cookies of Sluice's own sign-in (SLUICE_AUTH=oidc). Both HttpOnly (no script
 * reads them), SameSite=Lax (sent on the provider's redirect back, a top-level GET, but
 * not on another site's POST), and Secure with the `__Host-` prefix when Sluice is
 * served over HTTPS (the prefix pins them to this host and path `/`).
 */
export interface CookieJar {
  /** The session's random token (SESSION_LIFETIME_MS). */
  session: string;
  /** A sign-in in progress: its state, nonce and PKCE verifier, for ten minutes. */
  flow: string;
  secure: boolean;
}

/** The cookies' names for a Sluice served at `publicUrl`. */
export function cookieJar(publicUrl: string): CookieJar {
  const secure = new URL(publicUrl).protocol === 'https:';
  const prefix = secure ? '__Host-' : '';
  return { session: `${prefix}sluice_session`, flow: `${prefix}sluice_sign_in`, secure };
}

/** A Set-Cookie header's value; `maxAgeSeconds` 0 clears the cookie. */
export function setCookie(jar: CookieJar, name: string, value: string, maxAgeSeconds: number): string {
  return [
    `${name}=${value}`,
    'Path=/',
    `Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(jar.secure ? ['Secure'] : []),
  ].join('; ');
}

/** One cookie's value from a request's Cookie header; undefined when absent or empty. */
export function readCookie(headers: Headers, name: string): string | undefined {
  for (const part of (headers.get('cookie') ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at < 0 || part.slice(0, at).trim() !== name) continue;
    const value = part.slice(at + 1).trim();
    return value || undefined;
  }
  return undefined;
}
