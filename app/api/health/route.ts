import { publicRoute } from '@/lib/server/host/api-route';
import { store } from '@/lib/server/store';

export const dynamic = 'force-dynamic';

/** Ready when the store is open and migrated. */
export const GET = publicRoute(async () => {
  await store();
  return Response.json({ status: 'ok' });
});
