import { NotFoundPage } from '@/components/not-found-page';

export default function RunDiffNotFound() {
  return <NotFoundPage title="Run not found" what="run to diff" start={{ href: '/runs', label: 'All runs' }} />;
}
