import { redirect } from 'next/navigation';
import { SignInRequiredPage } from '@/components/auth/sign-in-required';
import { authMode } from '@/lib/server/auth/current-user';
import { signedInUser } from '@/lib/server/auth/page-user';

export const dynamic = 'force-dynamic';

/** Where pages send a visitor without a valid sign-in (pageUser()); anyone signed in, or any Sluice without sign-in, goes on to the app. */
export default async function SignIn() {
  const { mode } = authMode();
  if (mode === 'none' || (await signedInUser())) redirect('/');
  return <SignInRequiredPage mode={mode} />;
}
