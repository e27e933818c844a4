import { publicRoute } from '@/lib/server/host/api-route';
import { signInAnswer } from '@/lib/server/auth/sign-in-answers';

export const dynamic = 'force-dynamic';

/** Sign in (SLUICE_AUTH=oidc): off to the provider, with PKCE, a state and a nonce. */
export const GET = publicRoute((request: Request) => signInAnswer(request));
