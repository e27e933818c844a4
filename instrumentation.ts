/**
 * As the server starts, before it answers anyone: makes a log line that cannot be written
 * (its reader gone) a line dropped, never a wedged process (lib/server/platform/safe-output.mjs);
 * checks what it serves (the allowed names, the providers file, the database, Redis) and
 * stops with a message naming the problem; starts the metrics, and the traces when a
 * collector is set (lib/server/platform/telemetry: the SDK loaded now, not on a request's
 * path); opens (and migrates) the store, so the first
 * chat does not wait for it; hands the recording proxy's lean path to Sluice's server
 * (lib/server/proxy/lean-path.ts, scripts/serve.mjs); and takes over SIGTERM/SIGINT/SIGHUP
 * under scripts/serve.mjs (Next.js installs none for a custom server), or when `next start`
 * leaves them to us (NEXT_MANUAL_SIG_HANDLE), so replies in flight are stored, stopping the
 * same way when `npm start`'s launcher is gone (scripts/start.mjs).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  (await import('./lib/server/platform/safe-output.mjs')).dropFailedWrites();
  await (await import('./lib/server/host/start-checks')).checkOrExit();
  await (await import('./lib/server/platform/telemetry')).startTelemetry();
  const { handLeanPathToServer, ownServer } = await import('./lib/server/proxy/lean-path');
  handLeanPathToServer();
  if (process.env.NEXT_MANUAL_SIG_HANDLE || ownServer()) {
    const { stopOnSignals, stopWithLauncher } = await import('./lib/server/host/shut-down');
    stopOnSignals();
    stopWithLauncher();
  }
}
