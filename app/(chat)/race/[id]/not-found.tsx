import { NotFoundPage } from '@/components/not-found-page';

export default function RaceNotFound() {
  return <NotFoundPage title="Race not found" what="race" start={{ href: '/race', label: 'Start a new race' }} />;
}
