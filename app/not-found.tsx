import { AppFrame } from '@/components/app-frame';
import { NotFoundPage } from '@/components/not-found-page';

/** An address that names no page: the app's own 404, in its frame, with the way back. */
export default function NotFound() {
  return (
    <AppFrame>
      <NotFoundPage title="Page not found" what="page" />
    </AppFrame>
  );
}
