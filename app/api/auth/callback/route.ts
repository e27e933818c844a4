import { publicRoute } from '@/lib/server/host/api-route';
import { callbackAnswer } from '@/lib/server/auth/sign-in-answers';

export const dynamic = 'force-dynamic';

/** Where the provider sends the browser back: its answer checked, a session opened. */
export const GET = publicRoute((request: Request) => callbackAnswer(request));
