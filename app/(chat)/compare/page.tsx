import { CompareApp } from '@/components/compare/compare-app';
import { listPublicProviders } from '@/lib/providers/list';

export const dynamic = 'force-dynamic';

export default async function ComparePage() {
  return <CompareApp providers={await listPublicProviders()} />;
}
