import { redirect } from 'next/navigation';
import { SignInRequiredPage } from '@/components/auth/sign-in-required';
import { authMode } from '@/lib/server/auth/current-user';
import { signedInUser } from '@/lib/server/auth/page-user';
import { returnPath } from '@/lib/server/auth/return-path';

export const dynamic = 'force-dynamic';

/**
 * Where pages send a visitor without a valid sign-in (pageUser()), with the page they
 * asked for as `next`; anyone signed in, or any Sluice without sign-in, goes on to it.
 */
export default async function SignIn({ searchParams }: { searchParams: Promise<{ next?: string | string[] }> }) {
  const { next } = await searchParams;
  const back = returnPath(typeof next === 'string' ? next : undefined);
  const { mode } = authMode();
  if (mode === 'none' || (await signedInUser())) redirect(back ?? '/');
  return <SignInRequiredPage mode={mode} next={back} />;
}
