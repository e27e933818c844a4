import 'server-only';
import type { Environment } from '@/lib/server/platform/environment';
import type { AssertionSettings } from './proxy-assertion';
import type { HeaderSettings } from './header-identity';

/** How Sluice knows who is asking, as SLUICE_AUTH and its companions say. */
export type AuthSettings =
  | { mode: 'none' }
  | { mode: 'proxy'; assertion: AssertionSettings; headers?: undefined }
  | { mode: 'proxy'; assertion?: undefined; headers: HeaderSettings }
  | { mode: 'oidc'; oidc: OidcSettings };

/** Sluice's own sign-in through one OpenID provider (SLUICE_AUTH=oidc). */
export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The origin users open Sluice at (SLUICE_PUBLIC_URL): the callback's address, and whether cookies are Secure. */
  publicUrl: string;
  /** The role the ID token must list at `claim` to sign in; unset, anyone the provider signs in may. */
  role?: { claim: string; required: string };
}

/** A mode whose companions are missing or contradict it: the message names each variable to set. */
export class AuthSettingsError extends Error {}

const OIDC = ['SLUICE_OIDC_ISSUER', 'SLUICE_OIDC_CLIENT_ID', 'SLUICE_OIDC_CLIENT_SECRET', 'SLUICE_PUBLIC_URL'] as const;
const ROLE = ['SLUICE_OIDC_ROLE_CLAIM', 'SLUICE_OIDC_REQUIRED_ROLE'] as const;

const ASSERTION = ['SLUICE_AUTH_JWT_HEADER', 'SLUICE_AUTH_JWKS_URL', 'SLUICE_AUTH_ISSUER', 'SLUICE_AUTH_AUDIENCE'] as const;

/**
 * The mode and what it needs. `proxy` takes a signed assertion (all four ASSERTION
 * variables) in preference to plain headers (SLUICE_AUTH_USER_HEADER, believed only
 * from SLUICE_TRUSTED_PROXIES); half an assertion's settings is an error, never a
 * silent fall back to headers.
 */
export function authSettings(env: Environment): AuthSettings {
  if (env.SLUICE_AUTH === 'none') return { mode: 'none' };
  if (env.SLUICE_AUTH === 'oidc') return { mode: 'oidc', oidc: oidcSettings(env) };
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

/** All four OIDC variables, and the role's two together or neither: a half-set role would let everyone in. */
function oidcSettings(env: Environment): OidcSettings {
  const missing = OIDC.filter((name) => env[name] === undefined);
  if (missing.length > 0)
    throw new AuthSettingsError(
      `SLUICE_AUTH=oidc needs ${missing.join(', ')} (the provider's issuer URL, the client id and secret Sluice ` +
        'is registered under, and the address users open Sluice at).',
    );
  const roleGiven = ROLE.filter((name) => env[name] !== undefined);
  if (roleGiven.length === 1)
    throw new AuthSettingsError(
      `${roleGiven[0]} is set without ${ROLE.find((name) => name !== roleGiven[0])}: set both (the claim's path and the role it must hold) or neither.`,
    );
  return {
    issuer: env.SLUICE_OIDC_ISSUER!,
    clientId: env.SLUICE_OIDC_CLIENT_ID!,
    clientSecret: env.SLUICE_OIDC_CLIENT_SECRET!,
    publicUrl: new URL(env.SLUICE_PUBLIC_URL!).origin,
    ...(roleGiven.length === 2 ? { role: { claim: env.SLUICE_OIDC_ROLE_CLAIM!, required: env.SLUICE_OIDC_REQUIRED_ROLE! } } : {}),
  };
}
