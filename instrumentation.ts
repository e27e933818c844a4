/** Opens (and migrates) the store as the server starts, so the first chat does not wait for it. */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { store } = await import('./lib/server/store');
  store().catch((error: unknown) => console.error(`sluice: ${error instanceof Error ? error.message : String(error)}`));
}
