import 'server-only';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { cache } from 'react';
import type { User } from '@/lib/api/users';
import { currentUser } from './current-user';
import { isSignInRequired } from './identity';
import { PAGE_PATH_HEADER, signInPageFor } from './return-path';

/** The page request's user, looked up once per request however many layouts and pages ask; undefined when none is signed in. */
export const signedInUser = cache(async (): Promise<User | undefined> => {
  try {
    return await currentUser(await headers());
  } catch (error) {
    if (isSignInRequired(error)) return undefined;
    throw error;
  }
});

/**
 * The signed-in user of a page, each page asking itself (never only `proxy.ts`); a
 * visitor without a valid sign-in is sent to the sign-in page, which comes back here after.
 */
export async function pageUser(): Promise<User> {
  return (await signedInUser()) ?? redirect(signInPageFor((await headers()).get(PAGE_PATH_HEADER) ?? undefined));
}
