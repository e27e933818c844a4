import 'server-only';
import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload } from 'jose';
import { SignInRequired, type Identity } from './identity';

export interface AssertionSettings {
  /** The header the proxy puts its signed assertion in (`Cf-Access-Jwt-Assertion`, `X-Goog-IAP-JWT-Assertion`, `Authorization`). */
  header: string;
  jwksUrl: string;
  issuer: string;
  audience: string;
}

/**
 * Only signatures made with a private key: a JWKS is public, so a shared-secret (HS*)
 * token "signed" with a key read from it, or an unsigned one (`alg: none`), is refused
 * before any key is tried.
 */
const ASYMMETRIC = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];
/** Clocks drift a little between the proxy and this server; an assertion is short-lived anyway. */
const CLOCK_TOLERANCE_S = 30;

/**
 * Reads the signed assertion a reverse proxy (Cloudflare Access, Google IAP,
 * oauth2-proxy) puts on each request, and checks all of it: the signature against the
 * issuer's published keys (fetched once, refetched when a token names an unknown key),
 * the issuer, the audience, and the expiry, which must be there. Anything short of that
 * is SignInRequired, saying which check failed.
 */
export function assertionReader(settings: AssertionSettings): (headers: Headers) => Promise<Identity> {
  const keys = createRemoteJWKSet(new URL(settings.jwksUrl), { timeoutDuration: 5_000, cooldownDuration: 30_000 });
  return async (headers) => {
    const token = tokenIn(headers.get(settings.header), settings.header);
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, keys, {
        issuer: settings.issuer,
        audience: settings.audience,
        algorithms: ASYMMETRIC,
        requiredClaims: ['exp', 'sub'],
        clockTolerance: CLOCK_TOLERANCE_S,
      }));
    } catch (error) {
      throw new SignInRequired(`the ${settings.header} assertion was refused: ${refusal(error)}`);
    }
    return {
      subject: payload.sub!,
      issuer: settings.issuer,
      email: typeof payload.email === 'string' ? payload.email : undefined,
      name: typeof payload.name === 'string' ? payload.name : undefined,
    };
  };
}

/** The token in the header: `Authorization` carries it as `Bearer …`, the proxies' own headers bare. */
function tokenIn(value: string | null, header: string): string {
  const token = value?.replace(/^Bearer\s+/i, '').trim();
  if (!token) throw new SignInRequired(`no ${header} assertion: the request did not come through the signing proxy`);
  return token;
}

/** Which check failed, in words (never the token itself). */
function refusal(error: unknown): string {
  if (error instanceof errors.JWTExpired) return 'it has expired';
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'iss') return 'its issuer is not the one configured (SLUICE_AUTH_ISSUER)';
    if (error.claim === 'aud') return 'its audience is not the one configured (SLUICE_AUTH_AUDIENCE)';
    return `its "${error.claim}" claim is missing or wrong`;
  }
  if (error instanceof errors.JOSEAlgNotAllowed) return 'it is not signed with a public-key algorithm';
  if (error instanceof errors.JWSSignatureVerificationFailed) return 'its signature does not verify';
  if (error instanceof errors.JWKSNoMatchingKey) return "no key of the issuer's key set matches it";
  if (error instanceof errors.JWKSTimeout || error instanceof errors.JWKSInvalid) return "the issuer's key set could not be read";
  if (error instanceof errors.JOSEError) return 'it is not a valid signed token';
  return "the issuer's key set could not be read"; // the key set's fetch failed (not a JOSE error)
}
