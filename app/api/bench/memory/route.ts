import { route } from '@/lib/server/host/api-route';
import { readVariable } from '@/lib/server/platform/environment';

export const dynamic = 'force-dynamic';

/**
 * The memory benchmark's reading of this process (bench/stream-memory.ts): full
 * collections first when the server was started with `--expose-gc`, then
 * `process.memoryUsage()`, so what is measured is what is still held. Like the bench
 * relay route, it exists only while SLUICE_BENCH_UPSTREAM is set, which only the
 * benchmark sets; it reports sizes, nothing of what is stored.
 */
export const GET = route(async (): Promise<Response> => {
  if (!readVariable('SLUICE_BENCH_UPSTREAM')) return new Response(null, { status: 404 });
  const gc = (globalThis as { gc?: () => void }).gc;
  // Twice: the first collection's finalizers can free more for the second.
  gc?.();
  gc?.();
  return Response.json({ collected: gc !== undefined, pid: process.pid, ...process.memoryUsage() });
});
