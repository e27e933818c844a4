import { route } from '@/lib/server/host/api-route';
import { startChat } from '@/lib/server/chat/start-chat';

export const dynamic = 'force-dynamic';

/** Starts one streamed completion; see docs/contract.md. */
export const POST = route(startChat);
