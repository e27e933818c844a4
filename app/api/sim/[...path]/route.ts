import { publicRoute } from '@/lib/server/host/api-route';
import { handleSimulatorRequest } from '@/lib/simulator/handler';

export const dynamic = 'force-dynamic';

/** The built-in simulator upstream, served by the app itself so a fresh checkout chats offline. */
export const GET = publicRoute(handleSimulatorRequest);
export const POST = publicRoute(handleSimulatorRequest);
