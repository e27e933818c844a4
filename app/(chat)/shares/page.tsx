import { SharesView } from '@/components/shares/shares-view';

export const dynamic = 'force-dynamic';

export const metadata = { title: 'Shares · Sluice' };

/** /shares: the caller's shares (read by the page through GET /api/shares). */
export default function SharesPage() {
  return <SharesView />;
}
