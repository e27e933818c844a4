import { route } from '@/lib/server/api-route';
import { store } from '@/lib/server/store';

export const dynamic = 'force-dynamic';

export const GET = route(async () => Response.json({ conversations: await (await store()).listConversations() }));
