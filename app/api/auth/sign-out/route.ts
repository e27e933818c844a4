import { publicRoute } from '@/lib/server/host/api-route';
import { signOutAnswer } from '@/lib/server/auth/sign-in-answers';

export const dynamic = 'force-dynamic';

/** Sign out: the session ends on every instance, the cookie is cleared. Same-origin only, as every write. */
export const POST = publicRoute((request: Request) => signOutAnswer(request));
