import 'server-only';
import type { Environment } from '../environment';
import type { AssertionSettings } from './proxy-assertion';
import type { HeaderSettings } from './header-identity';

/** How Sluice knows who is asking, as SLUICE_AUTH and its companions say. */
export type AuthSettings =
  | { mode: 'none' }
  | { mode: 'proxy'; assertion: AssertionSettings; headers?: undefined }
  | { mode: 'proxy'; assertion?: undefined; headers: HeaderSettings }
  | { mode: 'oidc' };

/** A mode whose companions are missing or contradict it: the message names each variable to set. */
export class AuthSettingsError extends Error {}

const ASSERTION = ['SLUICE_AUTH_JWT_HEADER', 'SLUICE_AUTH_JWKS_URL', 'SLUICE_AUTH_ISSUER', 'SLUICE_AUTH_AUDIENCE'] as const;

/**
 * The mode and what it needs. `proxy` takes a signed assertion (all four ASSERTION
 * variables) in preference to plain headers (SLUICE_AUTH_USER_HEADER, believed only
 * from SLUICE_TRUSTED_PROXIES); half an assertion's settings is an error, never a
 * silent fall back to headers.
 */
export function authSettings(env: Environment): AuthSettings {
  if (env.SLUICE_AUTH === 'none') return { mode: 'none' };
  if (env.SLUICE_AUTH === 'oidc') return { mode: 'oidc' };
  const given = ASSERTION.filter((name) => env[name] !== undefined);
  if (given.length > 0) {
    const missing = ASSERTION.filter((name) => env[name] === undefined);
    if (missing.length > 0)
      throw new AuthSettingsError(
        `SLUICE_AUTH=proxy with a signed assertion needs ${missing.join(', ')} too (${given.join(', ')} set).`,
      );
    return {
      mode: 'proxy',
      assertion: {
        header: env.SLUICE_AUTH_JWT_HEADER!,
        jwksUrl: env.SLUICE_AUTH_JWKS_URL!,
        issuer: env.SLUICE_AUTH_ISSUER!,
        audience: env.SLUICE_AUTH_AUDIENCE!,
      },
    };
  }
  if (env.SLUICE_AUTH_USER_HEADER === undefined)
    throw new AuthSettingsError(
      `SLUICE_AUTH=proxy needs the proxy's signed assertion (${ASSERTION.join(', ')}) or, failing that, SLUICE_AUTH_USER_HEADER with SLUICE_TRUSTED_PROXIES.`,
    );
  if (env.SLUICE_TRUSTED_PROXIES.length === 0)
    throw new AuthSettingsError(
      'SLUICE_AUTH_USER_HEADER is read only from SLUICE_TRUSTED_PROXIES, which is empty: set it to the proxy’s address (or range).',
    );
  return {
    mode: 'proxy',
    headers: {
      userHeader: env.SLUICE_AUTH_USER_HEADER,
      emailHeader: env.SLUICE_AUTH_EMAIL_HEADER,
      trusted: env.SLUICE_TRUSTED_PROXIES,
    },
  };
}
