import { NotFoundPage } from '@/components/not-found-page';

export default function RunNotFound() {
  return <NotFoundPage title="Run not found" what="run" start={{ href: '/runs', label: 'All runs' }} />;
}
