import { notFound } from 'next/navigation';
import { UsageView } from '@/components/admin/usage-view';
import { pageUser } from '@/lib/server/auth/page-user';
import { store } from '@/lib/server/store';

export const dynamic = 'force-dynamic';

export const metadata = { title: 'Usage · Sluice' };

/** /admin: usage totals per user, as GET /api/admin/usage answers them; not there for anyone but an admin. */
export default async function AdminPage() {
  const user = await pageUser();
  if (!user.admin) notFound();
  return <UsageView users={await (await store()).usage.perUser()} />;
}
