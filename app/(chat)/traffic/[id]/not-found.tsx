import { NotFoundPage } from '@/components/not-found-page';

export default function CaptureNotFound() {
  return <NotFoundPage title="Capture not found" what="capture" />;
}
