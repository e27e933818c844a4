import 'server-only';
import { store } from './';
import type { CaptureStore } from './capture-store';

/** The server's captures, in its one store (shared through globalThis, like the store). */
export async function captureStore(): Promise<CaptureStore> {
  return (await store()).captures;
}
