import 'server-only';
import { store } from './';
import type { RunStore } from './run-store';

/** The server's agent runs, in its one store (shared through globalThis, like the store). */
export async function runStore(): Promise<RunStore> {
  return (await store()).runs;
}
