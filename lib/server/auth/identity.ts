import 'server-only';
export type { Identity } from '@/lib/server/store/user-store';

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
