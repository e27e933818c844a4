import { NotFoundPage } from '@/components/not-found-page';

export default function CassetteNotFound() {
  return (
    <NotFoundPage title="Cassette not found" what="cassette" start={{ href: '/traffic/cassettes', label: 'See all cassettes' }} />
  );
}
