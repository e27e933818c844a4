import 'server-only';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import type { User } from '@/lib/api/users';
import { currentUser } from './current-user';
import { isSignInRequired } from './identity';

/**
 * The signed-in user of a page, each page asking itself (never only `proxy.ts`); a
 * visitor without a valid sign-in is sent to the sign-in page.
 */
export async function pageUser(): Promise<User> {
  try {
    return await currentUser(await headers());
  } catch (error) {
    if (isSignInRequired(error)) redirect('/sign-in');
    throw error;
  }
}
