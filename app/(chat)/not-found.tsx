import { NotFoundPage } from '@/components/not-found-page';

/**
 * A chat page's notFound() (/admin without sign-in, say): the 404 inside the frame the
 * group's layout already gives, not the root's, which brings a frame of its own (two
 * sidebars side by side).
 */
export default function ChatNotFound() {
  return <NotFoundPage title="Page not found" what="page" />;
}
