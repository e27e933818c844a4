import { notFound } from 'next/navigation';
import { UsageView } from '@/components/admin/usage-view';
import { signInRequired } from '@/lib/server/auth/current-user';
import { pageUser } from '@/lib/server/auth/page-user';
import { store } from '@/lib/server/store';

export const dynamic = 'force-dynamic';

export const metadata = { title: 'Usage · Sluice' };

/**
 * /admin: usage totals per user, as GET /api/admin/usage answers them; not there for
 * anyone but an admin, nor without sign-in, where its one row would be the implicit local user.
 */
export default async function AdminPage() {
  const user = await pageUser();
  if (!user.admin || !signInRequired()) notFound();
  return <UsageView users={await (await store()).usage.perUser()} />;
}
