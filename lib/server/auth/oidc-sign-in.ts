import 'server-only';
import * as client from 'openid-client';
import type { OidcSettings } from './auth-settings';
import type { Identity } from './identity';
import { hasRole } from './role-claim';

/** Where the provider sends the browser back, under SLUICE_PUBLIC_URL. */
export const CALLBACK_PATH = '/api/auth/callback';

/** How long a sign-in may take at the provider before its state is forgotten. */
export const FLOW_LIFETIME_S = 600;

/** A sign-in that cannot finish: `status` and a sentence for the person, shown on a small page. */
export class SignInRefused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'SignInRefused';
  }
}

/** What the browser keeps (in an HttpOnly cookie) between leaving for the provider and coming back. */
interface Flow {
  state: string;
  nonce: string;
  verifier: string;
  /** The page to come back to (return-path.ts checks it on the way out and back). */
  next?: string;
}

/** Plain HTTP to the provider only on this machine (a provider in a test, or one beside Sluice); elsewhere HTTPS, as openid-client insists. */
const onLoopback = (url: string) => ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(url).hostname);

/**
 * Discovered once per route bundle, not shared on globalThis: Next.js may bundle
 * openid-client apart for each route, and a Configuration (or a SignInRefused) made by
 * one copy is not an instance of the other's.
 */
let discovered: Promise<client.Configuration> | undefined;

/**
 * The provider's metadata and keys, discovered once; after a failure, the next sign-in
 * tries again. openid-client checks that the discovery document names the issuer
 * configured, exactly.
 */
function configuration(settings: OidcSettings): Promise<client.Configuration> {
  discovered ??= client
    .discovery(
      new URL(settings.issuer),
      settings.clientId,
      settings.clientSecret,
      undefined,
      onLoopback(settings.issuer) ? { execute: [client.allowInsecureRequests] } : undefined,
    )
    .catch((error: unknown) => {
      discovered = undefined;
      throw new SignInRefused(
        502,
        `The sign-in provider at ${settings.issuer} (SLUICE_OIDC_ISSUER) could not be used: ${messageOf(error)}`,
      );
    });
  return discovered;
}

const messageOf = (error: unknown): string => {
  if (!(error instanceof Error)) return String(error);
  return error.cause instanceof Error ? `${error.message}: ${error.cause.message}` : error.message;
};

const redirectUri = (settings: OidcSettings) => `${settings.publicUrl}${CALLBACK_PATH}`;

/**
 * The first leg: the provider's address to send the browser to (authorization code with
 * PKCE S256, a state and a nonce), and the flow to keep in the browser's cookie.
 */
export async function beginSignIn(settings: OidcSettings, next?: string): Promise<{ location: string; flow: string }> {
  const config = await configuration(settings);
  const flow: Flow = {
    state: client.randomState(),
    nonce: client.randomNonce(),
    verifier: client.randomPKCECodeVerifier(),
    ...(next ? { next } : {}),
  };
  const location = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri(settings),
    scope: 'openid email profile',
    code_challenge: await client.calculatePKCECodeChallenge(flow.verifier),
    code_challenge_method: 'S256',
    state: flow.state,
    nonce: flow.nonce,
  });
  return { location: location.href, flow: Buffer.from(JSON.stringify(flow)).toString('base64url') };
}

function readFlow(cookie: string | undefined): Flow {
  try {
    const flow = JSON.parse(Buffer.from(cookie ?? '', 'base64url').toString()) as Partial<Flow>;
    if (typeof flow.state === 'string' && typeof flow.nonce === 'string' && typeof flow.verifier === 'string')
      return flow as Flow;
  } catch {
    // answered below
  }
  throw new SignInRefused(400, 'This sign-in was not started in this browser, or took more than ten minutes. Sign in again.');
}

/**
 * The second leg, at the callback: openid-client checks the state, the issuer (the
 * response's `iss` and the ID token's), the nonce, the ID token's signature and audience,
 * and sends the PKCE verifier, which the provider checks. Then the required role, if any.
 * Also the page the sign-in started from, to go back to.
 * `search` is the callback's query string, as the provider sent it.
 */
export async function finishSignIn(
  settings: OidcSettings,
  search: string,
  flowCookie: string | undefined,
): Promise<{ identity: Identity; next?: string }> {
  const flow = readFlow(flowCookie);
  const config = await configuration(settings);
  const current = new URL(`${redirectUri(settings)}${search}`);
  let claims: client.IDToken;
  try {
    const tokens = await client.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: flow.verifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    claims = tokens.claims()!;
  } catch (error) {
    if (error instanceof client.AuthorizationResponseError)
      throw new SignInRefused(403, `The sign-in provider said no: ${error.error_description ?? error.error}.`);
    throw new SignInRefused(400, `The sign-in provider's answer did not check out (${messageOf(error)}). Sign in again.`);
  }
  if (settings.role && !hasRole(claims, settings.role.claim, settings.role.required))
    throw new SignInRefused(
      403,
      `Your account does not have the role “${settings.role.required}” this Sluice requires ` +
        `(the ID token's ${settings.role.claim} claim). Ask whoever runs your sign-in provider for it.`,
    );
  return { identity: identityOf(claims), ...(typeof flow.next === 'string' ? { next: flow.next } : {}) };
}

/** The person an ID token names: its email only when the provider does not say it is unverified (admins are listed by email). */
function identityOf(claims: client.IDToken): Identity {
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);
  const email = claims.email_verified === false ? undefined : text(claims.email);
  const name = text(claims.name) ?? text(claims.preferred_username);
  return { subject: claims.sub, issuer: claims.iss, ...(email ? { email } : {}), ...(name ? { name } : {}) };
}
