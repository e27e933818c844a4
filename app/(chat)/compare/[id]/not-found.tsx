import { NotFoundPage } from '@/components/not-found-page';

export default function CompareNotFound() {
  return (
    <NotFoundPage
      title="Compare session not found"
      what="compare session"
      start={{ href: '/compare', label: 'Start a new comparison' }}
    />
  );
}
