import 'server-only';
export type { Identity } from '@/lib/server/store/user-store';

/**
 * A request whose identity is missing or false: the reason is for the operator's log and
 * the 401's message, after "Sign in first:"; `whole`: a sentence said as it is (a refused token's).
 */
export class SignInRequired extends Error {
  constructor(
    reason: string,
    readonly whole = false,
  ) {
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
