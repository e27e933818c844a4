/**
 * As the server starts: opens (and migrates) the store, so the first chat does not
 * wait for it, and takes over SIGTERM/SIGINT when Next.js leaves them to us
 * (NEXT_MANUAL_SIG_HANDLE, set by `npm start`), so replies in flight are stored.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { store } = await import('./lib/server/store');
  store().catch((error: unknown) => console.error(`sluice: ${error instanceof Error ? error.message : String(error)}`));
  if (process.env.NEXT_MANUAL_SIG_HANDLE) (await import('./lib/server/shut-down')).exitOnSignals();
}
