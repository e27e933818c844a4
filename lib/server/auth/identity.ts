/** Who a request comes from, as the sign-in (a proxy's assertion or headers, or Sluice's own OIDC session) says. */
export interface Identity {
  /** Stable for one person: the issuer's `sub` (or the proxy's user header), never an email that can change hands. */
  subject: string;
  /** Where the subject comes from (a JWT's issuer, `proxy-header`, an OIDC issuer): subjects are unique only within it. */
  issuer: string;
  email?: string;
  name?: string;
}

/** A request whose identity is missing or false: the reason is for the operator's log and the 401's message. */
export class SignInRequired extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'SignInRequired';
  }
}

/**
 * By name, not `instanceof`: the identifier is made once per process (on globalThis) by
 * whichever Next.js bundle asked first, and throws that bundle's class.
 */
export function isSignInRequired(error: unknown): error is SignInRequired {
  return error instanceof Error && error.name === 'SignInRequired';
}
